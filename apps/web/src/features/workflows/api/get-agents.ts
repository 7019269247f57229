import { agentListResponseSchema } from '@nuvem/contracts/workflows';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardQueryPolicy } from '../lib/query-policy';
import { mlmRequest } from './mlm-request';
import { workflowKeys } from './workflow-keys';

/** GET /api/mlm/agents: the registry's agents with their status and performance. */
export async function getAgents(signal?: AbortSignal) {
  const { agents } = await mlmRequest(['agents'], agentListResponseSchema, { signal });
  return agents;
}

export function getAgentsQueryOptions() {
  return queryOptions({
    queryKey: workflowKeys.agents,
    queryFn: ({ signal }) => getAgents(signal),
    ...dashboardQueryPolicy,
  });
}

export function useAgents() {
  return useQuery(getAgentsQueryOptions());
}
