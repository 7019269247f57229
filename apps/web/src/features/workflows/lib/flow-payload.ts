import {
  DEFAULT_ACTION,
  workflowConstants,
  type Agent,
  type AgentType,
  type ExecConfig,
  type Flow,
  type FlowBody,
  type PostConfig,
  type PrepConfig,
} from '@nuvem/contracts/workflows';
import { slugify } from '@nuvem/contracts/text';
import type { Edge, Node, XYPosition } from '@xyflow/react';

/** What a builder node carries (spec 2, "Builder node": agent id, agent type, label) and its configs. */
export type BuilderNodeData = {
  label: string;
  agentId: string;
  /** 'other' when the agent is no longer in the registry. */
  agentType: AgentType | 'other';
  prep: PrepConfig;
  exec: ExecConfig;
  post: PostConfig;
};
export type BuilderNode = Node<BuilderNodeData, 'agent'>;
/** A builder edge (spec 2, "Builder edge"); `action` is the post action that takes it (none: 'default'). */
export type BuilderEdge = Edge<{ action?: string }>;

/** The flow's own fields as the builder edits them. */
export interface FlowFields {
  name: string;
  description: string;
  /** As typed: empty for the server's default (the number of nodes). */
  maxSteps: string;
}

/** What a reopened flow keeps that the builder does not edit: sent back as it was. */
export interface FlowExtras {
  startNodeId?: string | undefined;
  timeoutMs?: number | undefined;
}

export const NODE_TYPE = 'agent';

/** 'Research Agent' -> 'research-agent': a node id a server message can name readably (at most 40 characters). */
function slug(text: string): string {
  return slugify(text).slice(0, 40).replace(/-+$/, '') || 'node';
}

/** A new node id: the agent's name and the first number not taken ('research-agent-2'). */
export function newNodeId(agentName: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = slug(agentName);
  for (let n = 1; ; n += 1) {
    const id = `${base}-${String(n)}`;
    if (!used.has(id)) return id;
  }
}

/** A new edge id, unique among `taken`. */
export function newEdgeId(source: string, target: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = `e-${source}-${target}`;
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const id = `${base}-${String(n)}`;
    if (!used.has(id)) return id;
  }
}

export function agentTypeOf(agents: readonly Agent[], agentId: string): AgentType | 'other' {
  return agents.find((agent) => agent.id === agentId)?.type ?? 'other';
}

/** A node for `agent` at `position` (spec 2: label = the agent's name; data: agent id and type). */
export function agentNode(agent: Agent, position: XYPosition, taken: Iterable<string>): BuilderNode {
  const label = agent.name;
  return {
    id: newNodeId(agent.name, taken),
    type: NODE_TYPE,
    position,
    ariaLabel: label,
    data: { label, agentId: agent.id, agentType: agent.type, prep: {}, exec: {}, post: {} },
  };
}

