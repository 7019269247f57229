import { finishedStatuses, workflowMessages, type Execution } from '@nuvem/contracts/workflows';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { EventBus } from '../../plugins/app/event-bus.js';
import type { JobQueue } from '../../plugins/app/queue.js';
import type { LiveRuns } from './live-runs.js';
import { EXECUTE_JOB } from './run-job.js';
import type { RunEvents } from './run-events.js';
import type { WorkflowsAiSecurity } from './workflows.service.js';
import type { WorkflowsRepository } from './workflows.repository.js';
import { toExecution } from './workflows.views.js';

const CANCEL_CHANNEL = 'workflows.cancel';
const MINUTE = 60_000;
const EXECUTIONS_LISTED = 20;
/** A run's job expires this long after the run's timeout (its worker died) and is taken up again. */
const EXPIRY_MARGIN_S = 15;

export interface RunsServiceDeps {
  repo: WorkflowsRepository;
  aiSecurity: Pick<WorkflowsAiSecurity, 'gate'>;
  bus: EventBus;
  queue: JobQueue;
  limiter: RateLimiter;
  live: LiveRuns;
  publish: RunEvents;
  executionsPerMinute: number;
  /** Runs of one workspace (all its members') that may be queued or running at once. */
  runsPerUser: number;
  /** True when this process is the only one on its database (PGlite): a run left `running` has no worker. */
  soleInstance: boolean;
  log: FastifyBaseLogger;
}

/**
 * Runs as the API asks for them: start one (queued on the job queue, which runs it: run-job.ts),
 * read them (live from this instance when it runs here), cancel one wherever it runs, and queue
 * again the runs a crash left behind.
 */
export function createRunsService(deps: RunsServiceDeps) {
  const { repo, aiSecurity, bus, queue, limiter, live, publish, log } = deps;

  // A cancel asked on another instance reaches the run wherever it runs.
  bus.onBroadcast(CANCEL_CHANNEL, (data) => {
    const id = (data as { id?: unknown }).id;
    if (typeof id === 'string') live.abort(id, 'cancelled');
  });

  /**
   * Starts a run of a workspace's flow (`userId` is the owner: the workspace, whose members share
   * its run slots and limits) and says the flow's name as it was run, for the audit log.
   */
  async function execute(
    userId: string,
    flowId: string,
    input: string,
  ): Promise<{ execution: Execution; flowName: string }> {
    const limit = await limiter.hit(`workflows-execute:${userId}`, deps.executionsPerMinute, MINUTE);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
    // One workspace cannot hold the instance's run slots: a few runs at once each, shared by an
    // organisation's members (the owner id is the workspace's).
    const tooManyRuns = () =>
      new AppError(
        429,
        `At most ${String(deps.runsPerUser)} runs of this workspace may wait or run at once; wait for one to finish`,
        'TOO_MANY_RUNS',
      );
    if ((await repo.countUnfinished(userId)) >= deps.runsPerUser) throw tooManyRuns();
    // Checked before anything is written; a flow that is not the caller's is a 404 below.
    await aiSecurity.gate(userId, [{ field: 'input', text: input }], { source: 'flow.execute', flowId });
    // The run and its copy of the flow's graph, in one statement, counted again under the user's
    // lock so concurrent requests cannot pass the cap.
    let inFlight = 0;
    const row = await repo.underUserLock('runs', userId, async (locked) => {
      inFlight = await locked.countUnfinished(userId);
      if (inFlight >= deps.runsPerUser) throw tooManyRuns();
      return locked.startExecution({ id: newId('execution'), userId, flowId, input });
    });
    if (!row) throw AppError.notFound(workflowMessages.flowNotFound);
    try {
      // Expires (and is taken up again) soon after the run's own timeout if its worker dies.
      await queue.send(
        EXECUTE_JOB,
        { executionId: row.id, userId },
        {
          expireInSeconds: Math.ceil(row.timeoutMs / 1000) + EXPIRY_MARGIN_S,
          // In the queue too, a user with fewer runs in flight goes before one with many.
          priority: deps.runsPerUser - inFlight,
        },
      );
    } catch (error) {
      log.error({ err: error, executionId: row.id }, 'a workflow run could not be queued');
      await repo.failUnfinished(row.id, {
        code: 'STEP_FAILED',
        message: 'The run could not be queued',
        node_id: null,
      });
      throw new AppError(503, 'The run could not be queued; try again', 'QUEUE_UNAVAILABLE');
    }
    const execution = toExecution(row);
    await publish.publishExecution(userId, {
      id: row.id,
      flow_id: flowId,
      status: 'queued',
      current_node_id: row.startNodeId,
      steps: 0,
    });
    await bus.publish(userId, 'flow.updated', { flowId, status: 'running' });
    // Deleted in the meantime: its id stands for it.
    const flowName = (await repo.flowName(flowId, userId)) ?? flowId;
    return { execution, flowName };
  }

  async function getExecution(userId: string, id: string): Promise<Execution> {
    const fresh = live.view(id);
    if (fresh && live.get(id)?.state.userId === userId) return fresh;
    const row = await repo.findExecution(id, userId);
    if (!row) throw AppError.notFound(workflowMessages.executionNotFound);
    return toExecution(row);
  }

  async function listExecutions(userId: string, flowId: string): Promise<Execution[]> {
    if (!(await repo.findFlow(flowId, userId))) throw AppError.notFound(workflowMessages.flowNotFound);
    // The list says which runs there are and how they stand; a run's steps (up to its text
    // budget each) are read one run at a time (GET /executions/{id}).
    const rows = await repo.listExecutions(flowId, userId, EXECUTIONS_LISTED);
    return rows.map((row) => ({ ...(live.view(row.id) ?? toExecution(row)), steps: [] }));
  }

  async function cancel(userId: string, id: string): Promise<Execution> {
    const row = await repo.cancelExecution(id, userId);
    if (!row) {
      const existing = await repo.findExecution(id, userId);
      if (!existing) throw AppError.notFound(workflowMessages.executionNotFound);
      if ((finishedStatuses as readonly string[]).includes(existing.status)) {
        throw new AppError(409, workflowMessages.notCancellable, 'NOT_CANCELLABLE');
      }
      return toExecution(existing);
    }
    await stopRun(userId, id, row.flowId);
    return toExecution(row);
  }

  /** A run was cancelled in the database: stop it wherever it runs, and tell the user's streams. */
  async function stopRun(userId: string, executionId: string, flowId: string) {
    live.abort(executionId, 'cancelled');
    await bus.broadcast(CANCEL_CHANNEL, { id: executionId }).catch((error: unknown) => {
      log.warn({ err: error, executionId }, 'a cancel could not be broadcast; the run stops at its next step');
    });
    await publish.publishExecution(userId, {
      id: executionId,
      flow_id: flowId,
      status: 'cancelled',
      current_node_id: null,
      steps: 0,
    });
    await publish.publishFlow(userId, flowId);
  }

  /**
   * On start: with PGlite this process is the only one on its database, so a run still `running`
   * lost its worker in a crash, and a `queued` one may have (its job was taken, not yet the run):
   * both are queued again now instead of when their jobs expire. A run that still has its job
   * gets two; the second finds it taken or finished and stops.
   */
  async function resumeOrphans(): Promise<number> {
    if (!deps.soleInstance) return 0;
    const ids = [...(await repo.runningExecutionIds()), ...(await repo.queuedExecutionIds())];
    for (const executionId of ids) await queue.send(EXECUTE_JOB, { executionId });
    return ids.length;
  }

  return { execute, getExecution, listExecutions, cancel, stopRun, resumeOrphans };
}
