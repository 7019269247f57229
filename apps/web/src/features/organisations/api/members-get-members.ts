import { membersResponseSchema } from '@nuvem/contracts/orgs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orgPath, orgSettingsKeys, orgsRequest } from './org-settings-request';

/** GET /api/orgs/:id/members -> { members } (members:read). */
export function getMembers(organisationId: string) {
  return orgsRequest(orgPath(organisationId, 'members'), membersResponseSchema).then((r) => r.members);
}

export function getMembersQueryOptions(organisationId: string) {
  return queryOptions({
    queryKey: orgSettingsKeys.members(organisationId),
    queryFn: () => getMembers(organisationId),
  });
}

export function useMembers(organisationId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMembersQueryOptions(organisationId), enabled });
}
