import type { Execution, ExecutionStep } from '@nuvem/contracts/workflows';
import type { RunState } from './engine.js';

/** A run this instance is executing now: its live state (fresher than the last checkpoint) and its abort switch. */
export interface LiveRun {
  state: RunState;
  current: ExecutionStep | null;
  abort: AbortController;
  createdAt: string;
}

export type LiveRuns = ReturnType<typeof createLiveRuns>;

/**
 * The runs this instance is executing now (the run job adds and removes them), read by the API
 * for a fresher view than the last checkpoint, and the shutdown switch that stops them all.
 */
export function createLiveRuns() {
  const runs = new Map<string, LiveRun>();
  /** Aborted on shutdown: runs stop and are taken up again after the restart. */
  const shutdown = new AbortController();

  /** A running run as the API shows it, from its live state. */
  function view(id: string): Execution | undefined {
    const entry = runs.get(id);
    if (!entry) return undefined;
    const { state, current } = entry;
    return {
      id: state.id,
      flow_id: state.flowId,
      status: 'running',
      input: state.input,
      output: null,
      steps: current ? [...state.steps, current] : [...state.steps],
      current_node_id: state.currentNodeId,
      error: null,
      tokens_used: state.tokensUsed,
      created_at: entry.createdAt,
      started_at: state.startedAt.toISOString(),
      finished_at: null,
    };
  }

  return {
    get: (id: string) => runs.get(id),
    add: (entry: LiveRun) => void runs.set(entry.state.id, entry),
    remove: (id: string) => void runs.delete(id),
    view,
    /** Stops the run if it runs here (a cancel). */
    abort(id: string, reason: string) {
      runs.get(id)?.abort.abort(reason);
    },
    shutdownSignal: shutdown.signal,
    /** Stops this instance's runs (shutdown): they are saved and taken up again after the restart. */
    stopAll() {
      shutdown.abort();
    },
  };
}
