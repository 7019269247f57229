import { securityErrorSchema } from '@nuvem/contracts/ai-security';
import { errorResponseSchema } from '@nuvem/contracts/common';
import { chatResponseSchema, workflowConstants, type ChatBody, type ChatResponse } from '@nuvem/contracts/workflows';
import { useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { ApiError, reportSessionRejected } from '@/lib/api-client';
import { getAuthToken } from '@/lib/auth-token';
import { i18n } from '@/lib/i18n';
import { ChatRequestError, retryAfterSeconds } from '../lib/assistant';

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
 * POST /api/mlm/agents/{id}/chat (signed in): one message and the conversation so far. The app's
 * client keeps only `error`, `code` and `details` of a failure; a refused message also needs the
 * violations and threat level (422, 503) and the Retry-After wait (429), so this reads the reply
 * itself, with the client's rules otherwise (credentials, bearer token, 401 reported, reply parsed
 * by the contract).
 */
export async function sendChatMessage({ agentId, body, signal }: SendChatMessageInput): Promise<ChatResponse> {
  const url = `${env.workflowsApiUrl}/agents/${encodeURIComponent(agentId)}/chat`;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(CHAT_TIMEOUT_MS);

  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      credentials: 'include',
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new ChatRequestError(0, 'The agent took too long to answer', 'TIMEOUT');
    }
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, i18n.t('common:errors.network'));
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const blocked = securityErrorSchema.safeParse(payload);
    if (blocked.success) {
      const { error, code, violations, threat_level: threatLevel } = blocked.data;
      throw new ChatRequestError(response.status, error, code, { violations, threatLevel });
    }
    const failure = errorResponseSchema.safeParse(payload);
    const retryAfter = retryAfterSeconds(response.headers.get('Retry-After'));
    const error = failure.success
      ? new ChatRequestError(response.status, failure.data.error, failure.data.code, { retryAfter })
      : new ChatRequestError(response.status, `HTTP ${String(response.status)}`, undefined, { retryAfter });
    if (response.status === 401) reportSessionRejected(error);
    throw error;
  }

  const parsed = chatResponseSchema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected reply from ${url}`, parsed.error.issues);
    throw new ApiError(response.status, i18n.t('common:errors.unexpected'), 'BAD_REPLY');
  }
  return parsed.data;
}

export function useSendChatMessage() {
  return useMutation({ mutationFn: sendChatMessage });
}
