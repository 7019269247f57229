import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ExecutionStep, FlowNode } from '@nuvem/contracts/workflows';
import { workspaces } from './workspaces.js';

/**
 * One run of a flow. The flow's graph is copied in when the run is asked for, so an edit or a
 * deletion of the flow never changes a run under way. `store` is the run's shared store (what prep
 * reads and post writes), written with each step's row (workflow_execution_steps), so a run taken
 * over after a restart goes on from its last finished step.
 */
export const workflowExecutions = pgTable(
  'workflow_executions',
  {
    id: text().primaryKey(), // exe_…
    userId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Not a foreign key: a run outlives its flow's deletion (it is cancelled, and kept). */
    flowId: text().notNull(),
    status: text().notNull(), // queued | running | completed | failed | cancelled
    input: text().notNull(),
    output: text(),
    graph: jsonb().$type<{ nodes: FlowNode[]; startNodeId: string; maxSteps: number; timeoutMs: number }>().notNull(),
    store: jsonb().$type<Record<string, string>>().notNull(),
    currentNodeId: text(),
    /** The agent of the step running now: an agent is busy while one of its steps runs. */
    currentAgentId: text(),
    error: jsonb().$type<{ code: string; message: string; node_id: string | null }>(),
    tokensUsed: integer().notNull().default(0),
    /** How many times a worker took the run up (a restart makes it more than one). */
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('workflow_executions_flow_idx').on(t.flowId, t.createdAt),
    index('workflow_executions_user_status_idx').on(t.userId, t.status),
  ],
);

/** A run's row with its steps (read from workflow_execution_steps, in order). */
export type WorkflowExecutionRow = typeof workflowExecutions.$inferSelect & { steps: ExecutionStep[] };
