import { QueryObserver, type QueryKey } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import type { RealtimeEvent } from '@/lib/realtime';
import { firstNewsOfEnd, refreshPending, refreshSoon } from './flow-refresh';
import { workflowKeys } from './workflow-keys';
import { applyWorkflowEvent } from './workflow-realtime';

const stops: (() => void)[] = [];

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A client with the dashboard's queries in use (observed, as on the page), counting their fetches. */
function dashboardQueries() {
  const queryClient = createQueryClient();
  const fetches = new Map<string, number>();
  const watch = (key: QueryKey) => {
    const observer = new QueryObserver(queryClient, {
      queryKey: key,
      queryFn: () => {
        fetches.set(JSON.stringify(key), (fetches.get(JSON.stringify(key)) ?? 0) + 1);
        return Promise.resolve([]);
      },
      staleTime: Infinity,
    });
    stops.push(observer.subscribe(() => {}));
  };
  for (const key of [workflowKeys.flowList, workflowKeys.agents, workflowKeys.flowExecutions('flw_1')]) watch(key);
  const count = (key: QueryKey) => fetches.get(JSON.stringify(key)) ?? 0;
  /** Waits until every asked-for refresh has been made and answered. */
  const settled = () => waitFor(() => expect(refreshPending(queryClient) || queryClient.isFetching() > 0).toBe(false));
  return { queryClient, count, settled };
}

const event = (type: RealtimeEvent['type'], data: Record<string, unknown>): RealtimeEvent => ({ id: '1', type, data });

describe('applyWorkflowEvent', () => {
  it("fetches the flow list, the flow's runs and the agents once when a run ends, however many ways the end arrives", async () => {
    const { queryClient, count, settled } = dashboardQueries();
    await settled();
    expect([count(workflowKeys.flowList), count(workflowKeys.agents)]).toEqual([1, 1]);

    // What the server sends at a run's end: the run, its flow, then one event per agent it used.
    applyWorkflowEvent(
      queryClient,
      event('execution.updated', {
        id: 'exe_1',
        flow_id: 'flw_1',
        status: 'completed',
        current_node_id: null,
        steps: 3,
      }),
    );
    applyWorkflowEvent(queryClient, event('flow.updated', { flowId: 'flw_1', status: 'idle' }));
    for (const agentId of ['rag', 'business', 'marketing']) {
      applyWorkflowEvent(
        queryClient,
        event('agent.updated', {
          agentId,
          status: 'available',
          metrics: { totalExecutions: 2, avgLatency: 10, successRate: 1 },
        }),
      );
    }
    // The run panel, seeing the run finished, learns the stream already said so.
    expect(firstNewsOfEnd(queryClient, 'exe_1')).toBe(false);
    await settled();

    expect(count(workflowKeys.flowList)).toBe(2);
    expect(count(workflowKeys.flowExecutions('flw_1'))).toBe(2);
    expect(count(workflowKeys.agents)).toBe(2);
  });

  it('refreshes a step of a running run without touching the lists', async () => {
    const { queryClient, count, settled } = dashboardQueries();
    await settled();
    applyWorkflowEvent(
      queryClient,
      event('execution.updated', { id: 'exe_1', flow_id: 'flw_1', status: 'running', current_node_id: 'a', steps: 1 }),
    );
    await settled();
    expect([count(workflowKeys.flowList), count(workflowKeys.flowExecutions('flw_1'))]).toEqual([1, 1]);
  });
});

describe('refreshSoon', () => {
  it('makes a wider key cover the narrower ones asked for with it', async () => {
    const { queryClient, count, settled } = dashboardQueries();
    await settled();
    refreshSoon(queryClient, workflowKeys.flowList);
    refreshSoon(queryClient, workflowKeys.flows, workflowKeys.agents);
    refreshSoon(queryClient, workflowKeys.flowExecutions('flw_1'));
    await settled();
    expect([
      count(workflowKeys.flowList),
      count(workflowKeys.flowExecutions('flw_1')),
      count(workflowKeys.agents),
    ]).toEqual([2, 2, 2]);
  });
});
