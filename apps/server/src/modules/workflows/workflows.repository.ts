import type { Database } from '../../db/client.js';
import { lockUserFor } from '../../db/user-lock.js';
import { agentQueries } from './agents.repository.js';
import { flowQueries } from './flows.repository.js';
import { knowledgeQueries } from './knowledge.repository.js';
import { runQueries } from './runs.repository.js';

export type { WorkflowExecutionRow } from '../../db/schema/workflow-executions.js';
export type { WorkflowFlowRow } from '../../db/schema/workflow-flows.js';
export type { ExecutionSummary } from './flows.repository.js';

/** The workflows module's SQL: only this module reads and writes the workflow_* tables. */
export function createWorkflowsRepository(db: Database) {
  return {
    ...workflowQueries(db),

    /**
     * Runs `work` in one transaction holding the user's lock for `area`: a cap counted and the row
     * it guards written by `work` cannot be raced by the same user's concurrent requests.
     */
    async underUserLock<T>(area: string, userId: string, work: (locked: WorkflowQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await lockUserFor(tx, `workflows:${area}`, userId);
        return work(workflowQueries(tx));
      });
    },
  };
}

type WorkflowQueries = ReturnType<typeof workflowQueries>;

/** Every query of the module, on the database or on one transaction: one file per table group. */
function workflowQueries(db: Database) {
  return { ...flowQueries(db), ...runQueries(db), ...agentQueries(db), ...knowledgeQueries(db) };
}

export type WorkflowsRepository = ReturnType<typeof createWorkflowsRepository>;
