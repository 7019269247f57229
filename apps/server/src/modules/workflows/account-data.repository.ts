import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { workflowAgentStats } from '../../db/schema/workflow-agent-stats.js';
import { workflowExecutions } from '../../db/schema/workflow-executions.js';
import { workflowFlows } from '../../db/schema/workflow-flows.js';
import { workflowKnowledge } from '../../db/schema/workflow-knowledge.js';

/** Runs in an export: the most recent ones (older ones are pruned anyway, see WORKFLOW_RUNS_KEPT). */
export const RUNS_EXPORTED = 500;

/**
 * The workflows module's part of the account export: flows, runs, the knowledge base and the
 * agents' figures. Its erasure needs no query: these rows go with the user row.
 */
export function createWorkflowsAccountDataRepository(db: Database) {
  return {
    async flowsOf(userId: string) {
      return db
        .select()
        .from(workflowFlows)
        .where(eq(workflowFlows.userId, userId))
        .orderBy(asc(workflowFlows.createdAt));
    },

    async runsOf(userId: string) {
      return db
        .select({
          id: workflowExecutions.id,
          flowId: workflowExecutions.flowId,
          status: workflowExecutions.status,
          input: workflowExecutions.input,
          output: workflowExecutions.output,
          error: workflowExecutions.error,
          tokensUsed: workflowExecutions.tokensUsed,
          createdAt: workflowExecutions.createdAt,
          startedAt: workflowExecutions.startedAt,
          finishedAt: workflowExecutions.finishedAt,
        })
        .from(workflowExecutions)
        .where(eq(workflowExecutions.userId, userId))
        .orderBy(desc(workflowExecutions.createdAt))
        .limit(RUNS_EXPORTED);
    },

    /** Runs still queued or running (to cancel before the account goes). */
    async unfinishedRunIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: workflowExecutions.id })
        .from(workflowExecutions)
        .where(and(eq(workflowExecutions.userId, userId), inArray(workflowExecutions.status, ['queued', 'running'])));
      return rows.map((row) => row.id);
    },

    async knowledgeOf(userId: string) {
      return db
        .select()
        .from(workflowKnowledge)
        .where(eq(workflowKnowledge.userId, userId))
        .orderBy(asc(workflowKnowledge.createdAt));
    },

    async agentStatsOf(userId: string) {
      return db.select().from(workflowAgentStats).where(eq(workflowAgentStats.userId, userId));
    },
  };
}
