import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { containerKeys, containerRequest } from './container-request';

const deleteResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** DELETE /containers/{id}: removes the instance; irreversible. */
export function deleteContainer(id: string) {
  return containerRequest(`/containers/${encodeURIComponent(id)}`, deleteResponseSchema, { method: 'DELETE' });
}

export function useDeleteContainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContainer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: containerKeys.all }),
  });
}
