import { messageResponseSchema } from '@nuvem/contracts/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, applicationsRequest } from './applications-request';

/** DELETE /applications/{id}/keys/{keyId} with body { reason }: the key stops working at once. */
export function revokeApiKey({
  applicationId,
  keyId,
  reason,
}: {
  applicationId: string;
  keyId: string;
  reason?: string;
}) {
  return applicationsRequest(
    `/applications/${encodeURIComponent(applicationId)}/keys/${encodeURIComponent(keyId)}`,
    messageResponseSchema,
    { method: 'DELETE', body: reason ? { reason } : {} },
  );
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: (_data, _error, variables) =>
      queryClient.invalidateQueries({ queryKey: applicationKeys.allKeys(variables.applicationId) }),
  });
}
