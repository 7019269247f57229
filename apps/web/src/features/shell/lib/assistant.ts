import type { ThreatLevel, Violation } from '@nuvem/contracts/ai-security';
import { chatLimits, flowLimits, type ChatResponse } from '@nuvem/contracts/workflows';
import { ApiError } from '@/lib/api-client';

/** A source a rag answer quotes. */
export type ChatCitation = ChatResponse['citations'][number];

/** One answered exchange's halves, as the conversation keeps them. */
export type ChatTurn =
  | { id: number; role: 'user'; content: string }
  | {
      id: number;
      role: 'assistant';
      agentName: string;
      content: string;
      citations: ChatCitation[];
      /** How many secrets or personal data the security layer removed from the answer. */
      redactions: number;
    };

/**
 * The conversation kept while its user moves between the desktop's slots: in this page's memory
 * only (never in storage), for one user, so a reload, a sign-out or another user starts afresh.
 */
export interface KeptConversation {
  userId: string;
  turns: ChatTurn[];
  agentId: string | undefined;
  draft: string;
  /** The home slot's prompt this conversation already took in (coming back to it does not again). */
  prompt: string;
}
let kept: KeptConversation | null = null;

/** The conversation `userId` left in the assistant, if any; another user's is forgotten. */
export function keptConversation(userId: string | undefined): KeptConversation | null {
  if (kept && kept.userId !== userId) kept = null;
  return kept;
}

/** Keeps (or, with null, forgets) the conversation for the next time the assistant opens. */
export function keepConversation(next: KeptConversation | null): void {
  kept = next;
}

/** A turn of the history sent with a message (the contract's `history` item). */
export interface HistoryTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** Cuts `text` to `max` UTF-16 units without leaving half a surrogate pair (the server refuses one). */
function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The conversation so far as the server takes it: the last `chatLimits.historyMax` turns, each within the contract's length. */
export function chatHistory(turns: readonly ChatTurn[]): HistoryTurn[] {
  return turns
    .slice(-chatLimits.historyMax)
    .map((turn) => ({ role: turn.role, content: cutText(turn.content, flowLimits.inputMax) }));
}

/** The counter appears once a message passes this share of the limit. */
const COUNTER_FROM = 0.8;

/** Whether the character counter is worth showing for a message of `length` characters. */
export function counterVisible(length: number): boolean {
  return length >= chatLimits.messageMax * COUNTER_FROM;
}

/** Spec 2, section 8: loading the agents is retried 3 times. */
export const AGENTS_RETRIES = 3;
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * Retries a failed agents load up to 3 times. A refusal (4xx) will not change on retry, except a
 * timeout (408) and a rate limit (429).
 */
export function retryAgentsLoad(failureCount: number, error: Error): boolean {
  if (failureCount >= AGENTS_RETRIES) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

/** Exponential backoff capped at 30 s: 1 s, 2 s, 4 s, … (`attempt` counts from 0). */
export function agentsRetryDelay(attempt: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);
}

/**
 * A chat message that failed before the server answered (the agent took too long: 'TIMEOUT'), or
 * a refusal built by hand, with the security layer's findings and a rate limit's wait.
 */
export class ChatRequestError extends ApiError {
  constructor(
    status: number,
    message: string,
    code: string | undefined,
    extra: { violations?: Violation[]; threatLevel?: ThreatLevel; retryAfter?: number | null } = {},
  ) {
    super(status, message, code, undefined, {
      violations: extra.violations,
      threatLevel: extra.threatLevel,
      retryAfterSeconds: extra.retryAfter,
    });
    this.name = 'ChatRequestError';
  }
}

/** What went wrong with a message, as the assistant explains it. */
export type ChatFailure =
  | { kind: 'blocked'; messages: string[]; threatLevel: ThreatLevel | null }
  | { kind: 'securityOffline' }
  | { kind: 'tokens' }
  | { kind: 'rateLimited'; seconds: number | null }
  | { kind: 'noAnswer' }
  | { kind: 'timeout' }
  | { kind: 'agentGone' }
  | { kind: 'session' }
  | { kind: 'network'; message: string }
  | { kind: 'refused'; message: string }
  | { kind: 'failed'; message: string };

export function chatFailure(error: unknown): ChatFailure {
  if (!(error instanceof ApiError)) {
    return { kind: 'failed', message: error instanceof Error ? error.message : '' };
  }
  if (error.code === 'PROMPT_BLOCKED' || (error.status === 422 && error.violations)) {
    const messages = [...new Set((error.violations ?? []).map((violation) => violation.message))];
    return { kind: 'blocked', messages, threatLevel: error.threatLevel ?? null };
  }
  if (error.code === 'SECURITY_LAYER_OFFLINE') return { kind: 'securityOffline' };
  if (error.code === 'TOKENS_EXHAUSTED' || error.status === 402) return { kind: 'tokens' };
  if (error.status === 429) return { kind: 'rateLimited', seconds: error.retryAfterSeconds ?? null };
  if (error.code === 'TIMEOUT') return { kind: 'timeout' };
  if (error.status === 502) return { kind: 'noAnswer' };
  if (error.status === 404) return { kind: 'agentGone' };
  if (error.status === 401) return { kind: 'session' };
  if (error.status === 0) return { kind: 'network', message: error.message };
  if (error.status === 400) return { kind: 'refused', message: error.message };
  return { kind: 'failed', message: error.message };
}
