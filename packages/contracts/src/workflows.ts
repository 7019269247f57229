import { z } from 'zod';
import { AI_SECURITY_MAX_PROMPT_BYTES, severities, threatLevels, violationSchema } from './ai-security';

/**
 * The workflow service (spec 2: "Agents dashboard", the Agent, Flow, Builder node/edge and
 * Execution entities, "Workflow service" at /api/mlm, the dashboard and workflow constants).
 * Flows are graphs of agent nodes run by the prep -> exec -> post engine (PocketFlow's model).
 */
export const WORKFLOWS_BASE_PATH = '/api/mlm';

/** Spec 2, "Dashboard and workflow". */
export const workflowConstants = {
  zoomMin: 0.5,
  zoomMax: 2,
  grid: 20,
  agentListMaxHeight: 600,
  minimap: { width: 200, height: 150 },
  staleMs: 30_000,
  refetchMs: 60_000,
  /** The client's request timeout and the default per-step and per-run timeouts of the engine. */
  timeoutMs: 30_000,
  securityTimeoutMs: 10_000,
  backendPort: 3030,
} as const;

/** Limits of a flow (beyond the spec: what one flow may hold). */
export const flowLimits = {
  maxNodes: 50,
  maxEdges: 200,
  nameMax: 120,
  descriptionMax: 2_000,
  nodeNameMax: 80,
  /** A template, instructions or fallback text of one node. */
  textMax: 8_000,
  /** Bound on the steps of one run: a flow with a cycle must declare one. */
  maxStepsMax: 200,
  /** Per-step timeout ceiling (the spec's 30 s) and per-run timeout ceiling. */
  stepTimeoutMaxMs: 30_000,
  runTimeoutMaxMs: 300_000,
  retriesMax: 5,
  retryWaitMaxMs: 10_000,
  /**
   * A run's budget besides its steps (maxStepsMax) and time (runTimeoutMaxMs): the characters its
   * steps may hold in all (their inputs and outputs, as stored and shown), and the processing time its steps may take
   * on the server (the offline agents' work, the output scan). A run past either ends `failed`.
   */
  runTextCharsMax: 1_000_000,
  runCpuMsMax: 20_000,
  /** The input of one execution (the AI security layer's own limit is 32 KB). */
  inputMax: 16_000,
  flowsPerUser: 200,
} as const;

export const agentTypes = ['rag', 'business', 'development', 'marketing'] as const;
export type AgentType = (typeof agentTypes)[number];
export const agentStatuses = ['available', 'busy', 'offline'] as const;
export type AgentStatus = (typeof agentStatuses)[number];
/** How the agents answer: `offline` (deterministic, no model; the default) or `llm` (an OpenAI-compatible model). */
export const agentDrivers = ['offline', 'llm'] as const;
export type AgentDriver = (typeof agentDrivers)[number];

/** Spec 2: the status dot (available green, busy amber, offline red) and the minimap colours by type. */
export const agentStatusColors: Record<AgentStatus, string> = {
  available: '#22c55e',
  busy: '#f59e0b',
  offline: '#ef4444',
};
export const agentTypeColors: Record<AgentType | 'other', string> = {
  rag: '#a855f7',
  business: '#3b82f6',
  development: '#22c55e',
  marketing: '#f59e0b',
  other: '#6b7280',
};

export const agentPerformanceSchema = z.object({
  totalExecutions: z.number().int().nonnegative(),
  /** Mean duration of the agent's steps, ms. */
  avgLatency: z.number().nonnegative(),
  /** Share of its steps that succeeded, 0..1 (0 before its first run). */
  successRate: z.number().min(0).max(1),
});
export type AgentPerformance = z.infer<typeof agentPerformanceSchema>;

export const agentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(agentTypes),
  status: z.enum(agentStatuses),
  performance: agentPerformanceSchema,
  driver: z.enum(agentDrivers),
  /** The model behind an `llm` agent. */
  model: z.string().nullable(),
  /** Why an agent is offline, when it is. */
  status_reason: z.string().nullable(),
});
export type Agent = z.infer<typeof agentSchema>;

