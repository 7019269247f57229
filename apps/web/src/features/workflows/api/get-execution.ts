import { executionSchema } from '@nuvem/contracts/workflows';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isFinished } from '../lib/run-status';
import { mlmRequest } from './mlm-request';
import { workflowKeys } from './workflow-keys';

/** While a run is not finished it is read again every second, in case the live stream is down. */
export const EXECUTION_POLL_MS = 1_000;

/** GET /api/mlm/executions/{id}: one run with its steps. */
export function getExecution(id: string, signal?: AbortSignal) {
  return mlmRequest(['executions', id], executionSchema, { signal });
}

export function getExecutionQueryOptions(id: string) {
  return queryOptions({
    queryKey: workflowKeys.execution(id),
    queryFn: ({ signal }) => getExecution(id, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isFinished(status) ? false : EXECUTION_POLL_MS;
    },
  });
}

export function useExecution(id: string | null) {
  return useQuery({ ...getExecutionQueryOptions(id ?? ''), enabled: id !== null });
}
