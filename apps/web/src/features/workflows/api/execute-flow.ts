import { executionSchema, type ExecuteBody, type Execution } from '@nuvem/contracts/workflows';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { guardedMlmRequest } from './mlm-request';
import { refreshRecordsAfter } from './save-flow';
import { workflowKeys } from './workflow-keys';

/** POST /api/mlm/flows/{id}/execute {input} (202): a queued run. The input is checked by the AI security layer first. */
export function executeFlow(flowId: string, body: ExecuteBody): Promise<Execution> {
  return guardedMlmRequest(['flows', flowId, 'execute'], executionSchema, { method: 'POST', body });
}

export function useExecuteFlow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flowId, input }: { flowId: string; input: string }) => executeFlow(flowId, { input }),
    onSuccess: (execution) => queryClient.setQueryData(workflowKeys.execution(execution.id), execution),
    onSettled: (_execution, error) => {
      void refreshRecordsAfter(queryClient, error);
      return queryClient.invalidateQueries({ queryKey: workflowKeys.flows });
    },
  });
}
