import { flowBodySchema, flowSchema, type Agent } from '@nuvem/contracts/workflows';
import { describe, expect, it } from 'vitest';
import {
  agentNode,
  buildFlowPayload,
  edgeWithAction,
  flowToBuilder,
  newEdgeId,
  newNodeId,
  nodeNamedBy,
  startNodeOf,
  type BuilderEdge,
} from './flow-payload';

const research: Agent = {
  id: 'rag',
  name: 'Research Agent',
  description: 'Answers from documents.',
  type: 'rag',
  status: 'available',
  performance: { totalExecutions: 0, avgLatency: 0, successRate: 0 },
  driver: 'offline',
  model: null,
  status_reason: null,
};
const writer: Agent = { ...research, id: 'marketing', name: 'Copywriter', type: 'marketing' };
const fields = { name: 'Brief', description: '', maxSteps: '' };

describe('node and edge ids', () => {
  it("names a node after its agent, with the first number not taken, in the contract's characters", () => {
    expect(newNodeId('Research Agent', [])).toBe('research-agent-1');
    expect(newNodeId('Research Agent', ['research-agent-1', 'research-agent-2'])).toBe('research-agent-3');
    expect(newNodeId('Análise & Decisão!', [])).toBe('analise-decisao-1');
    expect(newNodeId('***', [])).toBe('node-1');
    expect(newNodeId('x'.repeat(100), [])).toMatch(/^x{40}-1$/);
  });

  it('keeps edge ids unique', () => {
    expect(newEdgeId('a', 'b', [])).toBe('e-a-b');
    expect(newEdgeId('a', 'b', ['e-a-b', 'e-a-b-2'])).toBe('e-a-b-3');
  });
});

describe('buildFlowPayload', () => {
  it("sends each node with empty configs, next_actions {} and its position, and the edges with their actions (spec 2's payload)", () => {
    const first = agentNode(research, { x: 40, y: 60.123 }, []);
    const second = agentNode(writer, { x: 300, y: 200 }, [first.id]);
    const edges: BuilderEdge[] = [
      edgeWithAction({ id: 'e1', source: first.id, target: second.id }, undefined),
      edgeWithAction({ id: 'e2', source: second.id, target: first.id }, ' revise '),
    ];
    const payload = buildFlowPayload(
      { name: 'Brief', description: 'Two steps', maxSteps: '6' },
      [first, second],
      edges,
    );
    expect(payload).toEqual({
      name: 'Brief',
      description: 'Two steps',
      nodes: [
        {
          id: 'research-agent-1',
          name: 'Research Agent',
          agent_id: 'rag',
          prep_config: {},
          exec_config: {},
          post_config: {},
          next_actions: {},
          position: { x: 40, y: 60.12 },
        },
        {
          id: 'copywriter-1',
          name: 'Copywriter',
          agent_id: 'marketing',
          prep_config: {},
          exec_config: {},
          post_config: {},
          next_actions: {},
          position: { x: 300, y: 200 },
        },
      ],
      edges: [
        { id: 'e1', source: 'research-agent-1', target: 'copywriter-1' },
        { id: 'e2', source: 'copywriter-1', target: 'research-agent-1', action: 'revise' },
      ],
      max_steps: 6,
      // A pure loop (every node led to): it starts at the first node drawn, as the builder shows.
      start_node_id: 'research-agent-1',
    });
    expect(flowBodySchema.safeParse(payload).success).toBe(true);
  });

  it('sends only the configs the side panel set', () => {
    const node = agentNode(research, { x: 0, y: 0 }, []);
    node.data.prep = { template: 'Summarise {{input}}' };
    node.data.exec = { instructions: '', max_retries: 2, timeout_ms: undefined };
    node.data.post = { output_key: 'summary' };
    const [sent] = buildFlowPayload(fields, [node], []).nodes;
    expect(sent).toMatchObject({
      prep_config: { template: 'Summarise {{input}}' },
      exec_config: { max_retries: 2 },
      post_config: { output_key: 'summary' },
    });
  });
});

