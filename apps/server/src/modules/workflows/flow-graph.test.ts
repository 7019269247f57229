import { flowBodySchema, type FlowBody } from '@nuvem/contracts/workflows';
import { describe, expect, it } from 'vitest';
import { buildFlowGraph, nextNode } from './flow-graph.js';

const known = (id: string) => id.startsWith('agent_');
const build = (body: FlowBody) => buildFlowGraph(flowBodySchema.parse(body), known);
const node = (id: string, extra: Partial<FlowBody['nodes'][number]> = {}) => ({
  id,
  name: id.toUpperCase(),
  agent_id: 'agent_business',
  ...extra,
});

describe('buildFlowGraph', () => {
  it('turns builder edges into routing, starts at the node nothing leads to and bounds steps by the nodes', () => {
    const built = build({
      name: 'Three',
      nodes: [node('b'), node('a'), node('c')],
      edges: [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'c', action: 'approve' },
      ],
    });
    if (!('graph' in built)) throw new Error(built.problem.message);
    expect(built.graph.startNodeId).toBe('a');
    expect(built.graph.maxSteps).toBe(3);
    expect(built.graph.timeoutMs).toBe(30_000);
    const byId = new Map(built.graph.nodes.map((n) => [n.id, n]));
    expect(byId.get('a')?.next_actions).toEqual({ default: 'b' });
    expect(byId.get('b')?.next_actions).toEqual({ approve: 'c' });
    expect(built.graph.edges.map((e) => [e.source, e.target, e.action])).toEqual([
      ['a', 'b', 'default'],
      ['b', 'c', 'approve'],
    ]);
  });

  it('draws next_actions written on a node as edges too, so the builder reopens them', () => {
    const built = build({ name: 'x', nodes: [node('a', { next_actions: { default: 'b' } }), node('b')] });
    if (!('graph' in built)) throw new Error(built.problem.message);
    expect(built.graph.edges).toEqual([{ id: 'e-a-b-default', source: 'a', target: 'b', action: 'default' }]);
  });

  it.each([
    [
      'an unknown agent',
      { name: 'x', nodes: [node('a', { agent_id: 'nope' })] },
      "Node 'A' (id 'a') uses an unknown agent 'nope'",
      'a',
    ],
    ['two nodes with one id', { name: 'x', nodes: [node('a'), node('a')] }, "Two nodes have the id 'a'", 'a'],
    [
      'a next node that is no node',
      { name: 'x', nodes: [node('a', { next_actions: { default: 'zz' } })] },
      "Node 'A' (id 'a') leads to 'zz', which is not a node of this flow",
      'a',
    ],
    [
      'an edge to no node',
      { name: 'x', nodes: [node('a')], edges: [{ source: 'a', target: 'ghost' }] },
      "An edge names 'ghost', which is not a node of this flow",
      'ghost',
    ],
    [
      'two next nodes for one action',
      {
        name: 'x',
        nodes: [node('a'), node('b'), node('c')],
        edges: [
          { source: 'a', target: 'b' },
          { source: 'a', target: 'c' },
        ],
      },
      "Node 'A' (id 'a') has two next nodes for the action 'default'",
      'a',
    ],
    [
      'nodes the start cannot reach',
      { name: 'x', nodes: [node('a'), node('b'), node('c')], edges: [{ source: 'a', target: 'b' }] },
      "Node 'C' (id 'c') cannot be reached from the start node",
      'c',
    ],
    [
      'a cycle without max_steps',
      {
        name: 'x',
        nodes: [node('a'), node('b'), node('c')],
        edges: [
          { source: 'a', target: 'b' },
          { source: 'b', target: 'c' },
          { source: 'c', target: 'b', action: 'again' },
        ],
      },
      "Node 'B' (id 'b') is on a cycle: set max_steps to bound how many steps a run may take",
      'b',
    ],
    [
      'a start node that is no node',
      { name: 'x', nodes: [node('a')], start_node_id: 'q' },
      "The start node 'q' is not a node of this flow",
      'q',
    ],
  ])('refuses %s, naming the node', (_what, body, message, nodeId) => {
    const built = build(body);
    expect('problem' in built && built.problem).toMatchObject({ message, node: nodeId });
  });

  it('asks for a start node when every node is led to by another', () => {
    const built = build({
      name: 'loop',
      max_steps: 5,
      nodes: [node('a'), node('b')],
      edges: [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'a' },
      ],
    });
    expect('problem' in built && built.problem.message).toMatch(/name the start node/);
    const named = build({
      name: 'loop',
      max_steps: 5,
      start_node_id: 'a',
      nodes: [node('a'), node('b')],
      edges: [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'a' },
      ],
    });
    expect('graph' in named && named.graph.maxSteps).toBe(5);
  });

  it('accepts a bounded cycle and a long chain without recursion limits', () => {
    const ids = Array.from({ length: 50 }, (_, i) => `n${String(i)}`);
    const built = build({
      name: 'chain',
      nodes: ids.map((id) => node(id)),
      edges: ids.slice(1).map((id, i) => ({ source: ids[i] ?? '', target: id })),
    });
    expect('graph' in built && built.graph.maxSteps).toBe(50);
  });

  it("takes next_actions[action], else the node's default, else ends", () => {
    const n = {
      ...flowBodySchema.parse({ name: 'x', nodes: [node('a')] }).nodes[0]!,
      next_actions: { default: 'b', no: 'c' },
    };
    expect(nextNode(n, 'no')).toBe('c');
    expect(nextNode(n, 'maybe')).toBe('b');
    expect(nextNode({ ...n, next_actions: {} }, 'default')).toBeNull();
  });
});
