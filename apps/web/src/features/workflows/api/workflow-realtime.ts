import {
  agentUpdatedEventSchema,
  executionUpdatedEventSchema,
  flowUpdatedEventSchema,
  type Agent,
} from '@nuvem/contracts/workflows';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtimeClient, type RealtimeEvent } from '@/lib/realtime';
import { isFinished } from '../lib/run-status';
import { firstNewsOfEnd, refreshSoon } from './flow-refresh';
import { workflowKeys } from './workflow-keys';

/**
 * What an event of the workflow service changes (spec 2, "Realtime"): an agent's status and
 * figures, a flow's status, a run's progress. A run that ended (spec 4: completed or failed; a
 * cancelled one too) also refreshes its flow (status, last run, its runs) and the agents' figures,
 * once however many ways its end arrives (`flow-refresh.ts`).
 */
export function applyWorkflowEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  if (event.type === 'agent.updated') {
    const update = agentUpdatedEventSchema.safeParse(event.data);
    if (!update.success) return;
    const { agentId, status, metrics } = update.data;
    // Shown at once; the list is fetched again for the rest of what changed.
    queryClient.setQueryData<Agent[]>(workflowKeys.agents, (agents) =>
      agents?.map((agent) => (agent.id === agentId ? { ...agent, status, performance: metrics } : agent)),
    );
    // A run's end sends one of these per agent it used: the list is fetched once for all of them.
    refreshSoon(queryClient, workflowKeys.agents);
  } else if (event.type === 'flow.updated') {
    if (!flowUpdatedEventSchema.safeParse(event.data).success) return;
    refreshSoon(queryClient, workflowKeys.flowList);
  } else if (event.type === 'execution.updated') {
    const update = executionUpdatedEventSchema.safeParse(event.data);
    if (!update.success) return;
    const { id, flow_id: flowId, status } = update.data;
    // A step's event: read the run again unless a read is already under way (a loop's steps come
    // faster than a long run is read; its own polling catches up), and leave the list of runs to
    // its polling. A change of status is read at once.
    const step = status === 'running';
    void queryClient.invalidateQueries({ queryKey: workflowKeys.execution(id) }, { cancelRefetch: !step });
    if (isFinished(status)) {
      // The flow's list entry, its runs and the agents' figures, once with the flow's own event
      // and the run panel's (which then knows this run's end was heard).
      if (firstNewsOfEnd(queryClient, id)) {
        refreshSoon(queryClient, workflowKeys.flowList, workflowKeys.flowExecutions(flowId), workflowKeys.agents);
      }
    } else if (!step) {
      void queryClient.invalidateQueries({ queryKey: workflowKeys.flowExecutions(flowId) });
    }
  }
}

/** Keeps the dashboard's queries current from the app's live stream while the dashboard is open. */
export function useWorkflowRealtime(): void {
  const client = useRealtimeClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!client) return;
    return client.listen((event) => applyWorkflowEvent(queryClient, event));
  }, [client, queryClient]);
}
