import { applicationResponseSchema, type UpdateApplicationBody } from '@nuvem/contracts/applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, applicationsRequest } from './applications-request';

/** PUT /applications/{id}: name, redirect URIs, allowed origins. */
export function updateApplication({ id, ...body }: UpdateApplicationBody & { id: string }) {
  return applicationsRequest(`/applications/${encodeURIComponent(id)}`, applicationResponseSchema, {
    method: 'PUT',
    body,
  }).then((r) => r.application);
}

export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
