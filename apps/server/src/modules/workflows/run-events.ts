import type { EventBus } from '../../plugins/app/event-bus.js';
import { performanceOf, type AgentTotals, type BusyAgents } from './agents.service.js';
import type { WorkflowsRepository } from './workflows.repository.js';

export type RunEvents = ReturnType<typeof createRunEvents>;

/** The realtime events of runs: execution.updated, flow.updated and agent.updated. */
export function createRunEvents(deps: {
  bus: EventBus;
  repo: Pick<WorkflowsRepository, 'flowActive'>;
  busy: BusyAgents;
}) {
  const { bus, repo, busy } = deps;

  async function publishExecution(
    userId: string,
    execution: { id: string; flow_id: string; status: string; current_node_id: string | null; steps: number },
  ) {
    await bus.publish(userId, 'execution.updated', execution);
  }

  /** flow.updated with the flow's status as the database has it (running while a run is unfinished). */
  async function publishFlow(userId: string, flowId: string) {
    const active = await repo.flowActive(flowId, userId);
    await bus.publish(userId, 'flow.updated', { flowId, status: active ? 'running' : 'idle' });
  }

  /** agent.updated for the agents a run used, with their figures as the run left them. */
  async function publishAgents(userId: string, stats: AgentTotals[]) {
    for (const row of stats) {
      await bus.publish(userId, 'agent.updated', {
        agentId: row.agentId,
        status: busy.isBusy(userId, row.agentId) ? 'busy' : 'available',
        metrics: performanceOf(row),
      });
    }
  }

  return { publishExecution, publishFlow, publishAgents };
}
