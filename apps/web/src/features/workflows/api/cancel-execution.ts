import { executionSchema } from '@nuvem/contracts/workflows';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshSoon } from './flow-refresh';
import { mlmRequest } from './mlm-request';
import { workflowKeys } from './workflow-keys';

/** POST /api/mlm/executions/{id}/cancel: stops a queued or running run. */
export function cancelExecution(id: string) {
  return mlmRequest(['executions', id, 'cancel'], executionSchema, { method: 'POST' });
}

export function useCancelExecution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelExecution,
    onSuccess: (execution) => queryClient.setQueryData(workflowKeys.execution(execution.id), execution),
    onSettled: (_execution, _error, id) => {
      // The flow list with the run's own events (a cancel's reply and its events come together).
      refreshSoon(queryClient, workflowKeys.flows);
      return queryClient.invalidateQueries({ queryKey: workflowKeys.execution(id) });
    },
  });
}
