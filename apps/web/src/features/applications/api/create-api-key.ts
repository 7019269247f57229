import { apiKeyCreatedResponseSchema, type CreateApiKeyBody } from '@nuvem/contracts/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, applicationsRequest } from './applications-request';

/** POST /applications/{id}/keys -> { success, message, apiKey: { key, name, ... } }: the key shown once. */
export function createApiKey({ applicationId, ...body }: CreateApiKeyBody & { applicationId: string }) {
  return applicationsRequest(`/applications/${encodeURIComponent(applicationId)}/keys`, apiKeyCreatedResponseSchema, {
    method: 'POST',
    body,
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSettled: (_data, _error, variables) =>
      queryClient.invalidateQueries({ queryKey: applicationKeys.allKeys(variables.applicationId) }),
  });
}
