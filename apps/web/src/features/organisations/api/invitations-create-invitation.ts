import { invitationResponseSchema, type CreateInvitationBody } from '@nuvem/contracts/orgs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orgPath, orgSettingsKeys, orgsRequest } from './org-settings-request';

/**
 * POST /api/orgs/:id/invitations { email, role } -> 201 { invitation } (members:manage; 409
 * SEATS_FULL, ALREADY_MEMBER, ALREADY_INVITED). The link is mailed, never returned.
 */
export function createInvitation({ organisationId, ...body }: CreateInvitationBody & { organisationId: string }) {
  return orgsRequest(orgPath(organisationId, 'invitations'), invitationResponseSchema, { method: 'POST', body }).then(
    (r) => r.invitation,
  );
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    // A pending invitation takes a seat: the header's figures follow the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: orgSettingsKeys.all }),
  });
}
