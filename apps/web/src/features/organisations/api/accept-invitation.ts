import { acceptInvitationResponseSchema } from '@nuvem/contracts/orgs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addToWorkspaceList } from './create-organisation';
import { workspaceKeys, workspacesRequest } from './workspaces-request';

/**
 * POST /api/invitations/accept { token } -> { workspace }: joins the organisation (signed in, with
 * the invitation's address verified: 403 INVITATION_OTHER_ADDRESS / EMAIL_NOT_VERIFIED; 400
 * INVITATION_INVALID; 409 SEATS_FULL).
 */
export function acceptInvitation(token: string) {
  return workspacesRequest('/invitations/accept', acceptInvitationResponseSchema, {
    method: 'POST',
    body: { token },
  }).then((r) => r.workspace);
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (workspace) => addToWorkspaceList(queryClient, workspace),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.list }),
  });
}