export const agentListResponseSchema = z.object({ agents: z.array(agentSchema) });
export type AgentListResponse = z.infer<typeof agentListResponseSchema>;

const nodeIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w.-]+$/, 'use letters, digits, ".", "_" or "-"');
const actionSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[\w.-]+$/, 'use letters, digits, ".", "_" or "-"');
const storeKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z_][\w]*$/, 'use letters, digits and "_", not starting with a digit');
const longText = z.string().max(flowLimits.textMax);

/**
 * prep: what the node reads from the run's shared store. `input_key` (default: the previous
 * node's output, or the run's input for the first node) and an optional `template` in which
 * `{{input}}` is that value and `{{store.key}}` any stored value.
 */
export const prepConfigSchema = z
  .object({
    input_key: storeKeySchema.optional(),
    template: longText.optional(),
  })
  .strict();
export type PrepConfig = z.infer<typeof prepConfigSchema>;

/** exec: how the agent is called: extra instructions, retries with a wait, a timeout and a fallback answer. */
export const execConfigSchema = z
  .object({
    instructions: longText.optional(),
    max_retries: z.number().int().min(0).max(flowLimits.retriesMax).optional(),
    retry_wait_ms: z.number().int().min(0).max(flowLimits.retryWaitMaxMs).optional(),
    timeout_ms: z.number().int().min(100).max(flowLimits.stepTimeoutMaxMs).optional(),
    /** Used as the output when every attempt failed; without it the step (and the run) fails. */
    fallback: longText.optional(),
  })
  .strict();
export type ExecConfig = z.infer<typeof execConfigSchema>;

/**
 * post: where the output is written (`output_key`, default the node id) and which action follows:
 * the first rule whose text the output contains, else `action`, else the agent's own suggestion,
 * else 'default'.
 */
export const postConfigSchema = z
  .object({
    output_key: storeKeySchema.optional(),
    action: actionSchema.optional(),
    rules: z
      .array(z.object({ contains: z.string().min(1).max(200), action: actionSchema }).strict())
      .max(20)
      .optional(),
  })
  .strict();
export type PostConfig = z.infer<typeof postConfigSchema>;

export const DEFAULT_ACTION = 'default';

/** next_actions: action -> node id. The builder sends `{}` or `[]` for a node it just created. */
export const nextActionsSchema = z
  .union([
    z.record(actionSchema, nodeIdSchema),
    z.array(z.object({ action: actionSchema, target: nodeIdSchema }).strict()).max(50),
  ])
  .transform((value) =>
    Array.isArray(value) ? Object.fromEntries(value.map((entry) => [entry.action, entry.target])) : value,
  );

const positionSchema = z.object({ x: z.number(), y: z.number() });

export const flowNodeInputSchema = z.object({
  id: nodeIdSchema,
  name: z.string().trim().min(1).max(flowLimits.nodeNameMax),
  agent_id: z.string().trim().min(1).max(64),
  prep_config: prepConfigSchema.default({}),
  exec_config: execConfigSchema.default({}),
  post_config: postConfigSchema.default({}),
  next_actions: nextActionsSchema.default({}),
  /** Where the builder drew it (beyond the spec: a saved flow reopens as it was drawn). */
  position: positionSchema.optional(),
});
export type FlowNodeInput = z.input<typeof flowNodeInputSchema>;
export type FlowNode = z.output<typeof flowNodeInputSchema>;

/** A builder edge: from one node to another, taken on `action` (default 'default'). */
export const flowEdgeInputSchema = z.object({
  id: z.string().trim().min(1).max(100).optional(),
  source: nodeIdSchema,
  target: nodeIdSchema,
  action: actionSchema.optional(),
});
export type FlowEdgeInput = z.input<typeof flowEdgeInputSchema>;

