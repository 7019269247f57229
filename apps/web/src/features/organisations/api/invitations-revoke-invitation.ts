import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedResponseSchema, orgPath, orgSettingsKeys, orgsRequest } from './org-settings-request';

/** DELETE /api/orgs/:id/invitations/:invitationId -> { success }: the link stops working, the seat is freed. */
export function revokeInvitation({ organisationId, invitationId }: { organisationId: string; invitationId: string }) {
  return orgsRequest(orgPath(organisationId, 'invitations', invitationId), deletedResponseSchema, { method: 'DELETE' });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgSettingsKeys.all }),
  });
}
