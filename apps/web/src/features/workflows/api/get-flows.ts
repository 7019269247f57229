import { flowListResponseSchema } from '@nuvem/contracts/workflows';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardQueryPolicy } from '../lib/query-policy';
import { mlmRequest } from './mlm-request';
import { workflowKeys } from './workflow-keys';

/** GET /api/mlm/flows: the signed-in user's flows, each with its status and last run. */
export async function getFlows(signal?: AbortSignal) {
  const { flows } = await mlmRequest(['flows'], flowListResponseSchema, { signal });
  return flows;
}

export function getFlowsQueryOptions() {
  return queryOptions({
    queryKey: workflowKeys.flowList,
    queryFn: ({ signal }) => getFlows(signal),
    ...dashboardQueryPolicy,
  });
}

export function useFlows() {
  return useQuery(getFlowsQueryOptions());
}
