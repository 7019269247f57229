import type { AgentDriver, AgentType, Citation } from '@nuvem/contracts/workflows';

/** One agent of the registry (GET /api/mlm/agents): what it is; its status and figures are computed. */
export interface AgentDefinition {
  id: string;
  name: string;
  description: string;
  type: AgentType;
  /** The system prompt an `llm` agent is given (the offline driver follows its own templates). */
  systemPrompt: string;
}

/**
 * A passage of one of the user's knowledge-base documents; `flagged` when the AI security layer
 * found instructions aimed at the AI in it (the agent got it as quoted data).
 */
export type { Citation } from '@nuvem/contracts/workflows';

/** One earlier turn of a chat: what the user wrote, or what the agent answered. */
export interface ConversationTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AgentCall {
  agent: AgentDefinition;
  userId: string;
  /** What prep produced for this step (the rendered template); in a chat, the new message alone. */
  input: string;
  /**
   * A chat's earlier turns, oldest first: the conversation as data (a model gets them as its own
   * messages), never text put into `input`. The rag agent retrieves for `input` only.
   */
  history?: readonly ConversationTurn[] | undefined;
  /** exec_config.instructions, when the node has them. */
  instructions?: string | undefined;
  /** Aborted on the step's timeout, the run's timeout, a cancellation or a shutdown. */
  signal: AbortSignal;
  /** Streaming: each piece of the answer as it arrives (the `llm` driver; offline gives the whole answer once). */
  onDelta?: ((text: string) => void) | undefined;
}

export interface AgentResult {
  output: string;
  /** An action the agent suggests to post (e.g. the business agent's 'approve' or 'review'). */
  action?: string | undefined;
  citations: Citation[];
  /** Model tokens used (prompt + completion); 0 for the offline driver. */
  tokens: number;
}

/** Runs agents: `offline` (deterministic, the default) or `llm` (an OpenAI-compatible chat endpoint). */
export interface AgentRuntime {
  driver: AgentDriver;
  /** The model name of the `llm` driver, else null. */
  model: string | null;
  call(call: AgentCall): Promise<AgentResult>;
  /** Whether the driver can answer now (the `llm` driver asks its endpoint, cached briefly). */
  health(): Promise<{ ok: boolean; reason?: string }>;
}

/** Where the rag agent retrieves from: the user's own knowledge-base documents. */
export interface KnowledgeSource {
  /** A value that changes whenever the user's documents change (a cheap query: the index is kept by it). */
  version(userId: string): Promise<string>;
  /** The user's documents, read only when their version is not the cached index's. */
  documents(userId: string): Promise<{ id: string; title: string; content: string }[]>;
}

/** An error of an agent call that is worth retrying (a timeout, a 429 or 5xx of the model endpoint). */
export class AgentCallError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'AgentCallError';
  }
}
