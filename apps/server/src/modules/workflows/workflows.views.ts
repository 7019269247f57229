import type { Execution, ExecutionStatus, Flow } from '@nuvem/contracts/workflows';
import type { ExecutionSummary, WorkflowExecutionRow, WorkflowFlowRow } from './workflows.repository.js';

/** A stored flow as the API shows it. */
export function toFlow(row: WorkflowFlowRow, runs: { latest: ExecutionSummary; active: boolean } | undefined): Flow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    nodes: row.nodes.map((node) => ({
      id: node.id,
      name: node.name,
      agent_id: node.agent_id,
      prep_config: node.prep_config,
      exec_config: node.exec_config,
      post_config: node.post_config,
      next_actions: node.next_actions,
      position: node.position ?? null,
    })),
    edges: row.edges,
    start_node_id: row.startNodeId,
    max_steps: row.maxSteps,
    timeout_ms: row.timeoutMs,
    status: runs?.active ? 'running' : 'idle',
    last_execution: runs
      ? {
          id: runs.latest.id,
          status: runs.latest.status as ExecutionStatus,
          created_at: runs.latest.createdAt.toISOString(),
          finished_at: runs.latest.finishedAt?.toISOString() ?? null,
        }
      : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A stored run as the API shows it. */
/** What an execution's view reads of its row (not the graph, store or attempts). */
export type ExecutionViewRow = Pick<
  WorkflowExecutionRow,
  | 'id'
  | 'flowId'
  | 'status'
  | 'input'
  | 'output'
  | 'steps'
  | 'currentNodeId'
  | 'error'
  | 'tokensUsed'
  | 'createdAt'
  | 'startedAt'
  | 'finishedAt'
>;

export function toExecution(row: ExecutionViewRow): Execution {
  return {
    id: row.id,
    flow_id: row.flowId,
    status: row.status as ExecutionStatus,
    input: row.input,
    output: row.output,
    steps: row.steps,
    current_node_id: row.currentNodeId,
    error: row.error as Execution['error'],
    tokens_used: row.tokensUsed,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
