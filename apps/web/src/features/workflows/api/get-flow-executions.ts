import { executionListResponseSchema } from '@nuvem/contracts/workflows';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mlmRequest } from './mlm-request';
import { workflowKeys } from './workflow-keys';

/** GET /api/mlm/flows/{id}/executions: the flow's latest 20 runs, newest first. */
export async function getFlowExecutions(flowId: string, signal?: AbortSignal) {
  const { executions } = await mlmRequest(['flows', flowId, 'executions'], executionListResponseSchema, { signal });
  return executions;
}

export function getFlowExecutionsQueryOptions(flowId: string) {
  return queryOptions({
    queryKey: workflowKeys.flowExecutions(flowId),
    queryFn: ({ signal }) => getFlowExecutions(flowId, signal),
  });
}

export function useFlowExecutions(flowId: string | null) {
  return useQuery({ ...getFlowExecutionsQueryOptions(flowId ?? ''), enabled: flowId !== null });
}