export const flowBodySchema = z.object({
  name: z.string().trim().min(1).max(flowLimits.nameMax),
  description: z.string().trim().max(flowLimits.descriptionMax).default(''),
  nodes: z.array(flowNodeInputSchema).min(1, 'a flow needs at least one node').max(flowLimits.maxNodes),
  edges: z.array(flowEdgeInputSchema).max(flowLimits.maxEdges).default([]),
  /** Where a run starts: default the first node no other node leads to. */
  start_node_id: nodeIdSchema.optional(),
  /** Bound on the steps of a run; required when the graph has a cycle (default: the number of nodes). */
  max_steps: z
    .number()
    .int()
    .min(1)
    .max(
      flowLimits.maxStepsMax,
      `a run takes at most ${String(flowLimits.maxStepsMax)} steps (a run's budget: also ${flowLimits.runTextCharsMax.toLocaleString('en')} characters of step inputs and outputs and ${String(flowLimits.runCpuMsMax / 1000)} s of processing time)`,
    )
    .optional(),
  /** Per-run timeout (default 30 s, the spec's workflow timeout). */
  timeout_ms: z
    .number()
    .int()
    .min(1_000)
    .max(flowLimits.runTimeoutMaxMs, `a run lasts at most ${String(flowLimits.runTimeoutMaxMs / 1000)} s`)
    .optional(),
});
export type FlowBody = z.input<typeof flowBodySchema>;
export type ParsedFlowBody = z.output<typeof flowBodySchema>;

export const executionStatuses = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ExecutionStatus = (typeof executionStatuses)[number];
export const finishedStatuses: readonly ExecutionStatus[] = ['completed', 'failed', 'cancelled'];

/** A flow's status: idle, or running while one of its executions is queued or running. */
export const flowStatuses = ['idle', 'running'] as const;
export type FlowStatus = (typeof flowStatuses)[number];

const executionSummarySchema = z.object({
  id: z.string(),
  status: z.enum(executionStatuses),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export const flowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  nodes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      agent_id: z.string(),
      prep_config: prepConfigSchema,
      exec_config: execConfigSchema,
      post_config: postConfigSchema,
      next_actions: z.record(z.string(), z.string()),
      position: positionSchema.nullable(),
    }),
  ),
  edges: z.array(z.object({ id: z.string(), source: z.string(), target: z.string(), action: z.string() })),
  start_node_id: z.string(),
  max_steps: z.number().int(),
  timeout_ms: z.number().int(),
  status: z.enum(flowStatuses),
  last_execution: executionSummarySchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Flow = z.infer<typeof flowSchema>;

export const flowListResponseSchema = z.object({ flows: z.array(flowSchema) });
export type FlowListResponse = z.infer<typeof flowListResponseSchema>;

export const executeBodySchema = z.object({
  input: z
    .string()
    .max(flowLimits.inputMax)
    // The AI security layer reads at most 32 KB: 16,000 characters of Chinese or emoji are more.
    .refine(
      (s) => new TextEncoder().encode(s).length <= AI_SECURITY_MAX_PROMPT_BYTES,
      `must be at most ${String(AI_SECURITY_MAX_PROMPT_BYTES / 1024)} KB`,
    )
    .default(''),
});
export type ExecuteBody = z.input<typeof executeBodySchema>;

/**
 * A passage a rag answer cites. `flagged`: the AI security layer found instructions aimed at the AI
 * in it (its document is flagged and quoted, or the passage itself was): the agent got it as quoted
 * data with a warning, and the user is shown one too. Absent on passages nothing was found in.
 */
export const citationSchema = z.object({
  document_id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  flagged: z.boolean().optional(),
});
export type Citation = z.infer<typeof citationSchema>;

