import { executionSchema, executionStepSchema, type ExecutionStatus } from '@nuvem/contracts/workflows';
import { describe, expect, it } from 'vitest';
import { hasUnfinished, isCancellable, nodeRunStatuses } from './run-status';

const step = (node: string, status: 'running' | 'completed' | 'failed', index: number) =>
  executionStepSchema.parse({
    index,
    node_id: node,
    node_name: node,
    agent_id: 'rag',
    status,
    input: '',
    output: null,
    action: null,
    attempts: 1,
    used_fallback: false,
    started_at: '2026-03-30T10:00:00.000Z',
    duration_ms: null,
    error: null,
    citations: [],
    findings: [],
    tokens: 0,
  });

const run = (
  status: 'queued' | 'running' | 'completed' | 'failed',
  steps: ReturnType<typeof step>[],
  current: string | null,
) =>
  executionSchema.parse({
    id: 'exe_1',
    flow_id: 'flw_1',
    status,
    input: '',
    output: null,
    steps,
    current_node_id: current,
    error: null,
    tokens_used: 0,
    created_at: '2026-03-30T10:00:00.000Z',
    started_at: null,
    finished_at: null,
  });

describe('nodeRunStatuses', () => {
  it('gives each node its latest step, and the node about to run counts as running', () => {
    const statuses = nodeRunStatuses(
      run('running', [step('a', 'completed', 0), step('b', 'failed', 1), step('b', 'completed', 2)], 'c'),
    );
    expect(Object.fromEntries(statuses)).toEqual({ a: 'completed', b: 'completed', c: 'running' });
  });

  it('keeps a failed step red while the run is still winding up', () => {
    const statuses = nodeRunStatuses(run('running', [step('a', 'completed', 0), step('b', 'failed', 1)], 'b'));
    expect(Object.fromEntries(statuses)).toEqual({ a: 'completed', b: 'failed' });
  });

  it('shows nothing running once the run is finished', () => {
    const statuses = nodeRunStatuses(run('failed', [step('a', 'failed', 0)], 'a'));
    expect(Object.fromEntries(statuses)).toEqual({ a: 'failed' });
    expect(nodeRunStatuses(undefined).size).toBe(0);
  });

  it('cancels only a queued or running run', () => {
    const statuses: ExecutionStatus[] = ['queued', 'running', 'completed', 'failed', 'cancelled'];
    expect(statuses.map(isCancellable)).toEqual([true, true, false, false, false]);
  });

  it('keeps a list of runs polled while one of them is queued or running', () => {
    expect(hasUnfinished(undefined)).toBe(false);
    expect(hasUnfinished([])).toBe(false);
    expect(hasUnfinished([{ status: 'completed' }, { status: 'cancelled' }, { status: 'failed' }])).toBe(false);
    expect(hasUnfinished([{ status: 'completed' }, { status: 'queued' }])).toBe(true);
    expect(hasUnfinished([{ status: 'running' }])).toBe(true);
  });
});
