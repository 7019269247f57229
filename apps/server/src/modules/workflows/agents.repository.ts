import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { workflowAgentStats } from '../../db/schema/workflow-agent-stats.js';
import { workflowExecutions } from '../../db/schema/workflow-executions.js';

/** The workflow_agent_stats table (each agent's figures per user) and which agents are at work now. */
export function agentQueries(db: Database) {
  return {
    /** Adds a finished run's steps to each agent's figures (one statement for all its agents). */
    async addAgentStats(
      userId: string,
      byAgent: { agentId: string; steps: number; succeeded: number; totalMs: number }[],
    ) {
      if (byAgent.length === 0) return [];
      return db
        .insert(workflowAgentStats)
        .values(byAgent.map((entry) => ({ userId, ...entry })))
        .onConflictDoUpdate({
          target: [workflowAgentStats.userId, workflowAgentStats.agentId],
          set: {
            steps: sql`${workflowAgentStats.steps} + excluded.steps`,
            succeeded: sql`${workflowAgentStats.succeeded} + excluded.succeeded`,
            totalMs: sql`${workflowAgentStats.totalMs} + excluded.total_ms`,
          },
        })
        .returning();
    },

    async agentStats(userId: string) {
      return db.select().from(workflowAgentStats).where(eq(workflowAgentStats.userId, userId));
    },

    /** The agents running a step of one of the user's runs now (any instance). */
    async busyAgents(userId: string): Promise<Set<string>> {
      const rows = await db
        .selectDistinct({ agentId: workflowExecutions.currentAgentId })
        .from(workflowExecutions)
        .where(and(eq(workflowExecutions.userId, userId), eq(workflowExecutions.status, 'running')));
      return new Set(rows.flatMap((row) => (row.agentId ? [row.agentId] : [])));
    },
  };
}