export const stepStatuses = ['running', 'completed', 'failed'] as const;
export const executionStepSchema = z.object({
  index: z.number().int(),
  node_id: z.string(),
  node_name: z.string(),
  agent_id: z.string(),
  status: z.enum(stepStatuses),
  input: z.string(),
  output: z.string().nullable(),
  /** The action post returned (the edge taken next), once the step is done. */
  action: z.string().nullable(),
  attempts: z.number().int(),
  /** True when every attempt failed and exec_config.fallback answered. */
  used_fallback: z.boolean(),
  started_at: z.string(),
  duration_ms: z.number().nullable(),
  error: z.string().nullable(),
  /** Sources a rag answer cites. */
  citations: z.array(citationSchema),
  /** What the output scan found (secrets and personal data are already redacted from `output`). */
  findings: z.array(violationSchema),
  tokens: z.number().int(),
});
export type ExecutionStep = z.infer<typeof executionStepSchema>;

export const executionErrorCodes = [
  'STEP_FAILED',
  'STEP_TIMEOUT',
  'RUN_TIMEOUT',
  'MAX_STEPS',
  'INTERRUPTED',
  'TOKENS_EXHAUSTED',
  'FLOW_DELETED',
  'PROMPT_BLOCKED',
  'SECURITY_LAYER_OFFLINE',
  'TEXT_BUDGET',
  'CPU_BUDGET',
] as const;

export const executionSchema = z.object({
  id: z.string(),
  flow_id: z.string(),
  status: z.enum(executionStatuses),
  input: z.string(),
  /** The last step's output, once completed. */
  output: z.string().nullable(),
  steps: z.array(executionStepSchema),
  /** The node running now (or next), while the run is not finished. */
  current_node_id: z.string().nullable(),
  error: z
    .object({ code: z.enum(executionErrorCodes), message: z.string(), node_id: z.string().nullable() })
    .nullable(),
  tokens_used: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type Execution = z.infer<typeof executionSchema>;

export const executionListResponseSchema = z.object({ executions: z.array(executionSchema) });

export const workflowHealthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  driver: z.enum(agentDrivers),
  model: z.string().nullable(),
  agents: z.number().int(),
  security_layer: z.enum(['ok', 'unavailable']),
});

/** Realtime payloads (spec 2, "Realtime"), with the fields a live view needs beside the spec's. */
export const executionUpdatedEventSchema = z.object({
  id: z.string(),
  flow_id: z.string(),
  status: z.enum(executionStatuses),
  current_node_id: z.string().nullable(),
  steps: z.number().int(),
});
export const flowUpdatedEventSchema = z.object({ flowId: z.string(), status: z.enum(flowStatuses) });
export const agentUpdatedEventSchema = z.object({
  agentId: z.string(),
  status: z.enum(agentStatuses),
  metrics: agentPerformanceSchema,
});

/** Knowledge base of the rag agent (beyond the spec): documents the user pastes or uploads. */
export const knowledgeLimits = {
  titleMax: 200,
  contentMax: 200_000,
  documentsPerUser: 500,
  /** All of one user's documents together (the rag agent's index is built from them in memory). */
  charactersPerUser: 5_000_000,
} as const;
export const knowledgeDocumentBodySchema = z.object({
  title: z.string().trim().min(1).max(knowledgeLimits.titleMax),
  content: z.string().trim().min(1).max(knowledgeLimits.contentMax),
});
export type KnowledgeDocumentBody = z.input<typeof knowledgeDocumentBodySchema>;
/**
 * What retrieval does with a document the AI security layer flagged, the user's choice: 'exclude'
 * (never retrieved; the default) or 'quote' (retrieved, handed to the agent as quoted data with a
 * warning, its citations marked flagged).
 */
