import { agentListResponseSchema, workflowConstants, type Agent } from '@nuvem/contracts/workflows';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';
import { agentsRetryDelay, retryAgentsLoad } from '../lib/assistant';

/** GET /api/mlm/agents (signed in): the agents the assistant can talk to. */
export async function getChatAgents(signal?: AbortSignal): Promise<Agent[]> {
  // Spec 2, "Workflow service": a call that takes longer than 30 s has failed.
  const timeout = AbortSignal.timeout(workflowConstants.timeoutMs);
  const { agents } = await apiRequest(`${env.workflowsApiUrl}/agents`, agentListResponseSchema, {
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  return agents;
}

export const chatAgentsQueryKey = ['assistant', 'agents'] as const;

export function getChatAgentsQueryOptions() {
  return queryOptions({
    queryKey: chatAgentsQueryKey,
    queryFn: ({ signal }) => getChatAgents(signal),
    retry: retryAgentsLoad,
    retryDelay: agentsRetryDelay,
    staleTime: workflowConstants.staleMs,
  });
}

export function useChatAgents() {
  return useQuery(getChatAgentsQueryOptions());
}