describe('flowToBuilder', () => {
  const saved = flowSchema.parse({
    id: 'flw_1',
    name: 'Brief',
    description: 'Two steps',
    nodes: [
      {
        id: 'a',
        name: 'Research',
        agent_id: 'rag',
        prep_config: {},
        exec_config: { instructions: 'Cite' },
        post_config: {},
        next_actions: { default: 'b' },
        position: { x: 120, y: 40 },
      },
      {
        id: 'b',
        name: 'Write',
        agent_id: 'gone',
        prep_config: {},
        exec_config: {},
        post_config: {},
        next_actions: { revise: 'a' },
        position: null,
      },
    ],
    edges: [
      { id: 'e1', source: 'a', target: 'b', action: 'default' },
      { id: 'e2', source: 'b', target: 'a', action: 'revise' },
    ],
    start_node_id: 'a',
    max_steps: 6,
    timeout_ms: 30_000,
    status: 'idle',
    last_execution: null,
    created_at: '2026-03-30T10:00:00.000Z',
    updated_at: '2026-03-30T10:00:00.000Z',
  });

  it('restores the nodes where they were drawn, their configs and the labelled edges', () => {
    const opened = flowToBuilder(saved, [research]);
    expect(opened.nodes.map((node) => [node.id, node.position, node.data.agentType])).toEqual([
      ['a', { x: 120, y: 40 }, 'rag'],
      ['b', { x: 240, y: 0 }, 'other'],
    ]);
    expect(opened.nodes[0]?.data.exec).toEqual({ instructions: 'Cite' });
    expect(opened.edges.map((edge) => [edge.id, edge.label, edge.data])).toEqual([
      ['e1', undefined, {}],
      ['e2', 'revise', { action: 'revise' }],
    ]);
    expect(opened.fields).toEqual({ name: 'Brief', description: 'Two steps', maxSteps: '6' });
  });

  it('keeps a start node chosen apart from the default one, and leaves the defaults to the server', () => {
    // Both nodes are led to: 'a' was named; with no start named the server would refuse.
    expect(flowToBuilder(saved, []).extras).toEqual({ startNodeId: 'a', timeoutMs: undefined });
    const chain = flowSchema.parse({ ...saved, edges: [saved.edges[0]], max_steps: 2, timeout_ms: 60_000 });
    const opened = flowToBuilder(chain, []);
    expect(opened.extras).toEqual({ startNodeId: undefined, timeoutMs: 60_000 });
    expect(opened.fields.maxSteps).toBe('');
    const payload = buildFlowPayload(opened.fields, opened.nodes, opened.edges, opened.extras);
    expect(payload).not.toHaveProperty('max_steps');
    expect(payload).toMatchObject({ timeout_ms: 60_000, edges: [{ id: 'e1', source: 'a', target: 'b' }] });
  });
});

describe('startNodeOf and nodeNamedBy', () => {
  it('starts at the node named, else at the first node nothing leads to, else at the first node', () => {
    const nodes = [{ id: 'a' }, { id: 'b' }];
    expect(startNodeOf(nodes, [{ target: 'a' }])).toBe('b');
    expect(startNodeOf(nodes, [], 'b')).toBe('b');
    expect(startNodeOf(nodes, [], 'gone')).toBe('a');
    // A pure loop starts at the first node drawn.
    expect(startNodeOf(nodes, [{ target: 'a' }, { target: 'b' }])).toBe('a');
    expect(startNodeOf([], [])).toBeNull();
  });

  it("finds the node a refusal is about, from a detail's path or the message", () => {
    const payload = buildFlowPayload(
      fields,
      [agentNode(research, { x: 0, y: 0 }, []), agentNode(writer, { x: 0, y: 0 }, [])],
      [],
    );
    expect(nodeNamedBy(payload, ['body.nodes.1.agent_id'], '')).toBe('copywriter-1');
    expect(nodeNamedBy(payload, [], "Node 'research-agent-1' uses an unknown agent 'x'")).toBe('research-agent-1');
    expect(nodeNamedBy(payload, [], "Nodes 'copywriter-1', 'x' cannot be reached from the start node")).toBe(
      'copywriter-1',
    );
    expect(nodeNamedBy(payload, ['name'], "Node 'nope' is on a cycle")).toBeNull();
    expect(
      nodeNamedBy(
        { ...payload, edges: [{ source: 'copywriter-1', target: 'research-agent-1' }] },
        ['body.edges.0.action'],
        "Node 'Bob's' (id 'copywriter-1') has two next nodes",
      ),
    ).toBe('copywriter-1');
    // The server names a node by its name and its id.
    expect(nodeNamedBy(payload, [], "Node 'Write it (well)' (id 'copywriter-1') is on a cycle: set max_steps")).toBe(
      'copywriter-1',
    );
  });
});
