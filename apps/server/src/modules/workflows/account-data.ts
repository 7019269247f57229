import { AppError } from '../../lib/errors.js';
import type { App } from '../../types.js';
import { iso, type AccountDataPart } from '../account/account-data.types.js';
import { createWorkflowsAccountDataRepository, RUNS_EXPORTED } from './account-data.repository.js';
import type { WorkflowsService } from './workflows.service.js';

/**
 * The workflows module's part of the account: flows, runs (the most recent RUNS_EXPORTED, without
 * their steps), the rag agent's knowledge base and the agents' figures. Before the erasure, runs
 * still queued or running are cancelled wherever they run; the rows go with the user row.
 */
export function createWorkflowsAccountData(deps: {
  db: App['db'];
  workflows: Pick<WorkflowsService, 'cancel'>;
}): AccountDataPart {
  const repo = createWorkflowsAccountDataRepository(deps.db);
  return {
    module: 'workflows',
    async exportData(owner) {
      const [flows, runs, knowledge, stats] = await Promise.all([
        repo.flowsOf(owner.id),
        repo.runsOf(owner.id),
        repo.knowledgeOf(owner.id),
        repo.agentStatsOf(owner.id),
      ]);
      return {
        workflows: {
          flows: flows.map((flow) => ({
            id: flow.id,
            name: flow.name,
            description: flow.description,
            nodes: flow.nodes,
            edges: flow.edges,
            start_node_id: flow.startNodeId,
            max_steps: flow.maxSteps,
            timeout_ms: flow.timeoutMs,
            created_at: flow.createdAt.toISOString(),
            updated_at: flow.updatedAt.toISOString(),
          })),
          runs: runs.map((run) => ({
            id: run.id,
            flow_id: run.flowId,
            status: run.status,
            input: run.input,
            output: run.output,
            error: run.error,
            tokens_used: run.tokensUsed,
            created_at: run.createdAt.toISOString(),
            started_at: iso(run.startedAt),
            finished_at: iso(run.finishedAt),
          })),
          runs_limit: RUNS_EXPORTED,
          knowledge: knowledge.map((document) => ({
            id: document.id,
            title: document.title,
            content: document.content,
            security_threat: document.securityThreat,
            security_handling: document.securityHandling,
            created_at: document.createdAt.toISOString(),
          })),
          agent_stats: stats.map((row) => ({
            agent_id: row.agentId,
            steps: row.steps,
            succeeded: row.succeeded,
            total_ms: row.totalMs,
          })),
        },
      };
    },

    async beforeErasure(owner) {
      for (const id of await repo.unfinishedRunIds(owner.id)) {
        try {
          await deps.workflows.cancel(owner.id, id);
        } catch (error) {
          // Finished meanwhile (409) or gone (404): nothing left to stop.
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        }
      }
    },
  };
}
