import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { workflowExecutions } from '../../db/schema/workflow-executions.js';
import { workflowFlows, type WorkflowFlowRow } from '../../db/schema/workflow-flows.js';
import { unfinished } from './runs.repository.js';

/** A run as a flow's summary shows it (its latest). */
export interface ExecutionSummary {
  id: string;
  status: string;
  createdAt: Date;
  finishedAt: Date | null;
}

/** The workflow_flows table: a user's flows, and the latest run of each. */
export function flowQueries(db: Database) {
  return {
    async insertFlow(values: typeof workflowFlows.$inferInsert): Promise<WorkflowFlowRow> {
      const [row] = await db.insert(workflowFlows).values(values).returning();
      if (!row) throw new Error('the flow was not written');
      return row;
    },

    /** Replaces a flow's content (its owner's only); undefined when there is no such flow. */
    async updateFlow(
      id: string,
      userId: string,
      values: Omit<typeof workflowFlows.$inferInsert, 'id' | 'userId' | 'createdAt'>,
    ): Promise<WorkflowFlowRow | undefined> {
      const [row] = await db
        .update(workflowFlows)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(workflowFlows.id, id), eq(workflowFlows.userId, userId)))
        .returning();
      return row;
    },

    async deleteFlow(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(workflowFlows)
        .where(and(eq(workflowFlows.id, id), eq(workflowFlows.userId, userId)))
        .returning({ id: workflowFlows.id });
      return rows.length > 0;
    },

    async findFlow(id: string, userId: string): Promise<WorkflowFlowRow | undefined> {
      const [row] = await db
        .select()
        .from(workflowFlows)
        .where(and(eq(workflowFlows.id, id), eq(workflowFlows.userId, userId)))
        .limit(1);
      return row;
    },

    /** A flow's name (for the audit log), without its graph. */
    async flowName(id: string, userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ name: workflowFlows.name })
        .from(workflowFlows)
        .where(and(eq(workflowFlows.id, id), eq(workflowFlows.userId, userId)))
        .limit(1);
      return row?.name;
    },

    async listFlows(userId: string, limit: number): Promise<WorkflowFlowRow[]> {
      return db
        .select()
        .from(workflowFlows)
        .where(eq(workflowFlows.userId, userId))
        .orderBy(desc(workflowFlows.updatedAt), desc(workflowFlows.id))
        .limit(limit);
    },

    async countFlows(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(workflowFlows)
        .where(eq(workflowFlows.userId, userId));
      return row?.n ?? 0;
    },

    /** The latest execution of each of these flows, and whether one of each is queued or running. */
    async flowRunSummaries(userId: string, flowIds: string[]) {
      if (flowIds.length === 0) return new Map<string, { latest: ExecutionSummary; active: boolean }>();

      const mine = and(eq(workflowExecutions.userId, userId), inArray(workflowExecutions.flowId, flowIds));
      const [latest, active] = await Promise.all([
        db
          .selectDistinctOn([workflowExecutions.flowId], {
            flowId: workflowExecutions.flowId,
            id: workflowExecutions.id,
            status: workflowExecutions.status,
            createdAt: workflowExecutions.createdAt,
            finishedAt: workflowExecutions.finishedAt,
          })
          .from(workflowExecutions)
          .where(mine)
          .orderBy(workflowExecutions.flowId, desc(workflowExecutions.createdAt), desc(workflowExecutions.id)),
        db
          .selectDistinct({ flowId: workflowExecutions.flowId })
          .from(workflowExecutions)
          .where(and(mine, inArray(workflowExecutions.status, unfinished))),
      ]);
      const running = new Set(active.map((row) => row.flowId));
      return new Map(
        latest.map(({ flowId, ...summary }) => [flowId, { latest: summary, active: running.has(flowId) }]),
      );
    },
  };
}
