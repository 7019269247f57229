import type { ExecutionStep } from '@nuvem/contracts/workflows';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { JobSuperseded, type JobContext, type JobQueue } from '../../plugins/app/queue.js';
import type { AgentTotals, BusyAgents } from './agents.service.js';
import { RunInterrupted, runFlow, type EngineDeps, type RunEnd, type RunState } from './engine.js';
import { FairSlots, type Slot } from './fair-slots.js';
import type { LiveRuns } from './live-runs.js';
import type { RunEvents } from './run-events.js';
import type { AgentDefinition, AgentRuntime } from './runtime/agent-runtime.js';
import type { TokenAccount, WorkflowsAiSecurity } from './workflows.service.js';
import type { WorkflowsRepository } from './workflows.repository.js';

/** The job that runs one execution (defined in workflows.plugin.ts, sent by runs.service.ts). */
export const EXECUTE_JOB = 'workflows.execute';
export interface ExecuteJobData {
  executionId: string;
  /** Absent in jobs sent before the data named the user (and in those of resumeOrphans). */
  userId?: string;
}
/** The abort reason of a run another instance took over (see JobSuperseded). */
const SUPERSEDED = 'superseded';
const superseded = (executionId: string) =>
  new JobSuperseded(`workflow run ${executionId} was taken over by another instance; this one stopped`);
/** A run taken up this many times (each a restart mid-run) is failed instead of tried again. */
export const MAX_ATTEMPTS = 3;
/**
 * Runs an instance takes from the queue per slot: they wait on this instance for a slot, in their
 * users' turns (FairSlots), instead of in the queue's order of arrival. A few per slot, so that one
 * instance does not take the work other instances could do.
 */
export const WAITING_RUNS_PER_SLOT = 4;
/**
 * How long a run keeps its slot while another user's run waits for one (it gives it back between
 * two steps, then waits its turn again).
 */
export const RUN_SLICE_MS = 200;
/** A running run's progress is saved at most this often (and always at its end). */
const CHECKPOINT_MS = 100;
/** A run that waited for a slot this close to its job's expiry goes back to the queue instead. */
const WAIT_MARGIN_MS = 5_000;

export interface RunJobDeps {
  repo: WorkflowsRepository;
  runtime: AgentRuntime;
  agentsById: ReadonlyMap<string, AgentDefinition>;
  aiSecurity: WorkflowsAiSecurity;
  queue: JobQueue;
  tokens: TokenAccount;
  live: LiveRuns;
  busy: BusyAgents;
  publish: RunEvents;
  /** Runs one instance takes at once. */
  concurrency: number;
  /** Finished runs kept per user: older ones go (with their steps) when one ends. */
  runsKept: number;
  log: FastifyBaseLogger;
}

/**
 * The run job's handler, `runExecution`: waits for a slot in its user's turn, takes the run up,
 * runs the engine, saves and publishes how it ended.
 */
