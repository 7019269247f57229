import { describe, expect, it } from 'vitest';
import { createBusyAgents, performanceOf } from './agents.service.js';
import { createLiveRuns } from './live-runs.js';

describe('createLiveRuns', () => {
  const state = {
    id: 'exe_1',
    userId: 'usr_1',
    flowId: 'flw_1',
    input: 'hello',
    graph: { nodes: [], startNodeId: 'a', maxSteps: 10, timeoutMs: 1_000 },
    store: {},
    steps: [],
    currentNodeId: 'a',
    startedAt: new Date('2026-01-01T00:00:00Z'),
    tokensUsed: 3,
  };

  it('shows a run here as running, with the step under way, until it is removed', () => {
    const live = createLiveRuns();
    const abort = new AbortController();
    const current = { index: 0, node_id: 'a', agent_id: 'agent_business', status: 'running' } as never;
    live.add({ state, current, abort, createdAt: '2026-01-01T00:00:00.000Z' });
    expect(live.view('exe_1')).toMatchObject({
      id: 'exe_1',
      flow_id: 'flw_1',
      status: 'running',
      steps: [current],
      current_node_id: 'a',
      tokens_used: 3,
      started_at: '2026-01-01T00:00:00.000Z',
      finished_at: null,
    });
    live.abort('exe_1', 'cancelled');
    expect(abort.signal.reason).toBe('cancelled');
    live.remove('exe_1');
    expect(live.view('exe_1')).toBeUndefined();
  });

  it('aborts its shutdown signal on stopAll', () => {
    const live = createLiveRuns();
    expect(live.shutdownSignal.aborted).toBe(false);
    live.stopAll();
    expect(live.shutdownSignal.aborted).toBe(true);
  });
});

describe('createBusyAgents and performanceOf', () => {
  it('counts the steps under way per user and agent', () => {
    const busy = createBusyAgents();
    busy.start('usr_1', 'agent_a');
    busy.start('usr_1', 'agent_a');
    busy.end('usr_1', 'agent_a');
    expect(busy.isBusy('usr_1', 'agent_a')).toBe(true);
    expect(busy.isBusy('usr_2', 'agent_a')).toBe(false);
    busy.end('usr_1', 'agent_a');
    expect(busy.isBusy('usr_1', 'agent_a')).toBe(false);
  });

  it('makes figures from totals, zeros when there are none', () => {
    expect(performanceOf(undefined)).toEqual({ totalExecutions: 0, avgLatency: 0, successRate: 0 });
    expect(performanceOf({ steps: 4, succeeded: 3, totalMs: 1_001 })).toEqual({
      totalExecutions: 4,
      avgLatency: 250,
      successRate: 0.75,
    });
  });
});
