import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mlmRequest, noContentSchema } from './mlm-request';
import { workflowKeys } from './workflow-keys';

/** DELETE /api/mlm/knowledge/{id} (204). */
export function deleteKnowledge(id: string) {
  return mlmRequest(['knowledge', id], noContentSchema, { method: 'DELETE' });
}

export function useDeleteKnowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteKnowledge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowKeys.knowledge }),
  });
}
