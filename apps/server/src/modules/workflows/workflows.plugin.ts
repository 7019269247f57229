import { flowLimits } from '@nuvem/contracts/workflows';
import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { agentDefinitions } from './runtime/agents.js';
import { createGuardedRetriever, createKnowledgeSource, type ScanMaterial } from './knowledge-security.js';
import { createRetriever } from './runtime/bm25.js';
import { createLlmRuntime } from './runtime/llm-driver.js';
import { createOfflineRuntime } from './runtime/offline-driver.js';
import { EXECUTE_JOB, MAX_ATTEMPTS, WAITING_RUNS_PER_SLOT, type ExecuteJobData } from './run-job.js';
import { createWorkflowsRepository } from './workflows.repository.js';
import { workflowsRoutes } from './workflows.routes.js';
import { createWorkflowsService, type WorkflowsService } from './workflows.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The workflow service: agents, flows, runs, the rag agent's knowledge base. */
    workflows: WorkflowsService;
  }
}

/** The workflows module (/api/mlm): spec 2's workflow service and the MLM dashboard's data. */
export const workflowsPlugin = fp(
  async (app: App) => {
    const config = app.config.workflows;
    const repo = createWorkflowsRepository(app.db);
    // The user's documents for the rag agent: the retriever asks for the version first and, when it
    // changed, for the ids, then reads only the documents its index lacks (one at a time). Flagged
    // documents set to 'exclude' are not among them; what is retrieved is scanned before an agent
    // reads it (knowledge-security.ts).
    const scanMaterial: ScanMaterial = (userId, text, context) => app.aiSecurity.scanMaterial(userId, text, context);
    const retriever = createGuardedRetriever(createRetriever(createKnowledgeSource(repo, scanMaterial)), {
      repo,
      scan: scanMaterial,
    });
    const runtime = config.llm
      ? createLlmRuntime({ baseUrl: config.llm.baseUrl, model: config.llm.model, apiKey: config.llm.apiKey, retriever })
      : createOfflineRuntime({ retriever });
    const service = createWorkflowsService({
      repo,
      runtime,
      agents: agentDefinitions,
      aiSecurity: app.aiSecurity,
      bus: app.eventBus,
      queue: app.queue,
      limiter: app.limiter,
      tokens: {
        hasBalance: async (userId) => (await app.billing.tokenBalance(userId)).remaining > 0,
        record: (userId, tokens, source, ref) => app.billing.recordTokenUse(userId, tokens, source, ref),
      },
      executionsPerMinute: config.executionsPerMinute,
      concurrency: config.concurrency,
      runsPerUser: config.runsPerUser,
      runsKept: config.runsKept,
      soleInstance: app.database.driver === 'pglite',
      log: app.log,
    });
    app.decorate('workflows', service);

    // A run is a durable job: interrupted by a shutdown or a crash, it goes on from its saved steps.
    app.queue.define(EXECUTE_JOB, {
      handler: (data: ExecuteJobData, job) => service.runExecution(data, job),
      // One retry per restart (a run taken up more often is failed: run-job.ts).
      retryLimit: MAX_ATTEMPTS,
      retryDelay: 1,
      retryBackoff: false,
      // A run ends within its own timeout (at most 300 s); a job still active well after that had
      // its instance die, and is taken up again.
      expireInSeconds: flowLimits.runTimeoutMaxMs / 1000 + 60,
      // Taken from the queue beyond the slots: they wait here for a slot in their users' turns.
      concurrency: config.concurrency * WAITING_RUNS_PER_SLOT,
    });
    app.log.info(
      { driver: runtime.driver, model: runtime.model },
      runtime.driver === 'offline' ? 'workflow agents: offline agents (no model configured)' : 'workflow agents: llm',
    );
    app.addHook('onReady', async () => {
      const resumed = await service.resumeOrphans();
      if (resumed > 0) app.log.warn({ resumed }, 'workflow runs left running by a crash were queued again');
    });
    app.addHook('preClose', async () => {
      service.stopAll();
    });
    await app.register(workflowsRoutes, { service, prefix: '/api/mlm' });
  },
  { name: 'workflows', dependencies: ['db', 'event-bus', 'queue', 'auth', 'rate-limiter', 'ai-security', 'billing'] },
);
