import { DEFAULT_ACTION, workflowMessages, type FlowNode, type ParsedFlowBody } from '@nuvem/contracts/workflows';

/** A flow as it is stored and run: nodes with their routing merged from next_actions and the edges. */
export interface FlowGraph {
  nodes: FlowNode[];
  edges: { id: string; source: string; target: string; action: string }[];
  startNodeId: string;
  maxSteps: number;
  timeoutMs: number;
}

export interface GraphProblem {
  message: string;
  /** The node the problem is about, when there is one. */
  node: string | null;
  /** Where in the payload (for the error's details). */
  path: string;
}

/** The per-run timeout when a flow names none: the spec's workflow timeout. */
export const DEFAULT_RUN_TIMEOUT_MS = 30_000;

/**
 * Checks a flow's graph and gives the graph to store, or the first problem: two nodes with one id,
 * an unknown agent, a next node or edge end that is no node, two next nodes for one action, a start
 * node that is no node or none at all, nodes the start cannot reach, and a cycle without max_steps.
 * Edges become routing: an edge from A to B on action X is next_actions[X] = B on A (X defaults to
 * 'default'); next_actions written on the node and edges must agree.
 */
export function buildFlowGraph(
  body: ParsedFlowBody,
  knownAgent: (agentId: string) => boolean,
): { graph: FlowGraph } | { problem: GraphProblem } {
  const ids = new Set<string>();
  const names = new Map(body.nodes.map((node) => [node.id, node.name]));
  /** A node as the messages name it: its name, and its id. */
  const ref = (id: string) => ({ id, name: names.get(id) });
  for (const [index, node] of body.nodes.entries()) {
    if (ids.has(node.id)) {
      return {
        problem: { message: workflowMessages.duplicateNode(node.id), node: node.id, path: `nodes.${String(index)}.id` },
      };
    }
    ids.add(node.id);
  }
  for (const [index, node] of body.nodes.entries()) {
    if (!knownAgent(node.agent_id)) {
      return {
        problem: {
          message: workflowMessages.unknownAgent(node, node.agent_id),
          node: node.id,
          path: `nodes.${String(index)}.agent_id`,
        },
      };
    }
  }

  // Routing: each node's next_actions, then its outgoing edges.
  const routes = new Map<string, Record<string, string>>(body.nodes.map((node) => [node.id, { ...node.next_actions }]));
  for (const [index, node] of body.nodes.entries()) {
    for (const [action, target] of Object.entries(node.next_actions)) {
      if (!ids.has(target)) {
        return {
          problem: {
            message: workflowMessages.unknownTarget(node, target),
            node: node.id,
            path: `nodes.${String(index)}.next_actions.${action}`,
          },
        };
      }
    }
  }
  const edges: FlowGraph['edges'] = [];
  const edgeIds = new Set<string>();
  for (const [index, edge] of body.edges.entries()) {
    for (const end of [edge.source, edge.target]) {
      if (!ids.has(end)) {
        return {
          problem: { message: workflowMessages.unknownEdgeNode(end), node: end, path: `edges.${String(index)}` },
        };
      }
    }
    const action = edge.action ?? DEFAULT_ACTION;
    const routing = routes.get(edge.source) ?? {};
    const existing = routing[action];
    if (existing !== undefined && existing !== edge.target) {
      return {
        problem: {
          message: workflowMessages.duplicateAction(ref(edge.source), action),
          node: edge.source,
          path: `edges.${String(index)}.action`,
        },
      };
    }
    routing[action] = edge.target;
    routes.set(edge.source, routing);
    // Ids stay unique (the builder's own, or one made from the ends and the action).
    let id = edge.id ?? `e-${edge.source}-${edge.target}-${action}`;
    while (edgeIds.has(id)) id = `${id}'`;
    edgeIds.add(id);
    edges.push({ id, source: edge.source, target: edge.target, action });
  }
  // Every route is also an edge, so the builder draws routes written as next_actions.
  const drawn = new Set(edges.map((edge) => `${edge.source}\u0000${edge.action}`));
  for (const [source, routing] of routes) {
    for (const [action, target] of Object.entries(routing)) {
      if (drawn.has(`${source}\u0000${action}`)) continue;
      let id = `e-${source}-${target}-${action}`;
      while (edgeIds.has(id)) id = `${id}'`;
      edgeIds.add(id);
      edges.push({ id, source, target, action });
    }
  }

  // Where a run starts: the one named, else the first node nothing leads to.
  const led = new Set(edges.map((edge) => edge.target));
  let startNodeId = body.start_node_id;
  if (startNodeId !== undefined && !ids.has(startNodeId)) {
    return {
      problem: { message: workflowMessages.unknownStart(startNodeId), node: startNodeId, path: 'start_node_id' },
    };
  }
  startNodeId ??= body.nodes.find((node) => !led.has(node.id))?.id;
  if (startNodeId === undefined)
    return { problem: { message: workflowMessages.noStart, node: null, path: 'start_node_id' } };

  const reached = new Set<string>([startNodeId]);
  const queue = [startNodeId];
  for (const id of queue) {
    for (const target of Object.values(routes.get(id) ?? {})) {
      if (!reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
    }
  }
  const unreachable = body.nodes.filter((node) => !reached.has(node.id)).map((node) => node.id);
  if (unreachable.length > 0) {
    const index = body.nodes.findIndex((node) => node.id === unreachable[0]);
    return {
      problem: {
        message: workflowMessages.unreachable(unreachable.map(ref)),
        node: unreachable[0] ?? null,
        path: `nodes.${String(index)}`,
      },
    };
  }

  const onCycle = nodeOnCycle(startNodeId, routes);
  if (onCycle !== null && body.max_steps === undefined) {
    const index = body.nodes.findIndex((node) => node.id === onCycle);
    return {
      problem: {
        message: workflowMessages.unboundedCycle(ref(onCycle)),
        node: onCycle,
        path: `nodes.${String(index)}`,
      },
    };
  }

  const nodes = body.nodes.map((node) => ({ ...node, next_actions: routes.get(node.id) ?? {} }));
  return {
    graph: {
      nodes,
      edges,
      startNodeId,
      // Without a cycle no run takes more steps than there are nodes.
      maxSteps: body.max_steps ?? nodes.length,
      timeoutMs: body.timeout_ms ?? DEFAULT_RUN_TIMEOUT_MS,
    },
  };
}

/** A node on a cycle reachable from `start` (depth-first, white/grey/black), or null. */
function nodeOnCycle(start: string, routes: Map<string, Record<string, string>>): string | null {
  const state = new Map<string, 'open' | 'done'>();
  // Iterative, so a long chain of nodes cannot overflow the stack.
  const stack: { id: string; next: string[] }[] = [{ id: start, next: Object.values(routes.get(start) ?? {}) }];
  state.set(start, 'open');
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (!top) break;
    const next = top.next.pop();
    if (next === undefined) {
      state.set(top.id, 'done');
      stack.pop();
      continue;
    }
    const seen = state.get(next);
    if (seen === 'open') return next;
    if (seen === 'done') continue;
    state.set(next, 'open');
    stack.push({ id: next, next: Object.values(routes.get(next) ?? {}) });
  }
  return null;
}

/** The node after `nodeId` for `action`: next_actions[action], else next_actions.default, else none (the run ends). */
export function nextNode(node: FlowNode, action: string): string | null {
  // Own keys only: an action named 'constructor' is no route.
  const routes = node.next_actions;
  if (Object.hasOwn(routes, action)) return routes[action] ?? null;
  return Object.hasOwn(routes, DEFAULT_ACTION) ? (routes[DEFAULT_ACTION] ?? null) : null;
}
