import { finishedStatuses, type Execution, type ExecutionStatus } from '@nuvem/contracts/workflows';

export type NodeRunStatus = 'running' | 'completed' | 'failed';

export function isFinished(status: ExecutionStatus): boolean {
  return finishedStatuses.includes(status);
}

/** Whether a run can still be cancelled (spec: while queued or running). */
export function isCancellable(status: ExecutionStatus): boolean {
  return !isFinished(status);
}

/**
 * Whether a list of runs holds one still queued or running: the list is read again until none is,
 * so a run's Cancel button goes when the run ends even while the live stream is down (and stays
 * while it runs).
 */
export function hasUnfinished(runs: readonly Pick<Execution, 'status'>[] | undefined): boolean {
  return runs?.some((run) => !isFinished(run.status)) ?? false;
}

/**
 * How each node of a run is doing, for the canvas: its latest step's status (a node run twice on a
 * cycle shows its last run); the node the run is about to start (again) counts as running, unless
 * its step failed.
 */
export function nodeRunStatuses(execution: Execution | undefined): ReadonlyMap<string, NodeRunStatus> {
  const statuses = new Map<string, NodeRunStatus>();
  if (!execution) return statuses;
  for (const step of execution.steps) statuses.set(step.node_id, step.status);
  const current = execution.current_node_id;
  if (current && !isFinished(execution.status) && statuses.get(current) !== 'failed') {
    statuses.set(current, 'running');
  }
  return statuses;
}
