import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mlmRequest, noContentSchema } from './mlm-request';
import { workflowKeys } from './workflow-keys';

/** DELETE /api/mlm/flows/{id} (204): the flow and its runs. */
export function deleteFlow(id: string) {
  return mlmRequest(['flows', id], noContentSchema, { method: 'DELETE' });
}

export function useDeleteFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFlow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowKeys.flows }),
  });
}
