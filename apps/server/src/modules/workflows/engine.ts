import { DEFAULT_ACTION, flowLimits, nodeLabel, type ExecutionStep, type FlowNode } from '@nuvem/contracts/workflows';
import type { Violation } from '@nuvem/contracts/ai-security';
import { AI_SECURITY_MAX_PROMPT_BYTES } from '@nuvem/contracts/ai-security';
import { nextNode } from './flow-graph.js';
import type { AgentDefinition, AgentResult, AgentRuntime } from './runtime/agent-runtime.js';
import { AgentCallError } from './runtime/agent-runtime.js';
import { quoteAsData, runQuoteKey, withoutQuotedData } from './runtime/quoted-data.js';

/** How a run ends. */
export type RunEnd =
  | { status: 'completed'; output: string }
  | { status: 'failed'; error: { code: RunErrorCode; message: string; node_id: string | null } }
  | { status: 'cancelled' };

export type RunErrorCode =
  | 'STEP_FAILED'
  | 'STEP_TIMEOUT'
  | 'RUN_TIMEOUT'
  | 'MAX_STEPS'
  | 'TOKENS_EXHAUSTED'
  | 'PROMPT_BLOCKED'
  | 'SECURITY_LAYER_OFFLINE'
  | 'TEXT_BUDGET'
  | 'CPU_BUDGET';

/** What a run works on: the graph copied when it was asked for, and where it stands. */
export interface RunState {
  id: string;
  userId: string;
  flowId: string;
  input: string;
  graph: { nodes: FlowNode[]; startNodeId: string; maxSteps: number; timeoutMs: number };
  /** The shared store: `input`, `last` and each node's output under its output_key. */
  store: Record<string, string>;
  /** Finished steps (a run taken over after a restart starts with those it had saved). */
  steps: ExecutionStep[];
  /** The node to run next (null: the start node before any step; after steps, the run has passed its end). */
  currentNodeId: string | null;
  /** When the run began (its timeout counts from then, across a restart). */
  startedAt: Date;
  tokensUsed: number;
  /** Characters its steps hold so far (inputs and outputs, as stored), against flowLimits.runTextCharsMax. */
  textChars?: number;
  /** Processing time its steps took on this server so far (ms), against flowLimits.runCpuMsMax. */
  cpuMs?: number;
}

export interface EngineDeps {
  runtime: AgentRuntime;
  findAgent: (agentId: string) => AgentDefinition | undefined;
  /**
   * The AI security layer's scan of an output as material the next agent reads: secrets and
   * personal data redacted, `flagged` when it holds instructions aimed at the AI (recorded once).
   */
  scanOutput: (
    userId: string,
    text: string,
    flowId: string,
  ) => Promise<{ text: string; violations: Violation[]; flagged: boolean }>;
  /** For `llm` runs: whether the user still has tokens, and counting what a step used. */
  tokens?: {
    hasBalance: (userId: string) => Promise<boolean>;
  };
  /**
   * The AI security check of a text a template built, before an agent gets it: null when it may
   * go on, else why the run stops.
   */
  checkInput?: (
    userId: string,
    text: string,
    flowId: string,
  ) => Promise<{ code: 'PROMPT_BLOCKED' | 'SECURITY_LAYER_OFFLINE'; message: string } | null>;
  /** Secrets and personal data out of a text shown beside an output (a source's excerpt). */
  redact?: (text: string) => string;
  /** Told when a step starts and when it ends (the runner saves and publishes). */
  onStep: (state: RunState, step: ExecutionStep) => Promise<void>;
  /**
   * Between two steps, after the run has let other work on the event loop go first: the runner
   * may give its slot to another user's run and wait for it again (fair slots).
   */
  betweenSteps?: (signal: AbortSignal) => Promise<void>;
  /** The run's budget (defaults: flowLimits' run budgets). */
  budget?: { textChars: number; cpuMs: number };
  now?: () => number;
}

/** Runs waiting for their next step's turn on the event loop, in order. */
const turns: (() => void)[] = [];
let turning = false;

function nextTurn() {
  turns.shift()?.();
  if (turns.length > 0) setImmediate(nextTurn);
  else turning = false;
}

