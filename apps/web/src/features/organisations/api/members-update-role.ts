import { memberResponseSchema, type Role } from '@nuvem/contracts/orgs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgPath, orgSettingsKeys, orgsRequest } from './org-settings-request';

/** PATCH /api/orgs/:id/members/:userId { role } -> { member } (members:manage; 409 LAST_OWNER). */
export function updateMemberRole({
  organisationId,
  userId,
  role,
}: {
  organisationId: string;
  userId: string;
  role: Role;
}) {
  return orgsRequest(orgPath(organisationId, 'members', userId), memberResponseSchema, {
    method: 'PATCH',
    body: { role },
  }).then((r) => r.member);
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberRole,
    // The caller's own role (and so what the page offers) may have changed too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgSettingsKeys.all }),
  });
}