export const knowledgeHandlings = ['exclude', 'quote'] as const;
export type KnowledgeHandling = (typeof knowledgeHandlings)[number];
/** At most this many findings are kept with a flagged document, each with this much of its evidence. */
export const knowledgeFindingLimits = { findings: 5, evidenceMax: 200 } as const;
export const knowledgeFindingSchema = z.object({
  type: z.string(),
  severity: z.enum(severities),
  message: z.string(),
  /** The document's text that was found (at most knowledgeFindingLimits.evidenceMax characters). */
  text: z.string(),
});
export type KnowledgeFinding = z.infer<typeof knowledgeFindingSchema>;
export const knowledgeSecuritySchema = z.object({
  /** Instructions aimed at the AI (or a secret) were found in it when it was added. */
  flagged: z.boolean(),
  /** The highest threat found; null for a document added before documents were scanned (scanned when next read). */
  threat_level: z.enum(threatLevels).nullable(),
  findings: z.array(knowledgeFindingSchema),
  handling: z.enum(knowledgeHandlings),
});
export type KnowledgeSecurity = z.infer<typeof knowledgeSecuritySchema>;
export const knowledgeDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  characters: z.number().int(),
  created_at: z.string(),
  security: knowledgeSecuritySchema,
});
export type KnowledgeDocument = z.infer<typeof knowledgeDocumentSchema>;
export const knowledgeListResponseSchema = z.object({ documents: z.array(knowledgeDocumentSchema) });
/** PATCH /api/mlm/knowledge/{id}: what retrieval does with the document if it is flagged. */
export const knowledgeDocumentPatchSchema = z.object({ security_handling: z.enum(knowledgeHandlings) }).strict();
export type KnowledgeDocumentPatch = z.infer<typeof knowledgeDocumentPatchSchema>;

/** A node as a message names it: by the name its author gave it, with its id when they differ. */
export interface NodeRef {
  id: string;
  name?: string | undefined;
}
/** `'Research' (id 'n1')`, or `'n1'` for a node without another name. */
export function nodeLabel(node: NodeRef): string {
  const name = node.name?.trim();
  return name && name !== node.id ? `'${name}' (id '${node.id}')` : `'${node.id}'`;
}

/** The workflow errors of spec 2, and this service's own. */
export const workflowMessages = {
  flowNotFound: 'Flow not found',
  executionNotFound: 'Execution not found',
  agentNotFound: 'Agent not found',
  documentNotFound: 'Document not found',
  unknownAgent: (node: NodeRef, agent: string) => `Node ${nodeLabel(node)} uses an unknown agent '${agent}'`,
  duplicateNode: (node: string) => `Two nodes have the id '${node}'`,
  unknownTarget: (node: NodeRef, target: string) =>
    `Node ${nodeLabel(node)} leads to '${target}', which is not a node of this flow`,
  unknownEdgeNode: (node: string) => `An edge names '${node}', which is not a node of this flow`,
  duplicateAction: (node: NodeRef, action: string) =>
    `Node ${nodeLabel(node)} has two next nodes for the action '${action}'`,
  unknownStart: (node: string) => `The start node '${node}' is not a node of this flow`,
  noStart: 'Every node is led to by another: name the start node (start_node_id)',
  unreachable: (nodes: NodeRef[]) =>
    `Node${nodes.length > 1 ? 's' : ''} ${nodes.map(nodeLabel).join(', ')} cannot be reached from the start node`,
  unboundedCycle: (node: NodeRef) =>
    `Node ${nodeLabel(node)} is on a cycle: set max_steps to bound how many steps a run may take`,
  tooManyFlows: `A user may keep at most ${String(flowLimits.flowsPerUser)} flows`,
  notCancellable: 'This execution has already finished',
  tokensExhausted: 'Your token balance is used up: buy tokens on the pricing page to run model agents',
  flowSaveFailed: 'Failed to save flow',
  userNotAuthenticated: 'User not authenticated',
} as const;

/** The assistant (dock slot 2) talks to one agent through the same service: a message and the conversation so far. */
export const chatLimits = { messageMax: 4_000, historyMax: 20 } as const;
export const chatBodySchema = z.object({
  message: z.string().trim().min(1).max(chatLimits.messageMax),
  history: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(flowLimits.inputMax) }))
    .max(chatLimits.historyMax)
    .default([]),
});
export type ChatBody = z.input<typeof chatBodySchema>;
export const chatResponseSchema = z.object({
  agent_id: z.string(),
  output: z.string(),
  citations: z.array(citationSchema),
  findings: z.array(violationSchema),
  tokens: z.number().int(),
  duration_ms: z.number(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;
