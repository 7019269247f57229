import { executionListResponseSchema } from '@nuvem/contracts/workflows';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasUnfinished } from '../lib/run-status';
import { EXECUTION_POLL_MS } from './get-execution';
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
    // Like one run: read again every second while one of them is queued or running.
    refetchInterval: (query) => (hasUnfinished(query.state.data) ? EXECUTION_POLL_MS : false),
  });
}

export function useFlowExecutions(flowId: string | null) {
  return useQuery({ ...getFlowExecutionsQueryOptions(flowId ?? ''), enabled: flowId !== null });
}