/** Drops the keys left empty, so a config the side panel did not set is sent as `{}`. */
function compact<T extends object>(config: T): T {
  return Object.fromEntries(
    Object.entries(config).filter(([, value]) => value !== undefined && value !== '' && !Number.isNaN(value)),
  ) as T;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The save payload (spec 2, "Flow (save payload)"): name, description and the nodes, each with
 * its configs (`{}` unless the side panel set them), `next_actions: {}` (the edges carry the
 * routing) and where it was drawn; then the edges, with their action when one was named.
 */
export function buildFlowPayload(
  fields: FlowFields,
  nodes: readonly BuilderNode[],
  edges: readonly BuilderEdge[],
  extras: FlowExtras = {},
): FlowBody {
  const ids = new Set(nodes.map((node) => node.id));
  const maxSteps = fields.maxSteps.trim() === '' ? undefined : Number(fields.maxSteps);
  // The start the flow had, while that node is still there; in a pure loop (every node led to by
  // another) the first node drawn, as the builder shows it; else the server picks the first one
  // nothing leads to.
  const led = new Set(edges.map((edge) => edge.target));
  const start =
    extras.startNodeId && ids.has(extras.startNodeId)
      ? extras.startNodeId
      : nodes.length > 0 && nodes.every((node) => led.has(node.id))
        ? nodes[0]?.id
        : undefined;
  return {
    name: fields.name,
    description: fields.description,
    nodes: nodes.map((node) => ({
      id: node.id,
      name: node.data.label,
      agent_id: node.data.agentId,
      prep_config: compact(node.data.prep),
      exec_config: compact(node.data.exec),
      post_config: compact(node.data.post),
      next_actions: {},
      position: { x: round(node.position.x), y: round(node.position.y) },
    })),
    edges: edges.map((edge) => {
      const action = edge.data?.action?.trim();
      return { id: edge.id, source: edge.source, target: edge.target, ...(action ? { action } : {}) };
    }),
    ...(maxSteps === undefined ? {} : { max_steps: maxSteps }),
    ...(start ? { start_node_id: start } : {}),
    ...(extras.timeoutMs === undefined ? {} : { timeout_ms: extras.timeoutMs }),
  };
}

/** Where a node without a saved position goes: a grid, four to a row. */
function fallbackPosition(index: number): XYPosition {
  const grid = workflowConstants.grid;
  return { x: (index % 4) * grid * 12, y: Math.floor(index / 4) * grid * 8 };
}

/** A saved flow back in the builder: its nodes where they were drawn and its edges with their actions. */
export function flowToBuilder(
  flow: Flow,
  agents: readonly Agent[],
): { fields: FlowFields; extras: FlowExtras; nodes: BuilderNode[]; edges: BuilderEdge[] } {
  const nodes: BuilderNode[] = flow.nodes.map((node, index) => ({
    id: node.id,
    type: NODE_TYPE,
    position: node.position ? { x: node.position.x, y: node.position.y } : fallbackPosition(index),
    ariaLabel: node.name,
    data: {
      label: node.name,
      agentId: node.agent_id,
      agentType: agentTypeOf(agents, node.agent_id),
      prep: { ...node.prep_config },
      exec: { ...node.exec_config },
      post: { ...node.post_config },
    },
  }));
  const edges: BuilderEdge[] = flow.edges.map((edge) =>
    edgeWithAction(
      { id: edge.id, source: edge.source, target: edge.target },
      edge.action === DEFAULT_ACTION ? undefined : edge.action,
    ),
  );
  // The server fills in its defaults (max_steps: the node count, the start: the first node nothing
  // leads to, the 30 s timeout); only values chosen otherwise are kept and sent back, so a default
  // follows the graph as it is edited.
  const maxSteps = flow.max_steps === flow.nodes.length ? '' : String(flow.max_steps);
  // (A pure loop has no default: its start is kept.)
  const ledTo = new Set(edges.map((edge) => edge.target));
  const defaultStart = nodes.find((node) => !ledTo.has(node.id))?.id ?? null;
  return {
    fields: { name: flow.name, description: flow.description, maxSteps },
    extras: {
      startNodeId: flow.start_node_id === defaultStart ? undefined : flow.start_node_id,
      timeoutMs: flow.timeout_ms === workflowConstants.timeoutMs ? undefined : flow.timeout_ms,
    },
    nodes,
    edges,
  };
}

/** `edge` taken on `action` as typed; labelled on the canvas unless it is the default action. */
export function edgeWithAction(edge: BuilderEdge, action: string | undefined): BuilderEdge {
  const trimmed = action?.trim() ?? '';
  const label = trimmed && trimmed !== DEFAULT_ACTION ? trimmed : undefined;
  return { ...edge, data: action ? { action } : {}, label };
}

/** Where a run starts: the start node named, else the first node no edge leads to (as the server picks it). */
export function startNodeOf(
  nodes: readonly Pick<BuilderNode, 'id'>[],
  edges: readonly Pick<BuilderEdge, 'target'>[],
  named?: string,
): string | null {
  if (named && nodes.some((node) => node.id === named)) return named;
  const led = new Set(edges.map((edge) => edge.target));
  // A pure loop starts at the first node drawn (the save sends it as the start).
  return nodes.find((node) => !led.has(node.id))?.id ?? nodes[0]?.id ?? null;
}

/**
 * The node a refusal is about: the first `nodes.N` in the paths of its details (or of the
 * violations' fields), else the node its message names ("Node 'x' …").
 */
export function nodeNamedBy(payload: FlowBody, paths: readonly string[], message: string): string | null {
  for (const path of paths) {
    const match = /(?:^|\.)nodes\.(\d+)(?:\.|$)/.exec(path);
    const node = match ? payload.nodes[Number(match[1])] : undefined;
    if (node) return node.id;
    // An edge's problem (two next nodes for one action) is its source node's.
    const edge = /(?:^|\.)edges\.(\d+)(?:\.|$)/.exec(path);
    const source = edge ? payload.edges?.[Number(edge[1])]?.source : undefined;
    if (source && payload.nodes.some((candidate) => candidate.id === source)) return source;
  }
  // 'Node 'Research' (id 'n1') …' or 'Node 'n1' …': the id.
  const match = /Nodes? (?:'[^']*' \(id '([^']+)'\)|'([^']+)')/.exec(message);
  const named = match?.[1] ?? match?.[2];
  return named && payload.nodes.some((node) => node.id === named) ? named : null;
}
