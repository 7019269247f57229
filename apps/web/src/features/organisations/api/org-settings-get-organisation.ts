import { workspaceResponseSchema } from '@nuvem/contracts/orgs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orgPath, orgSettingsKeys, orgsRequest } from './org-settings-request';

/** GET /api/orgs/:id -> { workspace }: its name, plan, seats, and the caller's role and permissions there. */
export function getOrganisation(organisationId: string) {
  return orgsRequest(orgPath(organisationId), workspaceResponseSchema).then((r) => r.workspace);
}

export function getOrganisationQueryOptions(organisationId: string) {
  return queryOptions({
    queryKey: orgSettingsKeys.organisation(organisationId),
    queryFn: () => getOrganisation(organisationId),
  });
}

export function useOrganisation(organisationId: string) {
  return useQuery(getOrganisationQueryOptions(organisationId));
}
