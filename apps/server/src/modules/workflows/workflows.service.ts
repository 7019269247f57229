import {
  finishedStatuses,
  flowLimits,
  knowledgeLimits,
  workflowMessages,
  type Agent,
  type ChatResponse,
  type Execution,
  type ExecutionStep,
  type Flow,
  type KnowledgeDocument,
  type KnowledgeHandling,
  type ParsedFlowBody,
} from '@nuvem/contracts/workflows';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { EventBus } from '../../plugins/app/events.js';
import type { JobContext, JobQueue } from '../../plugins/app/queue.js';
import type { AiSecurityService } from '../ai-security/ai-security.service.js';
import { RunInterrupted, runFlow, type RunEnd, type RunState } from './engine.js';
import { FairSlots, type Slot } from './fair-slots.js';
import { buildFlowGraph } from './flow-graph.js';
import { createScanCache, scanDocument, toKnowledgeDocument } from './knowledge-security.js';
import type { AgentDefinition, AgentRuntime, ConversationTurn } from './runtime/agent-runtime.js';
import { quoteAsData, withoutQuotedData } from './runtime/quoted-data.js';
import type { WorkflowsRepository } from './workflows.repository.js';
import { toExecution, toFlow } from './workflows.views.js';

export const EXECUTE_JOB = 'workflows.execute';
const CANCEL_CHANNEL = 'workflows.cancel';
const MINUTE = 60_000;
/** A run taken up this many times (each a restart mid-run) is failed instead of tried again. */
const MAX_ATTEMPTS = 3;
/** A running run's progress is saved at most this often (and always at its end). */
const CHECKPOINT_MS = 100;
const EXECUTIONS_LISTED = 20;
/**
 * How long a run keeps its slot while another user's run waits for one (it gives it back between
 * two steps, then waits its turn again).
 */
export const RUN_SLICE_MS = 200;
/**
 * Runs an instance takes from the queue per slot: they wait on this instance for a slot, in their
 * users' turns (FairSlots), instead of in the queue's order of arrival. A few per slot, so that one
 * instance does not take the work other instances could do.
 */
const WAITING_RUNS_PER_SLOT = 4;
/** A run that waited for a slot this close to its job's expiry goes back to the queue instead. */
const WAIT_MARGIN_MS = 5_000;
/** Flow saves (each checks up to 200 texts) and knowledge documents one user may send a minute. */
const SAVES_PER_MINUTE = 30;
const DOCUMENTS_PER_MINUTE = 30;
/** The spec's workflow timeout, for one chat answer. */
const CHAT_TIMEOUT_MS = 30_000;
/** A run's job expires this long after the run's timeout (its worker died) and is taken up again. */
const EXPIRY_MARGIN_S = 15;

/** Token accounting of `llm` runs, from billing. */
export interface TokenAccount {
  hasBalance(userId: string): Promise<boolean>;
  record(userId: string, tokens: number, source: 'workflow' | 'chat', ref: string): Promise<void>;
}

export interface WorkflowsServiceDeps {
  repo: WorkflowsRepository;
  runtime: AgentRuntime;
  agents: AgentDefinition[];
  aiSecurity: Pick<AiSecurityService, 'gate' | 'scanOutput' | 'scanMaterial' | 'answers' | 'redact'>;
  events: EventBus;
  queue: JobQueue;
  limiter: RateLimiter;
  tokens: TokenAccount;
  executionsPerMinute: number;
  /** Runs one instance takes at once. */
  concurrency: number;
  /** Runs of one user that may be queued or running at once. */
  runsPerUser: number;
  /** Finished runs kept per user: older ones go (with their steps) when one ends. */
  runsKept: number;
  /** True when this process is the only one on its database (PGlite): a run left `running` has no worker. */
  soleInstance: boolean;
  log: FastifyBaseLogger;
}

/**
 * The workflow service: the agents registry and their figures, flows (validated graphs), runs on
 * the job queue with the engine, cancellation, the rag agent's knowledge base, and the realtime
 * events (agent.updated, flow.updated, execution.updated) of every change.
 */
/** Characters of knowledge scanned a minute per user: this many units of SCAN_UNIT_CHARS (2 M). */
const SCAN_UNIT_CHARS = 25_000;
const SCAN_UNITS_PER_MINUTE = 80;

