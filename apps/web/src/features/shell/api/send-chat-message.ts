import { chatResponseSchema, workflowConstants, type ChatBody, type ChatResponse } from '@nuvem/contracts/workflows';
import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { ApiError, apiRequest } from '@/lib/api-client';
import { ChatRequestError } from '../lib/assistant';

/**
 * How long the assistant waits for an answer: the security layer's check (at most 10 s), then the
 * agent's answer (at most the spec's 30 s). Past that the server has given up too.
 */
const CHAT_TIMEOUT_MS = workflowConstants.securityTimeoutMs + workflowConstants.timeoutMs;

export interface SendChatMessageInput {
  agentId: string;
  body: ChatBody;
  /** Aborted when the user starts a new chat while the answer is on its way. */
  signal?: AbortSignal;
}

/**
 * POST /api/mlm/agents/{id}/chat (signed in): one message and the conversation so far. A refusal
 * keeps the security layer's violations and threat level (422, 503) and the Retry-After wait (429)
 * on the `ApiError`; an answer that takes too long fails with 'TIMEOUT'.
 */
export async function sendChatMessage({ agentId, body, signal }: SendChatMessageInput): Promise<ChatResponse> {
  const url = `${env.workflowsApiUrl}/agents/${encodeURIComponent(agentId)}/chat`;
  const timeout = AbortSignal.timeout(CHAT_TIMEOUT_MS);
  try {
    return await apiRequest(url, chatResponseSchema, {
      method: 'POST',
      body,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    const timedOut = error instanceof ApiError ? error.cause : error;
    if (timedOut instanceof DOMException && timedOut.name === 'TimeoutError') {
      throw new ChatRequestError(0, 'The agent took too long to answer', 'TIMEOUT');
    }
    throw error;
  }
}

export function useSendChatMessage() {
  return useMutation({ mutationFn: sendChatMessage });
}