export function createRunJob(deps: RunJobDeps) {
  const { repo, runtime, agentsById, aiSecurity, queue, tokens, live, busy, publish, log } = deps;
  /** The instance's run slots, shared fairly between workspaces (an organisation's members share a turn). */
  const slots = new FairSlots(deps.concurrency, RUN_SLICE_MS);
  /** Runs this instance has taken up (claimed, or about to be), each with when its work here ends. */
  const taken = new Map<string, Promise<void>>();

  /** What the engine asks of the AI security layer and of billing, the same for every run. */
  const guards: Pick<EngineDeps, 'runtime' | 'findAgent' | 'scanOutput' | 'redact' | 'checkInput' | 'tokens'> = {
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
  };

  async function runExecution(data: ExecuteJobData, job: JobContext): Promise<void> {
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
    // A second job for a run this instance already works on (one sent again at a restart, or its
    // own job fetched again after a takeover) waits for that work to end here, then takes the run
    // up if it is still unfinished (and else ends, the run done).
    const previous = taken.get(executionId);
    if (previous) {
      slots.release(slot);
      await previous;
      if (job.signal.aborted) throw new Error('stopped while another job of its run ended');
      return runExecution(data, job);
    }
    let ended: () => void = () => undefined;
    taken.set(
      executionId,
      new Promise<void>((resolve) => {
        ended = resolve;
      }),
    );
    try {
      await runClaimed(
        executionId,
        job,
        () => slot,
        (next) => (slot = next),
      );
    } finally {
      taken.delete(executionId);
      ended();
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
    live.shutdownSignal.addEventListener('abort', onShutdown, { once: true });
    const entry = { state, current: null as ExecutionStep | null, abort, createdAt: row.createdAt.toISOString() };
    live.add(entry);
    let lastCheckpoint = Date.now();
    const nodeAgents = new Map(state.graph.nodes.map((node) => [node.id, node.agent_id]));
    let busyAgent: string | null = null;
    const setBusy = (agentId: string | null) => {
      if (busyAgent) busy.end(userId, busyAgent);
      if (agentId) busy.start(userId, agentId);
      busyAgent = agentId;
    };
    let end: RunEnd;
    try {
      await publish.publishExecution(userId, {
        id: row.id,
        flow_id: row.flowId,
        status: 'running',
        current_node_id: state.currentNodeId ?? state.graph.startNodeId,
        steps: steps.length,
      });
      end = await runFlow(
        state,
        {
          ...guards,
          onStep: async (current, step) => {
            const starting = step.status === 'running';
            // Stopped (taken over, cancelled, shutting down): nothing more is saved or said. A step
            // that ended as it stopped is kept with the run (its cancelled or interrupted save), so
            // the model's tokens it used are charged; unless another instance took the run over: it
            // runs that step again from its last save, and charges it then.
            if (abort.signal.aborted) {
              const takenOver = abort.signal.reason === SUPERSEDED || job.signal.reason instanceof JobSuperseded;
              if (!takenOver && !starting && step.tokens > 0)
                await tokens.record(userId, step.tokens, 'workflow', row.id);
              return;
            }
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
                attempt: row.attempts,
              });
              if (still) saved = savedNow;
              // Taken over by another instance (this one was taken for dead): it stops, writing
              // nothing more. Otherwise cancelled (or the flow deleted) on another instance before
              // its broadcast arrived.
              else abort.abort((await repo.supersededSince(row.id, row.attempts)) ? SUPERSEDED : 'cancelled');
            }
            await publish.publishExecution(userId, {
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
        if (abort.signal.reason === SUPERSEDED) throw superseded(row.id);
        // Saved as it stands; the job fails and is retried (here after a restart, or elsewhere),
        // unless another instance has the run now (then its job is that instance's too).
        const kept = await repo
          .checkpoint(row.id, {
            steps: unsaved(),
            store: state.store,
            currentNodeId: state.currentNodeId,
            currentAgentId: null,
            tokensUsed: state.tokensUsed,
            attempt: row.attempts,
          })
          .catch(() => true);
        if (!kept && (await repo.supersededSince(row.id, row.attempts).catch(() => false))) throw superseded(row.id);
        throw error;
      }
      log.error({ err: error, executionId: row.id }, 'a workflow run failed unexpectedly');
      end = {
        status: 'failed',
        error: { code: 'STEP_FAILED', message: 'The run failed unexpectedly', node_id: state.currentNodeId },
      };
    } finally {
      setBusy(null);
      live.remove(row.id);
      job.signal.removeEventListener('abort', onShutdown);
      live.shutdownSignal.removeEventListener('abort', onShutdown);
    }

    // The agents' figures count this worker's steps with the run's end, in its transaction (a
    // worker whose run was taken over counts nothing: the new worker counts them; and whoever reads
    // the run ended reads its figures too).
    const agents = { userId, byAgent: agentTotals(state.steps.slice(stepsBefore)) };
    if (end.status === 'cancelled') {
      // Already cancelled in the database by whoever asked; what ran is kept with it.
      const kept = await repo.keepCancelledProgress(row.id, {
        steps: unsaved(),
        stepCount: state.steps.length,
        store: state.store,
        tokensUsed: state.tokensUsed,
        attempt: row.attempts,
        agents,
      });
      if (kept === false && (await repo.supersededSince(row.id, row.attempts))) throw superseded(row.id);
      await publish.publishAgents(userId, kept === false ? await repo.addAgentStats(userId, agents.byAgent) : kept);
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
      attempt: row.attempts,
      agents,
    });
    if (finished === false) {
      // Ended meanwhile by someone else (a cancel as it finished), or taken over.
      if (await repo.supersededSince(row.id, row.attempts)) throw superseded(row.id);
      await publish.publishAgents(userId, await repo.addAgentStats(userId, agents.byAgent));
      return;
    }
    await afterEnd(userId, { id: row.id, flowId: row.flowId, status: end.status, steps: state.steps.length }, finished);
  }

  async function afterEnd(
    userId: string,
    run: { id: string; flowId: string; status: string; steps: number },
    stats: AgentTotals[],
  ) {
    await publish.publishExecution(userId, {
      id: run.id,
      flow_id: run.flowId,
      status: run.status,
      current_node_id: null,
      steps: run.steps,
    });
    await publish.publishFlow(userId, run.flowId);
    await publish.publishAgents(userId, stats);
    await pruneRuns(userId);
  }

  /**
   * A user's stored runs are bounded: past the newest `runsKept` finished ones, the oldest go with
   * their steps (each run holds up to its text budget).
   */
  async function pruneRuns(userId: string) {
    await repo.pruneFinishedRuns(userId, deps.runsKept).catch((error: unknown) => {
      log.warn({ err: error, userId }, 'old workflow runs could not be pruned; they are at the next run');
    });
  }

  return runExecution;
}

/** Each agent's share of a run's steps, for its figures. */
function agentTotals(steps: ExecutionStep[]): AgentTotals[] {
  const totals = new Map<string, AgentTotals>();
  for (const step of steps) {
    const entry = totals.get(step.agent_id) ?? { agentId: step.agent_id, steps: 0, succeeded: 0, totalMs: 0 };
    entry.steps += 1;
    if (step.status === 'completed') entry.succeeded += 1;
    entry.totalMs += step.duration_ms ?? 0;
    totals.set(step.agent_id, entry);
  }
  return [...totals.values()];
}
