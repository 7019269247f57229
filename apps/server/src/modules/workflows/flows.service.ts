import { flowLimits, workflowMessages, type Flow, type ParsedFlowBody } from '@nuvem/contracts/workflows';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { EventBus } from '../../plugins/app/event-bus.js';
import { buildFlowGraph } from './flow-graph.js';
import type { WorkflowsAiSecurity } from './workflows.service.js';
import type { WorkflowFlowRow, WorkflowsRepository } from './workflows.repository.js';
import { toFlow } from './workflows.views.js';

const MINUTE = 60_000;
/** Flow saves (each checks up to 200 texts) one user may send a minute. */
const SAVES_PER_MINUTE = 30;

export interface FlowsServiceDeps {
  repo: WorkflowsRepository;
  /** Whether an agent of this id exists (a node names one). */
  isAgent: (agentId: string) => boolean;
  aiSecurity: Pick<WorkflowsAiSecurity, 'gate'>;
  bus: EventBus;
  limiter: RateLimiter;
  /** Stops a run cancelled in the database (runs.service.ts): a deleted flow's runs stop. */
  stopRun: (userId: string, executionId: string, flowId: string) => Promise<void>;
}

/** A user's flows: validated graphs, their texts checked by the AI security layer, each with its latest run. */
export function createFlowsService(deps: FlowsServiceDeps) {
  const { repo, isAgent, aiSecurity, bus, limiter, stopRun } = deps;

  async function listFlows(userId: string): Promise<Flow[]> {
    const rows = await repo.listFlows(userId, flowLimits.flowsPerUser);
    const runs = await repo.flowRunSummaries(
      userId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toFlow(row, runs.get(row.id)));
  }

  async function getFlow(userId: string, id: string): Promise<Flow> {
    const row = await repo.findFlow(id, userId);
    if (!row) throw AppError.notFound(workflowMessages.flowNotFound);
    return flowView(userId, row);
  }

  async function createFlow(userId: string, body: ParsedFlowBody): Promise<Flow> {
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
    await bus.publish(userId, 'flow.updated', { flowId: row.id, status: 'idle' });
    return toFlow(row, undefined);
  }

  async function updateFlow(userId: string, id: string, body: ParsedFlowBody): Promise<Flow> {
    await limitSaves(userId);
    const graph = validGraph(body);
    if (!(await repo.findFlow(id, userId))) throw AppError.notFound(workflowMessages.flowNotFound);
    await aiSecurity.gate(userId, flowTexts(body), { source: 'flow.create', flowId: id });
    const row = await repo.updateFlow(id, userId, { name: body.name, description: body.description, ...graph });
    if (!row) throw AppError.notFound(workflowMessages.flowNotFound);
    const view = await flowView(userId, row);
    await bus.publish(userId, 'flow.updated', { flowId: row.id, status: view.status });
    return view;
  }

  async function deleteFlow(userId: string, id: string): Promise<void> {
    if (!(await repo.findFlow(id, userId))) throw AppError.notFound(workflowMessages.flowNotFound);
    // Its runs stop (kept, cancelled) before it goes.
    const cancelled = await repo.cancelFlowExecutions(id, userId);
    for (const executionId of cancelled) await stopRun(userId, executionId, id);
    await repo.deleteFlow(id, userId);
    await bus.publish(userId, 'flow.updated', { flowId: id, status: 'idle' });
  }

  async function flowView(userId: string, row: WorkflowFlowRow): Promise<Flow> {
    const runs = await repo.flowRunSummaries(userId, [row.id]);
    return toFlow(row, runs.get(row.id));
  }

  /** The graph to store, or a 400 naming the node. */
  function validGraph(body: ParsedFlowBody) {
    const built = buildFlowGraph(body, isAgent);
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

  /** Saving a flow runs the security check on each of its texts: a budget per user. */
  async function limitSaves(userId: string) {
    const limit = await limiter.hit(`workflows-save:${userId}`, SAVES_PER_MINUTE, MINUTE);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
  }

  return { listFlows, getFlow, createFlow, updateFlow, deleteFlow };
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