export function createWorkflowsService(deps: WorkflowsServiceDeps) {
  const { repo, runtime, agents, aiSecurity, events, queue, limiter, tokens, log } = deps;
  const agentsById = new Map(agents.map((agent) => [agent.id, agent]));
  /** Earlier answers come back with every message: each is scanned (and recorded) once. */
  const scanHistory = createScanCache(aiSecurity.scanMaterial, 500);
  /** Runs this instance is executing now: their live state (fresher than the last checkpoint) and their abort switch. */
  const live = new Map<
    string,
    { state: RunState; current: ExecutionStep | null; abort: AbortController; createdAt: string }
  >();
  /** Aborted on shutdown: runs stop and are taken up again after the restart. */
  const shutdown = new AbortController();
  /** The instance's run slots, shared fairly between users. */
  const slots = new FairSlots(deps.concurrency, RUN_SLICE_MS);
  /** Runs this instance has taken up (claimed, or about to be). */
  const taken = new Set<string>();

  // A cancel asked on another instance reaches the run wherever it runs.
  events.onBroadcast(CANCEL_CHANNEL, (data) => {
    const id = (data as { id?: unknown }).id;
    if (typeof id === 'string') live.get(id)?.abort.abort('cancelled');
  });

  async function publishExecution(
    userId: string,
    execution: { id: string; flow_id: string; status: string; current_node_id: string | null; steps: number },
  ) {
    await events.publish(userId, 'execution.updated', execution);
  }

  async function publishFlow(userId: string, flowId: string) {
    const active = await repo.flowActive(flowId, userId);
    await events.publish(userId, 'flow.updated', { flowId, status: active ? 'running' : 'idle' });
  }

  /** Runs of each user on this instance that have a step of each agent under way. */
  const busyHere = new Map<string, number>();
  const busyKey = (userId: string, agentId: string) => `${userId}\u0000${agentId}`;

  async function agentViews(userId: string): Promise<Agent[]> {
    const [stats, busy, health] = await Promise.all([
      repo.agentStats(userId),
      repo.busyAgents(userId),
      runtime.health(),
    ]);
    const byAgent = new Map(stats.map((row) => [row.agentId, row]));
    return agents.map((agent) => {
      const row = byAgent.get(agent.id);
      return {
        id: agent.id,
        name: agent.name,
        description: agent.description,
        type: agent.type,
        // Busy while a step of it runs for the user: here (known at once) or on another instance
        // (from the runs' saved state).
        status: !health.ok
          ? 'offline'
          : busy.has(agent.id) || (busyHere.get(busyKey(userId, agent.id)) ?? 0) > 0
            ? 'busy'
            : 'available',
        performance: performanceOf(row),
        driver: runtime.driver,
        model: runtime.model,
        status_reason: health.ok ? null : (health.reason ?? 'The model endpoint does not answer'),
      };
    });
  }

  /** agent.updated for the agents a run used, with their figures as the run left them. */
  async function publishAgents(
    userId: string,
    stats: { agentId: string; steps: number; succeeded: number; totalMs: number }[],
  ) {
    for (const row of stats) {
      await events.publish(userId, 'agent.updated', {
        agentId: row.agentId,
        status: (busyHere.get(busyKey(userId, row.agentId)) ?? 0) > 0 ? 'busy' : 'available',
        metrics: performanceOf(row),
      });
    }
  }

  /** The graph to store, or a 400 naming the node. */
  function validGraph(body: ParsedFlowBody) {
    const built = buildFlowGraph(body, (id) => agentsById.has(id));
    if ('problem' in built) {
      const error = new AppError(
        400,
        built.problem.message,
        'INVALID_FLOW',
        {},
        {
          details: [{ path: built.problem.path, message: built.problem.message }],
        },
      );
      throw error;
    }
    return built.graph;
  }

  /** Every text of a flow the AI security layer checks before it is saved. */
  function flowTexts(body: ParsedFlowBody) {
    return [
      { field: 'name', text: body.name, label: true },
      { field: 'description', text: body.description },
      ...body.nodes.flatMap((node, i) => [
        { field: `nodes.${String(i)}.name`, text: node.name, label: true },
        { field: `nodes.${String(i)}.prep_config.template`, text: node.prep_config.template ?? '' },
        { field: `nodes.${String(i)}.exec_config.instructions`, text: node.exec_config.instructions ?? '' },
        { field: `nodes.${String(i)}.exec_config.fallback`, text: node.exec_config.fallback ?? '' },
      ]),
    ];
  }

  async function flowView(userId: string, row: Parameters<typeof toFlow>[0]): Promise<Flow> {
    const runs = await repo.flowRunSummaries(userId, [row.id]);
    return toFlow(row, runs.get(row.id));
  }

  function liveView(id: string): Execution | undefined {
    const entry = live.get(id);
    if (!entry) return undefined;
    const { state, current } = entry;
    return {
      id: state.id,
      flow_id: state.flowId,
      status: 'running',
      input: state.input,
      output: null,
      steps: current ? [...state.steps, current] : [...state.steps],
      current_node_id: state.currentNodeId,
      error: null,
      tokens_used: state.tokensUsed,
      created_at: entry.createdAt,
      started_at: state.startedAt.toISOString(),
      finished_at: null,
    };
  }

  /**
   * Runs one execution (the job's handler): waits for a slot in its user's turn, takes the run up,
   * runs the engine, saves and publishes how it ended.
   */
  async function runExecution(data: { executionId: string; userId?: string }, job: JobContext): Promise<void> {
    const { executionId } = data;
    const owner = data.userId ?? (await repo.executionOwner(executionId));
    if (!owner) return; // gone (its user deleted)
    // Waits for a slot at most until shortly before its job expires; then it goes back to the
    // queue (a new job) instead of expiring, which would count as a restart.
    const waitMs = job.expiresAt - Date.now() - WAIT_MARGIN_MS;
    const waitLimit = AbortSignal.timeout(Math.max(0, waitMs));
    let slot: Slot;
    try {
      slot = await slots.acquire(owner, AbortSignal.any([job.signal, waitLimit]));
    } catch (error) {
      if (job.signal.aborted || !waitLimit.aborted) throw error;
      await queue.send(EXECUTE_JOB, { executionId, userId: owner }, { expireInSeconds: job.expireInSeconds });
      return;
    }
    // A second job for a run this instance already works on (one sent again at a restart) stops here.
    if (taken.has(executionId)) {
      slots.release(slot);
      return;
    }
    taken.add(executionId);
    try {
      await runClaimed(
        executionId,
        job,
        () => slot,
        (next) => (slot = next),
      );
    } finally {
      taken.delete(executionId);
      slots.release(slot);
    }
  }

  async function runClaimed(
    executionId: string,
    job: JobContext,
    getSlot: () => Slot,
    setSlot: (slot: Slot) => void,
  ): Promise<void> {
    const row = await repo.claimExecution(executionId);
    if (!row) return; // finished or cancelled meanwhile: nothing to do
    const userId = row.userId;
    // Taken up again after its worker stopped: too often, or with its time already spent, it ends
    // here, clearly, instead of running on (or hanging in `running`).
    const resumed = row.attempts > 1;
    const expired = row.startedAt !== null && Date.now() >= row.startedAt.getTime() + row.graph.timeoutMs;
    if (resumed && (row.attempts > MAX_ATTEMPTS || expired)) {
      const failed = await repo.failUnfinished(row.id, {
        code: 'INTERRUPTED',
        message: expired
          ? 'The run was interrupted by a server restart and its time ran out; run it again'
          : `The run was interrupted ${String(row.attempts - 1)} times by server restarts and was stopped`,
        node_id: row.currentNodeId,
      });
      if (failed)
        await afterEnd(
          userId,
          { id: failed.id, flowId: failed.flowId, status: failed.status, steps: failed.steps.length },
          [],
        );
      return;
    }
    // A run taken over drops the step that was under way when its worker died: it runs again.
    const steps = row.steps.filter((step) => step.status !== 'running');
    const stepsBefore = steps.length;
    /** Steps saved so far (their rows exist); each save writes only the ones after them. */
    let saved = steps.length;
    const unsaved = () => state.steps.slice(saved);
    /** Whether a row past the finished steps may exist (a step saved while under way). */
    let underWaySaved = row.steps.length > steps.length;
    const state: RunState = {
      id: row.id,
      userId,
      flowId: row.flowId,
      input: row.input,
      graph: row.graph,
      store: { ...row.store },
      steps,
      currentNodeId: row.currentNodeId,
      startedAt: row.startedAt ?? new Date(),
      tokensUsed: row.tokensUsed,
    };
    const abort = new AbortController();
    const onShutdown = () => abort.abort('shutdown');
    job.signal.addEventListener('abort', onShutdown, { once: true });
    shutdown.signal.addEventListener('abort', onShutdown, { once: true });
    const entry = { state, current: null as ExecutionStep | null, abort, createdAt: row.createdAt.toISOString() };
    live.set(row.id, entry);
    let lastCheckpoint = Date.now();
    const nodeAgents = new Map(state.graph.nodes.map((node) => [node.id, node.agent_id]));
    let busyAgent: string | null = null;
    const setBusy = (agentId: string | null) => {
      if (busyAgent) busyHere.set(busyKey(userId, busyAgent), (busyHere.get(busyKey(userId, busyAgent)) ?? 1) - 1);
      if (agentId) busyHere.set(busyKey(userId, agentId), (busyHere.get(busyKey(userId, agentId)) ?? 0) + 1);
      busyAgent = agentId;
    };
    let end: RunEnd;
    try {
      await publishExecution(userId, {
        id: row.id,
        flow_id: row.flowId,
        status: 'running',
        current_node_id: state.currentNodeId ?? state.graph.startNodeId,
        steps: steps.length,
      });
      end = await runFlow(
        state,
        {
          runtime,
          findAgent: (id) => agentsById.get(id),
          // What the next agent reads is scanned as material (a flagged one is recorded once, as
          // 'agent.output'); an output with personal data alone is recorded as before.
          scanOutput: async (user, text, flowId) => {
            const scanned = await aiSecurity.scanMaterial(user, text, { source: 'agent.output', flowId });
            if (!scanned.flagged && scanned.violations.length > 0) await aiSecurity.scanOutput(user, text, { flowId });
            return scanned;
          },
          redact: (text) => aiSecurity.redact(text),
          checkInput: async (user, text, flowId) => {
            try {
              await aiSecurity.gate(user, [{ field: 'prepared_input', text }], { source: 'flow.execute', flowId });
              return null;
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              const offline = error.code === 'SECURITY_LAYER_OFFLINE';
              return {
                code: offline ? ('SECURITY_LAYER_OFFLINE' as const) : ('PROMPT_BLOCKED' as const),
                message: offline ? error.message : `${error.message}: the text this node's template built`,
              };
            }
          },
          tokens: { hasBalance: (user) => tokens.hasBalance(user) },
          onStep: async (current, step) => {
            const starting = step.status === 'running';
            entry.current = starting ? step : null;
            setBusy(starting ? step.agent_id : null);
            if (!starting && step.tokens > 0) await tokens.record(userId, step.tokens, 'workflow', row.id);
            // Saved when a step ends, at most every CHECKPOINT_MS (a quick run is written once, at
            // its end): a run taken over after a crash goes on from its last saved step.
            const due = !starting && Date.now() - lastCheckpoint >= CHECKPOINT_MS;
            if (due) {
              lastCheckpoint = Date.now();
              const savedNow = current.steps.length;
              if (entry.current) underWaySaved = true;
              const still = await repo.checkpoint(row.id, {
                steps: entry.current ? [...unsaved(), entry.current] : unsaved(),
                store: current.store,
                currentNodeId: current.currentNodeId,
                // The agent of the next node: it is the one at work once this is read elsewhere.
                currentAgentId: nodeAgents.get(current.currentNodeId ?? '') ?? null,
                tokensUsed: current.tokensUsed,
              });
              if (still) saved = savedNow;
              // Cancelled (or the flow deleted) on another instance before its broadcast arrived.
              else abort.abort('cancelled');
            }
            await publishExecution(userId, {
              id: row.id,
              flow_id: row.flowId,
              status: 'running',
              current_node_id: current.currentNodeId,
              steps: current.steps.length,
            });
          },
          // Other requests go first between two steps; and when another user's run waits for a
          // slot, this one lets it go first once it has had its slice.
          betweenSteps: async (signal) => setSlot(await slots.turn(getSlot(), signal)),
        },
        abort.signal,
      );
    } catch (error) {
      if (error instanceof RunInterrupted) {
        // Saved as it stands; the job fails and is retried (here after a restart, or elsewhere).
        await repo
          .checkpoint(row.id, {
            steps: unsaved(),
            store: state.store,
            currentNodeId: state.currentNodeId,
            currentAgentId: null,
            tokensUsed: state.tokensUsed,
          })
          .catch(() => undefined);
        throw error;
      }
      log.error({ err: error, executionId: row.id }, 'a workflow run failed unexpectedly');
      end = {
        status: 'failed',
        error: { code: 'STEP_FAILED', message: 'The run failed unexpectedly', node_id: state.currentNodeId },
      };
    } finally {
      setBusy(null);
      live.delete(row.id);
      job.signal.removeEventListener('abort', onShutdown);
      shutdown.signal.removeEventListener('abort', onShutdown);
    }

    const stats = await repo.addAgentStats(userId, agentTotals(state.steps.slice(stepsBefore)));
    if (end.status === 'cancelled') {
      // Already cancelled in the database by whoever asked; what ran is kept with it.
      await repo.keepCancelledProgress(row.id, {
        steps: unsaved(),
        stepCount: state.steps.length,
        store: state.store,
        tokensUsed: state.tokensUsed,
      });
      await publishAgents(userId, stats);
      await pruneRuns(userId);
      return;
    }
    const finished = await repo.finishExecution(row.id, {
      status: end.status,
      output: end.status === 'completed' ? end.output : null,
      error: end.status === 'failed' ? end.error : null,
      steps: unsaved(),
      ...(underWaySaved ? { stepCount: state.steps.length } : {}),
      store: state.store,
      tokensUsed: state.tokensUsed,
    });
    if (finished)
      await afterEnd(userId, { id: row.id, flowId: row.flowId, status: end.status, steps: state.steps.length }, stats);
    else await publishAgents(userId, stats);
  }

  async function afterEnd(
    userId: string,
    run: { id: string; flowId: string; status: string; steps: number },
    stats: { agentId: string; steps: number; succeeded: number; totalMs: number }[],
  ) {
    await publishExecution(userId, {
      id: run.id,
      flow_id: run.flowId,
      status: run.status,
      current_node_id: null,
      steps: run.steps,
    });
    await publishFlow(userId, run.flowId);
    await publishAgents(userId, stats);
    await pruneRuns(userId);
  }

  queue.define<{ executionId: string; userId?: string }>(EXECUTE_JOB, {
    handler: (data, job) => runExecution(data, job),
    // One retry per restart: a run interrupted by a shutdown goes on from its saved steps.
    retryLimit: MAX_ATTEMPTS,
    retryDelay: 1,
    retryBackoff: false,
    // A run ends within its own timeout (at most 300 s); a job still active well after that had
    // its instance die, and is taken up again.
    expireInSeconds: flowLimits.runTimeoutMaxMs / 1000 + 60,
    // Taken from the queue beyond the slots: they wait here for a slot in their users' turns.
    concurrency: deps.concurrency * WAITING_RUNS_PER_SLOT,
  });

  return {
    agents,
    driver: runtime.driver,
    model: runtime.model,

    listAgents: agentViews,

    async getAgent(userId: string, id: string): Promise<Agent> {
      const agent = (await agentViews(userId)).find((view) => view.id === id);
      if (!agent) throw AppError.notFound(workflowMessages.agentNotFound);
      return agent;
    },

    async listFlows(userId: string): Promise<Flow[]> {
      const rows = await repo.listFlows(userId, flowLimits.flowsPerUser);
      const runs = await repo.flowRunSummaries(
        userId,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toFlow(row, runs.get(row.id)));
    },

    async getFlow(userId: string, id: string): Promise<Flow> {
      const row = await repo.findFlow(id, userId);
      if (!row) throw AppError.notFound(workflowMessages.flowNotFound);
      return flowView(userId, row);
    },

    async createFlow(userId: string, body: ParsedFlowBody): Promise<Flow> {
      await limitSaves(userId);
      const graph = validGraph(body);
      if ((await repo.countFlows(userId)) >= flowLimits.flowsPerUser) {
        throw new AppError(409, workflowMessages.tooManyFlows, 'TOO_MANY_FLOWS');
      }
      await aiSecurity.gate(userId, flowTexts(body), { source: 'flow.create' });
      // Counted again under the user's lock, with the write: concurrent saves cannot pass the cap.
      const row = await repo.underUserLock('flows', userId, async (locked) => {
        if ((await locked.countFlows(userId)) >= flowLimits.flowsPerUser) {
          throw new AppError(409, workflowMessages.tooManyFlows, 'TOO_MANY_FLOWS');
        }
        return locked.insertFlow({
          id: newId('flow'),
          userId,
          name: body.name,
          description: body.description,
          ...graph,
        });
      });
      await events.publish(userId, 'flow.updated', { flowId: row.id, status: 'idle' });
      return toFlow(row, undefined);
    },

    async updateFlow(userId: string, id: string, body: ParsedFlowBody): Promise<Flow> {
      await limitSaves(userId);
      const graph = validGraph(body);
      if (!(await repo.findFlow(id, userId))) throw AppError.notFound(workflowMessages.flowNotFound);
      await aiSecurity.gate(userId, flowTexts(body), { source: 'flow.create', flowId: id });
      const row = await repo.updateFlow(id, userId, { name: body.name, description: body.description, ...graph });
      if (!row) throw AppError.notFound(workflowMessages.flowNotFound);
      const view = await flowView(userId, row);
      await events.publish(userId, 'flow.updated', { flowId: row.id, status: view.status });
      return view;
    },

    async deleteFlow(userId: string, id: string): Promise<void> {
      if (!(await repo.findFlow(id, userId))) throw AppError.notFound(workflowMessages.flowNotFound);
      // Its runs stop (kept, cancelled) before it goes.
      const cancelled = await repo.cancelFlowExecutions(id, userId);
      for (const executionId of cancelled) await stopRun(userId, executionId, id);
      await repo.deleteFlow(id, userId);
      await events.publish(userId, 'flow.updated', { flowId: id, status: 'idle' });
    },

    async execute(userId: string, flowId: string, input: string): Promise<Execution> {
      const limit = await limiter.hit(`workflows-execute:${userId}`, deps.executionsPerMinute, MINUTE);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      // One user cannot hold the instance's run slots: a few runs at once each.
      const tooManyRuns = () =>
        new AppError(
          429,
          `At most ${String(deps.runsPerUser)} of your runs may wait or run at once; wait for one to finish`,
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
      await publishExecution(userId, {
        id: row.id,
        flow_id: flowId,
        status: 'queued',
        current_node_id: row.startNodeId,
        steps: 0,
      });
      await events.publish(userId, 'flow.updated', { flowId, status: 'running' });
      return execution;
    },

    async getExecution(userId: string, id: string): Promise<Execution> {
      const fresh = liveView(id);
      if (fresh && live.get(id)?.state.userId === userId) return fresh;
      const row = await repo.findExecution(id, userId);
      if (!row) throw AppError.notFound(workflowMessages.executionNotFound);
      return toExecution(row);
    },

    async listExecutions(userId: string, flowId: string): Promise<Execution[]> {
      if (!(await repo.findFlow(flowId, userId))) throw AppError.notFound(workflowMessages.flowNotFound);
      // The list says which runs there are and how they stand; a run's steps (up to its text
      // budget each) are read one run at a time (GET /executions/{id}).
      const rows = await repo.listExecutions(flowId, userId, EXECUTIONS_LISTED);
      return rows.map((row) => ({ ...(liveView(row.id) ?? toExecution(row)), steps: [] }));
    },

    async cancel(userId: string, id: string): Promise<Execution> {
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
    },

    /**
     * One message to an agent (the assistant in dock slot 2): the conversation so far and the new
     * message, checked by the AI security layer first, answered within the spec's 30 s, the answer
     * scanned like any agent output and its tokens counted.
     */
    async chat(
      userId: string,
      agentId: string,
      body: { message: string; history: { role: 'user' | 'assistant'; content: string }[] },
    ): Promise<ChatResponse> {
      const agent = agentsById.get(agentId);
      if (!agent) throw AppError.notFound(workflowMessages.agentNotFound);
      const limit = await limiter.hit(`workflows-execute:${userId}`, deps.executionsPerMinute, MINUTE);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      // The conversation is data, never put into a template: no 'User:'/'Assistant:' lines for the
      // security layer to read as turns written by the user, or for an agent to show back. What the
      // user wrote (earlier messages and the new one) is checked as one text, so an injection split
      // over messages is still whole; each assistant turn is checked on its own, as fully: a client
      // can forge one, and only the role marker the portal would have added is left out. Quoted
      // data in an earlier answer (a flagged passage it quoted) is not read as the user's prompt:
      // the turn is scanned as material below, and handed on as data.
      const userWords = [...body.history.filter((turn) => turn.role === 'user'), { content: body.message }];
      await aiSecurity.gate(
        userId,
        [
          { field: 'message', text: userWords.map((turn) => turn.content).join('\n\n') },
          ...body.history.flatMap((turn, index) =>
            turn.role === 'assistant'
              ? [{ field: `history.${String(index)}.content`, text: withoutQuotedData(turn.content) }]
              : [],
          ),
        ],
        { source: 'chat.message' },
      );
      const history = await historyAsMaterial(userId, body.history);
      if (runtime.driver === 'llm' && !(await tokens.hasBalance(userId))) {
        throw new AppError(402, workflowMessages.tokensExhausted, 'TOKENS_EXHAUSTED');
      }
      const started = Date.now();
      let result;
      try {
        result = await runtime.call({
          agent,
          userId,
          input: body.message,
          history,
          signal: AbortSignal.timeout(CHAT_TIMEOUT_MS),
        });
      } catch (error) {
        log.warn({ err: error, agentId }, 'an agent did not answer a chat message');
        throw new AppError(502, 'The agent did not answer; try again', 'AGENT_UNAVAILABLE');
      }
      if (result.tokens > 0) await tokens.record(userId, result.tokens, 'chat', agentId);
      const scanned = await aiSecurity.scanOutput(userId, result.output, {});
      return {
        agent_id: agent.id,
        output: scanned.text,
        // A source's excerpt is shown beside the answer: redacted the same way.
        citations: result.citations.map((citation) => ({ ...citation, excerpt: aiSecurity.redact(citation.excerpt) })),
        findings: scanned.violations,
        tokens: result.tokens,
        duration_ms: Date.now() - started,
      };
    },

    // Knowledge base

    async listDocuments(userId: string): Promise<KnowledgeDocument[]> {
      const rows = await repo.listDocuments(userId);
      return rows.map(toKnowledgeDocument);
    },

    /**
     * Adds a document to the user's knowledge base. It is scanned by the AI security layer first
     * (in pieces, other requests served between them) and stored either way: a flagged one with its
     * threat and findings, excluded from retrieval until its user chooses to have it quoted.
     */
    async addDocument(
      userId: string,
      body: { title: string; content: string },
      address?: string,
    ): Promise<KnowledgeDocument> {
      const limit = await limiter.hit(`workflows-knowledge:${userId}`, DOCUMENTS_PER_MINUTE, MINUTE);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      // Each document is scanned (CPU): accounts are free to make, so one address gets a few
      // users' worth of uploads, and each user a budget of characters scanned a minute.
      if (address) {
        const byAddress = await limiter.hit(`workflows-knowledge:ip:${address}`, DOCUMENTS_PER_MINUTE * 4, MINUTE);
        if (!byAddress.allowed) throw AppError.tooManyRequests(byAddress.resetInMs);
      }
      for (let unit = 0; unit < Math.ceil(body.content.length / SCAN_UNIT_CHARS); unit++) {
        const scanned = await limiter.hit(`workflows-knowledge-chars:${userId}`, SCAN_UNITS_PER_MINUTE, MINUTE);
        if (!scanned.allowed) throw AppError.tooManyRequests(scanned.resetInMs);
      }
      // The caps are checked before the scan (no scan for a document that cannot be kept), and
      // again under the user's lock with the write: concurrent uploads cannot pass them.
      const checkCaps = async (queries: Pick<WorkflowsRepository, 'knowledgeCharacters' | 'countDocuments'>) => {
        if ((await queries.knowledgeCharacters(userId)) + body.content.length > knowledgeLimits.charactersPerUser) {
          throw new AppError(
            409,
            `A knowledge base holds at most ${String(knowledgeLimits.charactersPerUser / 1_000_000)} million characters`,
            'KNOWLEDGE_FULL',
          );
        }
        if ((await queries.countDocuments(userId)) >= knowledgeLimits.documentsPerUser) {
          throw new AppError(
            409,
            `A knowledge base holds at most ${String(knowledgeLimits.documentsPerUser)} documents`,
            'TOO_MANY_DOCUMENTS',
          );
        }
      };
      await checkCaps(repo);
      const scan = await scanDocument(aiSecurity.scanMaterial, userId, body.content);
      const row = await repo.underUserLock('knowledge', userId, async (locked) => {
        await checkCaps(locked);
        return locked.insertDocument({
          id: newId('knowledgeDocument'),
          userId,
          ...body,
          securityThreat: scan.threat,
          securityFindings: scan.findings,
        });
      });
      return toKnowledgeDocument({ ...row, characters: row.content.length });
    },

    /** What retrieval does with one of the user's documents if it is flagged: 'exclude' or 'quote'. */
    async setDocumentHandling(userId: string, id: string, handling: KnowledgeHandling): Promise<KnowledgeDocument> {
      const row = await repo.setDocumentHandling(id, userId, handling);
      if (!row) throw AppError.notFound(workflowMessages.documentNotFound);
      return toKnowledgeDocument(row);
    },

    async deleteDocument(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteDocument(id, userId))) throw AppError.notFound(workflowMessages.documentNotFound);
    },

    async health() {
      const [agentsHealth, layer] = await Promise.all([runtime.health(), aiSecurity.answers()]);
      return { ...agentsHealth, securityLayer: layer };
    },

    /**
     * On start: with PGlite this process is the only one on its database, so a run still `running`
     * lost its worker in a crash, and a `queued` one may have (its job was taken, not yet the run):
     * both are queued again now instead of when their jobs expire. A run that still has its job
     * gets two; the second finds it taken or finished and stops.
     */
    async resumeOrphans(): Promise<number> {
      if (!deps.soleInstance) return 0;
      const ids = [...(await repo.runningExecutionIds()), ...(await repo.queuedExecutionIds())];
      for (const executionId of ids) await queue.send(EXECUTE_JOB, { executionId });
      return ids.length;
    },

    /** Stops this instance's runs (shutdown): they are saved and taken up again after the restart. */
    stopAll() {
      shutdown.abort();
    },
  };

  /**
   * A user's stored runs are bounded: past the newest `runsKept` finished ones, the oldest go with
   * their steps (each run holds up to its text budget).
   */
  async function pruneRuns(userId: string) {
    await repo.pruneFinishedRuns(userId, deps.runsKept).catch((error: unknown) => {
      log.warn({ err: error, userId }, 'old workflow runs could not be pruned; they are at the next run');
    });
  }

  /**
   * A chat's earlier answers as the agent gets them: each is scanned as material (the client sends
   * them; the portal cannot tell its own from a forged one, and its own may quote a flagged
   * passage), with secrets and personal data redacted, and a flagged one handed on as quoted data
   * with a warning, never as the agent's own words. What the user wrote was gated as their prompt.
   */
  async function historyAsMaterial(userId: string, turns: readonly ConversationTurn[]): Promise<ConversationTurn[]> {
    const out: ConversationTurn[] = [];
    for (const turn of turns) {
      if (turn.role !== 'assistant') {
        out.push(turn);
        continue;
      }
      if (out.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const scanned = await scanHistory(userId, turn.content, { source: 'chat.history' });
      out.push({
        role: 'assistant',
        content: scanned.flagged ? quoteAsData(scanned.text, 'an earlier answer of this conversation') : scanned.text,
      });
    }
    return out;
  }

  /** Saving a flow runs the security check on each of its texts: a budget per user. */
  async function limitSaves(userId: string) {
    const limit = await limiter.hit(`workflows-save:${userId}`, SAVES_PER_MINUTE, MINUTE);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
  }

  /** A run was cancelled in the database: stop it wherever it runs, and tell the user's streams. */
  async function stopRun(userId: string, executionId: string, flowId: string) {
    live.get(executionId)?.abort.abort('cancelled');
    await events.broadcast(CANCEL_CHANNEL, { id: executionId }).catch((error: unknown) => {
      log.warn({ err: error, executionId }, 'a cancel could not be broadcast; the run stops at its next step');
    });
    await publishExecution(userId, {
      id: executionId,
      flow_id: flowId,
      status: 'cancelled',
      current_node_id: null,
      steps: 0,
    });
    await publishFlow(userId, flowId);
  }
}

/** An agent's figures from its totals. */
function performanceOf(row: { steps: number; succeeded: number; totalMs: number } | undefined) {
  const steps = row?.steps ?? 0;
  return {
    totalExecutions: steps,
    avgLatency: steps > 0 ? Math.round((row?.totalMs ?? 0) / steps) : 0,
    successRate: steps > 0 ? (row?.succeeded ?? 0) / steps : 0,
  };
}

/** Each agent's share of a run's steps, for its figures. */
function agentTotals(steps: ExecutionStep[]) {
  const totals = new Map<string, { agentId: string; steps: number; succeeded: number; totalMs: number }>();
  for (const step of steps) {
    const entry = totals.get(step.agent_id) ?? { agentId: step.agent_id, steps: 0, succeeded: 0, totalMs: 0 };
    entry.steps += 1;
    if (step.status === 'completed') entry.succeeded += 1;
    entry.totalMs += step.duration_ms ?? 0;
    totals.set(step.agent_id, entry);
  }
  return [...totals.values()];
}

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;
