import { workflowMessages, type Agent, type ChatResponse } from '@nuvem/contracts/workflows';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { createScanCache } from './knowledge-security.js';
import type { AgentDefinition, AgentRuntime, ConversationTurn } from './runtime/agent-runtime.js';
import { quoteAsData, withoutQuotedData } from './runtime/quoted-data.js';
import type { TokenAccount, WorkflowsAiSecurity } from './workflows.service.js';
import type { WorkflowsRepository } from './workflows.repository.js';

const MINUTE = 60_000;
/** The spec's workflow timeout, for one chat answer. */
const CHAT_TIMEOUT_MS = 30_000;

/** One agent's share of runs' steps: its figures are made from these. */
export interface AgentTotals {
  agentId: string;
  steps: number;
  succeeded: number;
  totalMs: number;
}

/** An agent's figures from its totals. */
export function performanceOf(row: Omit<AgentTotals, 'agentId'> | undefined) {
  const steps = row?.steps ?? 0;
  return {
    totalExecutions: steps,
    avgLatency: steps > 0 ? Math.round((row?.totalMs ?? 0) / steps) : 0,
    successRate: steps > 0 ? (row?.succeeded ?? 0) / steps : 0,
  };
}

export type BusyAgents = ReturnType<typeof createBusyAgents>;

/** Runs of each user on this instance that have a step of each agent under way. */
export function createBusyAgents() {
  const counts = new Map<string, number>();
  const key = (userId: string, agentId: string) => `${userId}\u0000${agentId}`;
  return {
    isBusy: (userId: string, agentId: string) => (counts.get(key(userId, agentId)) ?? 0) > 0,
    start(userId: string, agentId: string) {
      counts.set(key(userId, agentId), (counts.get(key(userId, agentId)) ?? 0) + 1);
    },
    end(userId: string, agentId: string) {
      counts.set(key(userId, agentId), (counts.get(key(userId, agentId)) ?? 1) - 1);
    },
  };
}

export interface AgentsServiceDeps {
  repo: WorkflowsRepository;
  runtime: AgentRuntime;
  agents: AgentDefinition[];
  agentsById: ReadonlyMap<string, AgentDefinition>;
  busy: BusyAgents;
  aiSecurity: WorkflowsAiSecurity;
  limiter: RateLimiter;
  tokens: TokenAccount;
  executionsPerMinute: number;
  log: FastifyBaseLogger;
}

/** The agents registry as users see it (status and figures), a chat with one agent, and the runtime's health. */
export function createAgentsService(deps: AgentsServiceDeps) {
  const { repo, runtime, agents, agentsById, busy, aiSecurity, limiter, tokens, log } = deps;
  /** Earlier answers come back with every message: each is scanned (and recorded) once. */
  const scanHistory = createScanCache(aiSecurity.scanMaterial, 500);

  async function listAgents(userId: string): Promise<Agent[]> {
    const [stats, busyElsewhere, health] = await Promise.all([
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
          : busyElsewhere.has(agent.id) || busy.isBusy(userId, agent.id)
            ? 'busy'
            : 'available',
        performance: performanceOf(row),
        driver: runtime.driver,
        model: runtime.model,
        status_reason: health.ok ? null : (health.reason ?? 'The model endpoint does not answer'),
      };
    });
  }

  async function getAgent(userId: string, id: string): Promise<Agent> {
    const agent = (await listAgents(userId)).find((view) => view.id === id);
    if (!agent) throw AppError.notFound(workflowMessages.agentNotFound);
    return agent;
  }

  /**
   * One message to an agent (the assistant in dock slot 2): the conversation so far and the new
   * message, checked by the AI security layer first, answered within the spec's 30 s, the answer
   * scanned like any agent output and its tokens counted.
   */
  async function chat(
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

  /** The agents' runtime and the AI security layer: whether each answers. */
  async function health() {
    const [agentsHealth, layer] = await Promise.all([runtime.health(), aiSecurity.answers()]);
    return { ...agentsHealth, securityLayer: layer };
  }

  return { listAgents, getAgent, chat, health };
}
