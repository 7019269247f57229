import { and, asc, desc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { ExecutionStep } from '@nuvem/contracts/workflows';
import type { Database } from '../../db/client.js';
import { workflowExecutionSteps } from '../../db/schema/workflow-execution-steps.js';
import { workflowExecutions, type WorkflowExecutionRow } from '../../db/schema/workflow-executions.js';
import { workflowFlows } from '../../db/schema/workflow-flows.js';
import { agentQueries } from './agents.repository.js';

export const unfinished = ['queued', 'running'];
/** A write by the worker holding claim `attempt` only (none given: any worker's). */
const heldBy = (attempt: number | undefined) =>
  attempt === undefined ? undefined : eq(workflowExecutions.attempts, attempt);

type ExecutionColumns = typeof workflowExecutions.$inferSelect;
type AgentStatsRow = Awaited<ReturnType<ReturnType<typeof agentQueries>['addAgentStats']>>[number];
/** A run's steps per agent, added to the agents' figures with the run's end (see finishExecution). */
interface RunAgentFigures {
  userId: string;
  byAgent: Parameters<ReturnType<typeof agentQueries>['addAgentStats']>[1];
}

/** The workflow_executions and workflow_execution_steps tables: runs, their steps and their lifecycle. */
export function runQueries(db: Database) {
  /** Runs' rows with their steps (one query for all of them), in the rows' order. */
  async function withSteps(rows: ExecutionColumns[]): Promise<WorkflowExecutionRow[]> {
    if (rows.length === 0) return [];
    const stepRows = await db
      .select({ executionId: workflowExecutionSteps.executionId, step: workflowExecutionSteps.step })
      .from(workflowExecutionSteps)
      .where(
        inArray(
          workflowExecutionSteps.executionId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(workflowExecutionSteps.executionId), asc(workflowExecutionSteps.index));
    const byRun = new Map<string, ExecutionStep[]>();
    for (const { executionId, step } of stepRows) {
      const list = byRun.get(executionId);
      if (list) list.push(step);
      else byRun.set(executionId, [step]);
    }
    return rows.map((row) => ({ ...row, steps: byRun.get(row.id) ?? [] }));
  }

  /**
   * Writes steps as rows: new ones appended, the row of a step that was under way replaced. Only
   * the steps given are written (the ones since the last save), never the run's whole history.
   */
  async function saveSteps(executor: Database, id: string, steps: readonly ExecutionStep[]) {
    if (steps.length === 0) return;
    await executor
      .insert(workflowExecutionSteps)
      .values(steps.map((step) => ({ executionId: id, index: step.index, step })))
      .onConflictDoUpdate({
        target: [workflowExecutionSteps.executionId, workflowExecutionSteps.index],
        set: { step: sql`excluded.step` },
      });
  }

  /** Drops the step rows from `index` on (a step that was under way when the run stopped). */
  async function dropStepsFrom(executor: Database, id: string, index: number) {
    await executor
      .delete(workflowExecutionSteps)
      .where(and(eq(workflowExecutionSteps.executionId, id), gte(workflowExecutionSteps.index, index)));
  }

  return {
    /**
     * A new queued run of the owner's flow, its graph copied from the flow in the same statement;
     * undefined when the user has no such flow.
     */
    async startExecution(values: { id: string; userId: string; flowId: string; input: string }) {
      const [row] = await db
        .insert(workflowExecutions)
        .select(
          db
            .select({
              id: sql<string>`${values.id}`.as('id'),
              userId: workflowFlows.userId,
              flowId: workflowFlows.id,
              status: sql<string>`'queued'`.as('status'),
              input: sql<string>`${values.input}`.as('input'),
              output: sql<null>`null`.as('output'),
              graph:
                sql`jsonb_build_object('nodes', ${workflowFlows.nodes}, 'startNodeId', ${workflowFlows.startNodeId}, 'maxSteps', ${workflowFlows.maxSteps}, 'timeoutMs', ${workflowFlows.timeoutMs})`.as(
                  'graph',
                ),
              store: sql`jsonb_build_object('input', ${values.input}::text)`.as('store'),
              currentNodeId: sql<null>`null`.as('current_node_id'),
              currentAgentId: sql<null>`null`.as('current_agent_id'),
              error: sql<null>`null`.as('error'),
              tokensUsed: sql<number>`0`.as('tokens_used'),
              attempts: sql<number>`0`.as('attempts'),
              createdAt: sql<Date>`now()`.as('created_at'),
              startedAt: sql<null>`null`.as('started_at'),
              finishedAt: sql<null>`null`.as('finished_at'),
            })
            .from(workflowFlows)
            .where(and(eq(workflowFlows.id, values.flowId), eq(workflowFlows.userId, values.userId))),
        )
        // The view's columns and the two the job needs, not the graph copied in (read by the run).
        .returning({
          id: workflowExecutions.id,
          flowId: workflowExecutions.flowId,
          status: workflowExecutions.status,
          input: workflowExecutions.input,
          output: workflowExecutions.output,
          currentNodeId: workflowExecutions.currentNodeId,
          error: workflowExecutions.error,
          tokensUsed: workflowExecutions.tokensUsed,
          createdAt: workflowExecutions.createdAt,
          startedAt: workflowExecutions.startedAt,
          finishedAt: workflowExecutions.finishedAt,
          startNodeId: sql<string>`${workflowExecutions.graph}->>'startNodeId'`,
          timeoutMs: sql<number>`(${workflowExecutions.graph}->>'timeoutMs')::int`,
        });
      return row ? { ...row, steps: [] as ExecutionStep[] } : undefined;
    },

    /** Whether a flow has a queued or running run (its status). */
    async flowActive(flowId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: workflowExecutions.id })
        .from(workflowExecutions)
        .where(
          and(
            eq(workflowExecutions.flowId, flowId),
            eq(workflowExecutions.userId, userId),
            inArray(workflowExecutions.status, unfinished),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async findExecution(id: string, userId: string): Promise<WorkflowExecutionRow | undefined> {
      const [row] = await db
        .select()
        .from(workflowExecutions)
        .where(and(eq(workflowExecutions.id, id), eq(workflowExecutions.userId, userId)))
        .limit(1);
      return row ? (await withSteps([row]))[0] : undefined;
    },

    /** A flow's latest runs, newest first, without their steps. */
    async listExecutions(flowId: string, userId: string, limit: number): Promise<WorkflowExecutionRow[]> {
      const rows = await db
        .select()
        .from(workflowExecutions)
        .where(and(eq(workflowExecutions.flowId, flowId), eq(workflowExecutions.userId, userId)))
        .orderBy(desc(workflowExecutions.createdAt), desc(workflowExecutions.id))
        .limit(limit);
      return rows.map((row) => ({ ...row, steps: [] }));
    },

    /**
     * Takes a run up: queued (its first time) or running (its worker died: it goes on from its saved
     * steps). Undefined when it is finished or cancelled, so a job retried after the run ended does
     * nothing.
     */
    async claimExecution(id: string): Promise<WorkflowExecutionRow | undefined> {
      const [row] = await db
        .update(workflowExecutions)
        .set({
          status: 'running',
          attempts: sql`${workflowExecutions.attempts} + 1`,
          startedAt: sql`coalesce(${workflowExecutions.startedAt}, now())`,
        })
        .where(and(eq(workflowExecutions.id, id), inArray(workflowExecutions.status, unfinished)))
        .returning();
      if (!row) return undefined;
      // Taken up for the first time: it has no steps yet (no query for them).
      if (row.attempts <= 1) return { ...row, steps: [] };
      return (await withSteps([row]))[0];
    },

    /**
     * Saves a running run's progress: its small columns and the steps since the last save (`steps`:
     * appended, or replacing the step that was under way); false when it is no longer running
     * (cancelled meanwhile), and then nothing is written.
     */
    async checkpoint(
      id: string,
      values: Pick<
        typeof workflowExecutions.$inferInsert,
        'store' | 'currentNodeId' | 'currentAgentId' | 'tokensUsed'
      > & {
        steps: readonly ExecutionStep[];
        /** The claim this worker holds (its `attempts`): a save by a worker whose run was taken over is refused. */
        attempt?: number;
      },
    ): Promise<boolean> {
      const { steps, attempt, ...columns } = values;
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(workflowExecutions)
          .set(columns)
          .where(and(eq(workflowExecutions.id, id), eq(workflowExecutions.status, 'running'), heldBy(attempt)))
          .returning({ id: workflowExecutions.id });
        if (rows.length === 0) return false;
        await saveSteps(tx, id, steps);
        return true;
      });
    },

    /**
     * Ends a running run; false when it was not running any more (cancelled meanwhile). Nothing is
     * read back: the caller holds what it wrote (a run's steps and store are most of its row).
     */
    async finishExecution(
      id: string,
      values: Pick<typeof workflowExecutions.$inferInsert, 'status' | 'output' | 'error' | 'store' | 'tokensUsed'> & {
        /** The steps since the last save. */
        steps: readonly ExecutionStep[];
        /**
         * How many steps the run ended with, when a row past them may exist (a step saved while under
         * way that never ended): it goes.
         */
        stepCount?: number;
        /** The claim this worker holds (see checkpoint). */
        attempt?: number;
        /** This worker's steps per agent: counted in the same transaction, so once with the end. */
        agents?: RunAgentFigures;
      },
    ): Promise<false | AgentStatsRow[]> {
      const { steps, stepCount, attempt, agents, ...columns } = values;
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(workflowExecutions)
          .set({ ...columns, currentNodeId: null, currentAgentId: null, finishedAt: new Date() })
          .where(and(eq(workflowExecutions.id, id), eq(workflowExecutions.status, 'running'), heldBy(attempt)))
          .returning({ id: workflowExecutions.id });
        if (rows.length === 0) return false;
        await saveSteps(tx, id, steps);
        if (stepCount !== undefined) await dropStepsFrom(tx, id, stepCount);
        return agents ? agentQueries(tx).addAgentStats(agents.userId, agents.byAgent) : [];
      });
    },

    /**
     * Whether a running run was taken up again since this worker's claim (`attempt`): its instance
     * was taken for dead (silent too long) and another took the run over from its last save.
     */
    async supersededSince(id: string, attempt: number): Promise<boolean> {
      const [row] = await db
        .select({ attempts: workflowExecutions.attempts })
        .from(workflowExecutions)
        .where(eq(workflowExecutions.id, id))
        .limit(1);
      return row !== undefined && row.attempts !== attempt;
    },

    /** Fails a run that cannot go on (interrupted too often), whatever worker held it. */
    async failUnfinished(
      id: string,
      error: { code: string; message: string; node_id: string | null },
    ): Promise<WorkflowExecutionRow | undefined> {
      const [row] = await db
        .update(workflowExecutions)
        .set({ status: 'failed', error, currentNodeId: null, currentAgentId: null, finishedAt: new Date() })
        .where(and(eq(workflowExecutions.id, id), inArray(workflowExecutions.status, unfinished)))
        .returning();
      return row ? (await withSteps([row]))[0] : undefined;
    },

    /** What a cancelled run did before it stopped, kept with it; false when nothing was written. */
    async keepCancelledProgress(
      id: string,
      values: Pick<typeof workflowExecutions.$inferInsert, 'store' | 'tokensUsed'> & {
        steps: readonly ExecutionStep[];
        stepCount: number;
        /** The claim this worker holds (see checkpoint). */
        attempt?: number;
        /** This worker's steps per agent, counted with what is kept (see finishExecution). */
        agents?: RunAgentFigures;
      },
    ): Promise<false | AgentStatsRow[]> {
      const { steps, stepCount, attempt, agents, ...columns } = values;
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(workflowExecutions)
          .set(columns)
          .where(and(eq(workflowExecutions.id, id), eq(workflowExecutions.status, 'cancelled'), heldBy(attempt)))
          .returning({ id: workflowExecutions.id });
        if (rows.length === 0) return false;
        await saveSteps(tx, id, steps);
        await dropStepsFrom(tx, id, stepCount);
        return agents ? agentQueries(tx).addAgentStats(agents.userId, agents.byAgent) : [];
      });
    },

    /** Deletes a user's finished runs past the newest `keep` (their steps go with them); how many went. */
    async pruneFinishedRuns(userId: string, keep: number): Promise<number> {
      const newest = db
        .select({ id: workflowExecutions.id })
        .from(workflowExecutions)
        .where(eq(workflowExecutions.userId, userId))
        .orderBy(desc(workflowExecutions.createdAt), desc(workflowExecutions.id))
        .limit(keep);
      const rows = await db
        .delete(workflowExecutions)
        .where(
          and(
            eq(workflowExecutions.userId, userId),
            inArray(workflowExecutions.status, ['completed', 'failed', 'cancelled']),
            notInArray(workflowExecutions.id, newest),
          ),
        )
        .returning({ id: workflowExecutions.id });
      return rows.length;
    },

    /** Who a run belongs to (a job sent before its data named the user). */
    async executionOwner(id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: workflowExecutions.userId })
        .from(workflowExecutions)
        .where(eq(workflowExecutions.id, id))
        .limit(1);
      return row?.userId;
    },

    /** Runs of any user waiting for a worker (`queued`), for the restart of a sole instance. */
    async queuedExecutionIds(): Promise<string[]> {
      const rows = await db
        .select({ id: workflowExecutions.id })
        .from(workflowExecutions)
        .where(eq(workflowExecutions.status, 'queued'));
      return rows.map((row) => row.id);
    },

    async runningExecutionIds(): Promise<string[]> {
      const rows = await db
        .select({ id: workflowExecutions.id })
        .from(workflowExecutions)
        .where(eq(workflowExecutions.status, 'running'));
      return rows.map((row) => row.id);
    },

    /** Cancels the owner's run if it is queued or running. */
    async cancelExecution(id: string, userId: string): Promise<WorkflowExecutionRow | undefined> {
      const [row] = await db
        .update(workflowExecutions)
        .set({ status: 'cancelled', currentNodeId: null, currentAgentId: null, finishedAt: new Date() })
        .where(
          and(
            eq(workflowExecutions.id, id),
            eq(workflowExecutions.userId, userId),
            inArray(workflowExecutions.status, unfinished),
          ),
        )
        .returning();
      return row ? (await withSteps([row]))[0] : undefined;
    },

    /** Cancels every unfinished run of a flow (it is being deleted); their ids. */
    async cancelFlowExecutions(flowId: string, userId: string): Promise<string[]> {
      const rows = await db
        .update(workflowExecutions)
        .set({
          status: 'cancelled',
          currentNodeId: null,
          currentAgentId: null,
          finishedAt: new Date(),
          error: { code: 'FLOW_DELETED', message: 'The flow was deleted', node_id: null },
        })
        .where(
          and(
            eq(workflowExecutions.flowId, flowId),
            eq(workflowExecutions.userId, userId),
            inArray(workflowExecutions.status, unfinished),
          ),
        )
        .returning({ id: workflowExecutions.id });
      return rows.map((row) => row.id);
    },

    /** How many runs of the user are queued or running (a budget). */
    async countUnfinished(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(workflowExecutions)
        .where(and(eq(workflowExecutions.userId, userId), inArray(workflowExecutions.status, unfinished)));
      return row?.n ?? 0;
    },
  };
}