/**
 * Lets the requests and runs waiting on the event loop go first: a run's next step starts in a later
 * turn of the loop, and one run's step a turn (ten runs between two steps do not take ten steps'
 * time before a request waiting on I/O is read).
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    turns.push(resolve);
    if (!turning) {
      turning = true;
      setImmediate(nextTurn);
    }
  });
}

/** Why a run's signal was aborted: the user cancelled it, or this instance is shutting down. */
export type AbortReason = 'cancelled' | 'shutdown';

export class RunInterrupted extends Error {
  constructor() {
    super('the run was interrupted by a shutdown; it is taken up again');
    this.name = 'RunInterrupted';
  }
}

const DEFAULT_RETRIES = 1;
const DEFAULT_RETRY_WAIT_MS = 200;

/** `{{input}}` and `{{store.key}}` in a prep template. */
const placeholder = /\{\{\s*(input|store\.([A-Za-z_]\w*))\s*\}\}/g;

/** The longest text a step may hand its agent (and an output the store keeps): the security layer's own limit. */
export const MAX_STEP_TEXT = AI_SECURITY_MAX_PROMPT_BYTES;
/** Room kept for the warning and markers around a flagged output (node names are at most 80 characters). */
const QUOTE_ROOM = 400;

export class StepInputTooLarge extends Error {
  constructor() {
    super(`The prepared input is longer than ${String(MAX_STEP_TEXT / 1024)} KB: shorten the template or its input`);
    this.name = 'StepInputTooLarge';
  }
}

/** A stored value by its own key only (a key named 'constructor' is no stored value). */
function stored(store: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(store, key) ? store[key] : undefined;
}

/**
 * prep: what the node reads from the store, through its template when it has one. The text is
 * built piece by piece and refused past MAX_STEP_TEXT (a template repeating a long value must not
 * grow without bound).
 */
export function prepare(node: FlowNode, state: Pick<RunState, 'store' | 'input'>): string {
  const key = node.prep_config.input_key;
  const value = key ? (stored(state.store, key) ?? '') : (stored(state.store, 'last') ?? state.input);
  const template = node.prep_config.template;
  if (!template) {
    if (value.length > MAX_STEP_TEXT) throw new StepInputTooLarge();
    return value;
  }
  let out = '';
  let at = 0;
  for (const match of template.matchAll(placeholder)) {
    const piece = match[2] ? (stored(state.store, match[2]) ?? '') : value;
    out += template.slice(at, match.index) + piece;
    at = match.index + match[0].length;
    if (out.length > MAX_STEP_TEXT) throw new StepInputTooLarge();
  }
  out += template.slice(at);
  if (out.length > MAX_STEP_TEXT) throw new StepInputTooLarge();
  return out;
}

/** post: the action after a node's output: its first matching rule, its fixed action, the agent's suggestion, else 'default'. */
export function chooseAction(node: FlowNode, output: string, suggested: string | undefined): string {
  const lower = output.toLowerCase();
  for (const rule of node.post_config.rules ?? []) {
    if (lower.includes(rule.contains.toLowerCase())) return rule.action;
  }
  return node.post_config.action ?? suggested ?? DEFAULT_ACTION;
}

/** Waits `ms` unless `signal` is aborted first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Runs a flow from where `state` stands (PocketFlow's model): for each node, prep reads the shared
 * store, exec calls the agent (each attempt within the step's timeout and the run's; failures that
 * are worth it are retried after a wait; the fallback answers when every attempt failed), post
 * writes the output to the store and picks an action; the next node is next_actions[action] or
 * next_actions.default, and the run ends at a node with neither. Bounded by max_steps and the run's
 * timeout. `signal` aborted with 'cancelled' ends it cancelled; with 'shutdown' it throws
 * RunInterrupted, leaving the finished steps for whoever takes the run up.
 */
