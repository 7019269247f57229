import { invitationsResponseSchema } from '@nuvem/contracts/orgs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orgPath, orgSettingsKeys, orgsRequest } from './org-settings-request';

/** GET /api/orgs/:id/invitations -> { invitations } (pending only; members:read). */
export function getInvitations(organisationId: string) {
  return orgsRequest(orgPath(organisationId, 'invitations'), invitationsResponseSchema).then((r) => r.invitations);
}

export function getInvitationsQueryOptions(organisationId: string) {
  return queryOptions({
    queryKey: orgSettingsKeys.invitations(organisationId),
    queryFn: () => getInvitations(organisationId),
  });
}

export function useInvitations(organisationId: string) {
  return useQuery(getInvitationsQueryOptions(organisationId));
}
