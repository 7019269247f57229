import { integer, bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/**
 * Each agent's figures per user, kept as the steps finish (one row update per step) so the agent
 * cards read three numbers instead of scanning every stored execution: steps run, steps that
 * succeeded, and the sum of their durations.
 */
export const workflowAgentStats = pgTable(
  'workflow_agent_stats',
  {
    userId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    agentId: text().notNull(),
    steps: integer().notNull().default(0),
    succeeded: integer().notNull().default(0),
    totalMs: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.agentId] })],
);
