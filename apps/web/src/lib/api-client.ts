import { errorResponseSchema, type ValidationIssue } from '@nuvem/contracts/common';
import type { z } from 'zod';
import { getAuthToken } from './auth-token';
import { i18n } from './i18n';

/** A failed call: the HTTP status (0 when the network failed) and the server's own message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** Per-field problems of a 400 (`path` such as 'body.email', with zod's code and figures). */
    readonly details?: ValidationIssue[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Send the stored bearer token when there is one (default true). */
  withToken?: boolean;
  /**
   * A 401 reply means the signed-in session has ended (default true). Sign-in, registration,
   * logout and the session check itself say false: their 401 is an answer, not an ended session.
   */
  sessionBound?: boolean;
}

type SessionRejectedListener = (error: ApiError) => void;
const sessionRejectedListeners = new Set<SessionRejectedListener>();

/**
 * Calls `listener` whenever one of the portal's own services answers 401 to a call made with the
 * session: the session has ended (expired, signed out elsewhere, revoked). The auth provider
 * listens and ends the signed-in state at once. Returns the unsubscribe function.
 */
export function onSessionRejected(listener: SessionRejectedListener): () => void {
  sessionRejectedListeners.add(listener);
  return () => sessionRejectedListeners.delete(listener);
}

/** Tells the listeners a session-bound call was refused with 401 (also for calls made without apiRequest). */
export function reportSessionRejected(error: ApiError): void {
  for (const listener of sessionRejectedListeners) listener(error);
}

/**
 * Calls a JSON endpoint and parses the reply with the contract's schema, so what reaches a
 * component is what the contract promises, never a cast. Errors carry the server's `error` text.
 */
export async function apiRequest<S extends z.ZodType>(
  url: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = options.withToken === false ? null : getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, i18n.t('common:errors.network'));
  }

  const payload: unknown = await response.json().catch((error: unknown) => {
    // Cancelled while the body was still arriving (a refetch replaced this one): a cancellation,
    // not a malformed reply.
    if (options.signal?.aborted) throw error;
    return undefined;
  });
  if (!response.ok) {
    const failure = errorResponseSchema.safeParse(payload);
    const error = failure.success
      ? new ApiError(response.status, failure.data.error, failure.data.code, failure.data.details)
      : new ApiError(response.status, `HTTP ${response.status}`);
    if (response.status === 401 && options.sessionBound !== false) reportSessionRejected(error);
    throw error;
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected reply from ${url}`, parsed.error.issues);
    throw new ApiError(response.status, 'Unexpected reply from the server', 'BAD_REPLY');
  }
  return parsed.data;
}
