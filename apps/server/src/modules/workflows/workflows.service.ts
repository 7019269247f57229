import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { EventBus } from '../../plugins/app/event-bus.js';
import type { JobQueue } from '../../plugins/app/queue.js';
import type { AiSecurityService } from '../ai-security/ai-security.service.js';
import { createAgentsService, createBusyAgents } from './agents.service.js';
import { createFlowsService } from './flows.service.js';
import { createKnowledgeService } from './knowledge.service.js';
import { createLiveRuns } from './live-runs.js';
import { createRunEvents } from './run-events.js';
import { createRunJob } from './run-job.js';
import { createRunsService } from './runs.service.js';
import type { AgentDefinition, AgentRuntime } from './runtime/agent-runtime.js';
import type { WorkflowsRepository } from './workflows.repository.js';

/** Token accounting of `llm` runs, from billing. */
export interface TokenAccount {
  hasBalance(userId: string): Promise<boolean>;
  record(userId: string, tokens: number, source: 'workflow' | 'chat', ref: string): Promise<void>;
}

/** What the workflows use of the AI security layer. */
export type WorkflowsAiSecurity = Pick<
  AiSecurityService,
  'gate' | 'scanOutput' | 'scanMaterial' | 'answers' | 'redact'
>;

export interface WorkflowsServiceDeps {
  repo: WorkflowsRepository;
  runtime: AgentRuntime;
  agents: AgentDefinition[];
  aiSecurity: WorkflowsAiSecurity;
  bus: EventBus;
  queue: JobQueue;
  limiter: RateLimiter;
  tokens: TokenAccount;
  executionsPerMinute: number;
  /** Runs one instance takes at once. */
  concurrency: number;
  /** Runs of one workspace (all its members') that may be queued or running at once. */
  runsPerUser: number;
  /** Finished runs kept per workspace: older ones go (with their steps) when one ends. */
  runsKept: number;
  /** True when this process is the only one on its database (PGlite): a run left `running` has no worker. */
  soleInstance: boolean;
  log: FastifyBaseLogger;
}

/**
 * The workflow service, one object for the routes and the plugin, made of one service per use
 * case: the agents registry, their figures and chat (agents.service.ts); flows, validated graphs
 * (flows.service.ts); runs: started, read and cancelled (runs.service.ts), executed by the run job
 * with the engine in fair slots (run-job.ts); the rag agent's knowledge base (knowledge.service.ts);
 * and the realtime events (agent.updated, flow.updated, execution.updated) of every change
 * (run-events.ts).
 *
 * Every `userId` the use cases take is the owner: the workspace the request acts in (decision 029;
 * a personal workspace has its user's id). An organisation's members share its flows, runs,
 * knowledge base, run slots and limits, and its events go to the workspace.
 */
export function createWorkflowsService(deps: WorkflowsServiceDeps) {
  const { repo, runtime, agents, aiSecurity, bus, queue, limiter, tokens, log } = deps;
  const agentsById = new Map(agents.map((agent) => [agent.id, agent]));
  const live = createLiveRuns();
  const busy = createBusyAgents();
  const publish = createRunEvents({ bus, repo, busy });

  const agentsService = createAgentsService({
    repo,
    runtime,
    agents,
    agentsById,
    busy,
    aiSecurity,
    limiter,
    tokens,
    executionsPerMinute: deps.executionsPerMinute,
    log,
  });
  const runs = createRunsService({
    repo,
    aiSecurity,
    bus,
    queue,
    limiter,
    live,
    publish,
    executionsPerMinute: deps.executionsPerMinute,
    runsPerUser: deps.runsPerUser,
    soleInstance: deps.soleInstance,
    log,
  });
  const flows = createFlowsService({
    repo,
    isAgent: (id) => agentsById.has(id),
    aiSecurity,
    bus,
    limiter,
    stopRun: runs.stopRun,
  });
  const knowledge = createKnowledgeService({ repo, aiSecurity, limiter });
  const runExecution = createRunJob({
    repo,
    runtime,
    agentsById,
    aiSecurity,
    queue,
    tokens,
    live,
    busy,
    publish,
    concurrency: deps.concurrency,
    runsKept: deps.runsKept,
    log,
  });

  return {
    agents,
    driver: runtime.driver,
    model: runtime.model,

    listAgents: agentsService.listAgents,
    getAgent: agentsService.getAgent,
    chat: agentsService.chat,
    health: agentsService.health,

    listFlows: flows.listFlows,
    getFlow: flows.getFlow,
    createFlow: flows.createFlow,
    updateFlow: flows.updateFlow,
    deleteFlow: flows.deleteFlow,

    execute: runs.execute,
    getExecution: runs.getExecution,
    listExecutions: runs.listExecutions,
    cancel: runs.cancel,
    resumeOrphans: runs.resumeOrphans,
    /** The run job's handler (workflows.plugin.ts defines the job). */
    runExecution,
    /** Stops this instance's runs (shutdown): they are saved and taken up again after the restart. */
    stopAll() {
      live.stopAll();
    },

    listDocuments: knowledge.listDocuments,
    addDocument: knowledge.addDocument,
    setDocumentHandling: knowledge.setDocumentHandling,
    deleteDocument: knowledge.deleteDocument,
  };
}

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;
