import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FlowNode } from '@nuvem/contracts/workflows';
import { workspaces } from './workspaces.js';

/** A user's saved flow: the graph as validated (nodes with their configs and positions, edges). */
export const workflowFlows = pgTable(
  'workflow_flows',
  {
    id: text().primaryKey(), // flw_…
    userId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    nodes: jsonb().$type<FlowNode[]>().notNull(),
    edges: jsonb().$type<{ id: string; source: string; target: string; action: string }[]>().notNull(),
    startNodeId: text().notNull(),
    maxSteps: integer().notNull(),
    timeoutMs: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_flows_user_idx').on(t.userId, t.updatedAt)],
);

export type WorkflowFlowRow = typeof workflowFlows.$inferSelect;
