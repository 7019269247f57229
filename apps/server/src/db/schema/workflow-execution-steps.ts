import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { ExecutionStep } from '@nuvem/contracts/workflows';
import { workflowExecutions } from './workflow-executions.js';

/**
 * The steps of a run, one row each, written as they happen: saving a step appends its row (or
 * replaces the row of the step that was under way), so a checkpoint costs the same at step 200 as
 * at step 2, whatever the run's history holds.
 */
export const workflowExecutionSteps = pgTable(
  'workflow_execution_steps',
  {
    executionId: text()
      .notNull()
      .references(() => workflowExecutions.id, { onDelete: 'cascade' }),
    /** The step's place in its run (ExecutionStep.index). */
    index: integer().notNull(),
    step: jsonb().$type<ExecutionStep>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.executionId, t.index] })],
);
