import { messageResponseSchema } from '@nuvem/contracts/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, applicationsRequest } from './applications-request';

/** DELETE /applications/{id}: the application goes, and its API keys stop working. */
export function deleteApplication(id: string) {
  return applicationsRequest(`/applications/${encodeURIComponent(id)}`, messageResponseSchema, { method: 'DELETE' });
}

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
