import { invitationPreviewResponseSchema } from '@nuvem/contracts/orgs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspaceKeys, workspacesRequest } from './workspaces-request';

/**
 * POST /api/invitations/preview { token } -> { invitation }: the organisation, role and address
 * an invitation is for, shown before the click. A read, so it is a query (the POST keeps the token
 * out of logs and addresses).
 */
export function previewInvitation(token: string) {
  return workspacesRequest('/invitations/preview', invitationPreviewResponseSchema, {
    method: 'POST',
    body: { token },
  }).then((r) => r.invitation);
}

export function previewInvitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: workspaceKeys.invitationPreview(token),
    queryFn: () => previewInvitation(token),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useInvitationPreview(token: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...previewInvitationQueryOptions(token), enabled });
}
