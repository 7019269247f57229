import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedResponseSchema, orgPath, orgSettingsKeys, orgsRequest } from './org-settings-request';
import { workspaceKeys } from './workspaces-request';

/**
 * DELETE /api/orgs/:id/members/:userId -> { success } (members:manage, or anyone on themself: leave).
 * The last owner cannot go: 409 LAST_OWNER.
 */
export function removeMember({ organisationId, userId }: { organisationId: string; userId: string }) {
  return orgsRequest(orgPath(organisationId, 'members', userId), deletedResponseSchema, { method: 'DELETE' });
}

/** Removes another member: the members, the seats and the audit log follow. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgSettingsKeys.all }),
  });
}

/**
 * Leaves the organisation. Only the list of workspaces is refreshed: this organisation's own
 * queries would now answer 404, and the page that asked goes away (the caller navigates).
 */
export function useLeaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: workspaceKeys.leaving,
    mutationFn: removeMember,
    onSuccess: (_data, { organisationId }) => {
      queryClient.removeQueries({ queryKey: orgSettingsKeys.organisation(organisationId), type: 'inactive' });
      return queryClient.invalidateQueries({
        queryKey: orgSettingsKeys.all,
        predicate: (query) => query.queryKey[1] !== organisationId,
      });
    },
  });
}
