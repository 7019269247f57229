import { apiKeyCreatedResponseSchema } from '@nuvem/contracts/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, applicationsRequest } from './applications-request';

/** POST /applications/{id}/keys/{keyId}/rotate -> { success, message, apiKey }: old key revoked, new one shown once. */
export function rotateApiKey({ applicationId, keyId }: { applicationId: string; keyId: string }) {
  return applicationsRequest(
    `/applications/${encodeURIComponent(applicationId)}/keys/${encodeURIComponent(keyId)}/rotate`,
    apiKeyCreatedResponseSchema,
    { method: 'POST' },
  );
}

export function useRotateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateApiKey,
    onSettled: (_data, _error, variables) =>
      queryClient.invalidateQueries({ queryKey: applicationKeys.allKeys(variables.applicationId) }),
  });
}