export async function runFlow(state: RunState, deps: EngineDeps, signal: AbortSignal): Promise<RunEnd> {
  const now = deps.now ?? Date.now;
  const deadline = state.startedAt.getTime() + state.graph.timeoutMs;
  const byId = new Map(state.graph.nodes.map((node) => [node.id, node]));
  // No node to run next: the start node when no step has run yet; with steps, the run had passed
  // its last node (saved, then its worker died before the end was written): it ends here, as it
  // would have, instead of starting over and running past max_steps.
  let nodeId: string | null = state.currentNodeId ?? (state.steps.length > 0 ? null : state.graph.startNodeId);
  if (!Object.hasOwn(state.store, 'input')) state.store.input = state.input;

  const interrupted = (): RunEnd | null => {
    if (!signal.aborted) return null;
    if (signal.reason === 'cancelled') return { status: 'cancelled' };
    throw new RunInterrupted();
  };

  const budget = deps.budget ?? { textChars: flowLimits.runTextCharsMax, cpuMs: flowLimits.runCpuMsMax };
  state.textChars ??= state.steps.reduce((sum, step) => sum + step.input.length + (step.output?.length ?? 0), 0);
  state.cpuMs ??= 0;
  let first = true;

  while (nodeId !== null) {
    if (!first) {
      await yieldToEventLoop();
      const stop = interrupted();
      if (stop) return stop;
      try {
        await deps.betweenSteps?.(signal);
      } catch (error) {
        const stopped = interrupted();
        if (stopped) return stopped;
        throw error;
      }
    }
    first = false;
    const stop = interrupted();
    if (stop) return stop;
    const node = byId.get(nodeId);
    const agent = node ? deps.findAgent(node.agent_id) : undefined;
    if (!node || !agent) {
      // Checked when the flow was saved; a graph copied into a run cannot change.
      return {
        status: 'failed',
        error: { code: 'STEP_FAILED', message: `Node '${nodeId}' cannot run`, node_id: nodeId },
      };
    }
    if (state.steps.length >= state.graph.maxSteps) {
      return {
        status: 'failed',
        error: {
          code: 'MAX_STEPS',
          message: `The run reached its bound of ${String(state.graph.maxSteps)} steps at node '${node.id}'`,
          node_id: node.id,
        },
      };
    }
    if (now() >= deadline) return runTimeout(state, node.id);
    if (deps.runtime.driver === 'llm' && deps.tokens && !(await deps.tokens.hasBalance(state.userId))) {
      return {
        status: 'failed',
        error: { code: 'TOKENS_EXHAUSTED', message: 'The token balance is used up', node_id: node.id },
      };
    }

    state.currentNodeId = node.id;
    let prepared: string;
    try {
      prepared = prepare(node, state);
    } catch (error) {
      if (!(error instanceof StepInputTooLarge)) throw error;
      return { status: 'failed', error: { code: 'STEP_FAILED', message: error.message, node_id: node.id } };
    }
    // A template joins stored texts into a new one: the text the agent gets is checked as a
    // prompt (each part passed the gate alone; together they may not). Quoted data (a flagged
    // output, scanned as material already) is handed on as data and not read as the user's prompt.
    if (node.prep_config.template && deps.checkInput) {
      // Only this run's own blocks (keyed: see runQuoteKey) are left out; a template or an input
      // that writes the markers itself is read whole.
      const verdict = await deps.checkInput(
        state.userId,
        withoutQuotedData(prepared, runQuoteKey(state.id)),
        state.flowId,
      );
      if (verdict) return { status: 'failed', error: { ...verdict, node_id: node.id } };
    }
    const started = now();
    const step: ExecutionStep = {
      index: state.steps.length,
      node_id: node.id,
      node_name: node.name,
      agent_id: agent.id,
      status: 'running',
      input: prepared,
      output: null,
      action: null,
      attempts: 0,
      used_fallback: false,
      started_at: new Date(started).toISOString(),
      duration_ms: null,
      error: null,
      citations: [],
      findings: [],
      tokens: 0,
    };
    await deps.onStep(state, step);

    const exec = node.exec_config;
    const retries = exec.max_retries ?? DEFAULT_RETRIES;
    const wait = exec.retry_wait_ms ?? DEFAULT_RETRY_WAIT_MS;
    const stepTimeout = exec.timeout_ms ?? flowLimits.stepTimeoutMaxMs;
    let result: AgentResult | undefined;
    let lastError = '';
    let timedOut = false;
    let runTimedOut = false;
    for (let attempt = 0; attempt <= retries && !result; attempt += 1) {
      if (attempt > 0) await pause(wait, signal);
      const stopNow = interrupted();
      if (stopNow) return stopNow;
      const left = deadline - now();
      if (left <= 0) {
        runTimedOut = true;
        break;
      }
      step.attempts = attempt + 1;
      const allowed = Math.min(stepTimeout, left);
      const timeout = AbortSignal.timeout(allowed);
      const callStarted = now();
      try {
        result = await deps.runtime.call({
          agent,
          userId: state.userId,
          input: step.input,
          instructions: exec.instructions,
          signal: AbortSignal.any([signal, timeout]),
        });
        // The offline agents work in this process: their time is the run's processing time (a
        // model's answer is waited for, not computed here; its time is bounded by the timeouts).
        if (deps.runtime.driver !== 'llm') state.cpuMs += now() - callStarted;
      } catch (error) {
        const stopHere = interrupted();
        if (stopHere) return stopHere;
        if (timeout.aborted) {
          timedOut = true;
          runTimedOut = allowed < stepTimeout;
          lastError = `no answer within ${String(allowed)} ms`;
          if (runTimedOut) break;
          continue;
        }
        timedOut = false;
        lastError = error instanceof Error ? error.message : String(error);
        // Retried: what the agent's driver says is worth it (a 429, a 5xx, a dropped connection).
        if (!(error instanceof AgentCallError) || !error.retryable) break;
      }
    }

    let output: string;
    if (result) {
      output = result.output;
      step.tokens = result.tokens;
      // A source's excerpt is shown beside the answer: redacted the same way.
      step.citations = result.citations.map((citation) => ({
        ...citation,
        excerpt: deps.redact ? deps.redact(citation.excerpt) : citation.excerpt,
      }));
      state.tokensUsed += result.tokens;
    } else if (exec.fallback !== undefined) {
      output = exec.fallback;
      step.used_fallback = true;
      step.error = lastError || null;
    } else {
      step.status = 'failed';
      step.error = lastError || 'the agent did not answer';
      step.duration_ms = now() - started;
      state.steps.push(step);
      await deps.onStep(state, step);
      if (runTimedOut) return runTimeout(state, node.id);
      return {
        status: 'failed',
        error: {
          code: timedOut ? 'STEP_TIMEOUT' : 'STEP_FAILED',
          message: `Node '${node.name}' failed: ${step.error}`,
          node_id: node.id,
        },
      };
    }

    // What an agent says is scanned before it is shown or passed on.
    if (output.length > MAX_STEP_TEXT)
      output = `${output.slice(0, MAX_STEP_TEXT)}\n[Cut at ${String(MAX_STEP_TEXT / 1024)} KB.]`;
    const scanStarted = now();
    const scanned = await deps.scanOutput(state.userId, output, state.flowId);
    state.cpuMs += now() - scanStarted;
    step.output = scanned.text;
    step.findings = scanned.violations;
    // Instructions aimed at the next agent (from a retrieved document, a pasted tool output) are
    // shown to the user with the step (its findings), and passed on as quoted data with a warning,
    // never as text the next agent could take as its orders.
    const passedOn = scanned.flagged
      ? quoteAsData(
          // The warning and markers fit within a step's text: the quoted text gives way.
          scanned.text.length > MAX_STEP_TEXT - QUOTE_ROOM
            ? `${scanned.text.slice(0, MAX_STEP_TEXT - QUOTE_ROOM)}…`
            : scanned.text,
          `the output of node ${nodeLabel(node)}`,
          runQuoteKey(state.id),
        )
      : scanned.text;
    const key = node.post_config.output_key ?? node.id;
    state.store[key] = passedOn;
    state.store.last = passedOn;
    step.action = chooseAction(node, scanned.text, result?.action);
    step.status = 'completed';
    step.duration_ms = now() - started;
    state.steps.push(step);
    nodeId = nextNode(node, step.action);
    state.currentNodeId = nodeId;
    state.textChars += step.input.length + step.output.length;
    await deps.onStep(state, step);
    if (state.textChars > budget.textChars) {
      return {
        status: 'failed',
        error: {
          code: 'TEXT_BUDGET',
          message: `The run's steps read and wrote more than ${budget.textChars.toLocaleString('en')} characters, a run's budget; the run stopped at node '${node.id}'`,
          node_id: node.id,
        },
      };
    }
    if (state.cpuMs > budget.cpuMs) {
      return {
        status: 'failed',
        error: {
          code: 'CPU_BUDGET',
          message: `The run used more than ${String(budget.cpuMs / 1000)} s of processing time, a run's budget; the run stopped at node '${node.id}'`,
          node_id: node.id,
        },
      };
    }
  }
  return { status: 'completed', output: state.store.last ?? '' };
}

function runTimeout(state: RunState, nodeId: string): RunEnd {
  return {
    status: 'failed',
    error: {
      code: 'RUN_TIMEOUT',
      message: `The run did not finish within ${String(state.graph.timeoutMs)} ms`,
      node_id: nodeId,
    },
  };
}
