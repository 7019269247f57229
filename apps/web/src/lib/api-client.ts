import { securityErrorSchema, type ThreatLevel, type Violation } from '@nuvem/contracts/ai-security';
import { errorResponseSchema, type ValidationIssue } from '@nuvem/contracts/common';
import type { z } from 'zod';
import { getAuthToken } from './auth-token';
import { i18n } from './i18n';

/** What a failure may carry besides its status, message and code. */
export interface ApiErrorExtra {
  /** The AI security layer's findings of a refused text (422 PROMPT_BLOCKED, 503 SECURITY_LAYER_OFFLINE). */
  violations?: Violation[];
  threatLevel?: ThreatLevel;
  /** The wait a 429 (or 503) asked for in its Retry-After header, in whole seconds. */
  retryAfterSeconds?: number | null;
  /** The reply's status text ('Bad Request'). */
  statusText?: string;
  /** The failure's body as it came (parsed JSON), for what no field above keeps. */
  body?: unknown;
  /** What made the call fail before a reply came (a network error, a timeout). */
  cause?: unknown;
}

/** A failed call: the HTTP status (0 when the network failed) and the server's own message. */
export class ApiError extends Error {
  readonly violations?: Violation[];
  readonly threatLevel?: ThreatLevel;
  readonly retryAfterSeconds?: number | null;
  readonly statusText?: string;
  readonly body?: unknown;

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** Per-field problems of a 400 (`path` such as 'body.email', with zod's code and figures). */
    readonly details?: ValidationIssue[],
    extra: ApiErrorExtra = {},
  ) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'ApiError';
    this.violations = extra.violations;
    this.threatLevel = extra.threatLevel;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.statusText = extra.statusText;
    this.body = extra.body;
  }

  /** The per-field problems of a 400 (the contract calls them `details`). */
  get fieldErrors(): ValidationIssue[] | undefined {
    return this.details;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded, except a Blob (an uploaded file), which is sent as it is with `contentType`. */
  body?: unknown;
  /** The Content-Type of a Blob body (default: the Blob's own type). */
  contentType?: string;
  signal?: AbortSignal;
  /** Send the stored bearer token when there is one (default true). */
  withToken?: boolean;
  /** Send cookies (default true); a public catalogue read says false. */
  withCredentials?: boolean;
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
 * A Retry-After header in whole seconds (it is either seconds or an HTTP date), or null when
 * absent or unreadable.
 */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** The error of a non-ok reply: the server's text, code and field problems, or the security layer's findings. */
export function failedReplyError(response: Response, payload: unknown): ApiError {
  const extra: ApiErrorExtra = {
    retryAfterSeconds: retryAfterSeconds(response.headers.get('Retry-After')),
    statusText: response.statusText,
    body: payload,
  };
  const blocked = securityErrorSchema.safeParse(payload);
  if (blocked.success) {
    const { error, code, violations, threat_level: threatLevel } = blocked.data;
    return new ApiError(response.status, error, code, undefined, { ...extra, violations, threatLevel });
  }
  const failure = errorResponseSchema.safeParse(payload);
  return failure.success
    ? new ApiError(response.status, failure.data.error, failure.data.code, failure.data.details, extra)
    : new ApiError(response.status, `HTTP ${String(response.status)}`, undefined, undefined, extra);
}

function requestBody(options: ApiRequestOptions): { body: BodyInit | undefined; contentType: string } {
  if (options.body instanceof Blob) {
    return { body: options.body, contentType: options.contentType ?? options.body.type };
  }
  return {
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    contentType: 'application/json',
  };
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
  const { body, contentType } = requestBody(options);
  // The portal's language, not only the browser's: the server writes the user's mail in it.
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    Accept: 'application/json',
    'Accept-Language': i18n.resolvedLanguage ?? i18n.language,
  };
  const token = options.withToken === false ? null : getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      credentials: options.withCredentials === false ? undefined : 'include',
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, i18n.t('common:errors.network'), undefined, undefined, { cause: error });
  }

  const payload: unknown = await response.json().catch((error: unknown) => {
    // Cancelled while the body was still arriving (a refetch replaced this one): a cancellation,
    // not a malformed reply.
    if (options.signal?.aborted) throw error;
    return undefined;
  });
  if (!response.ok) {
    const error = failedReplyError(response, payload);
    if (response.status === 401 && options.sessionBound !== false) reportSessionRejected(error);
    throw error;
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected reply from ${url}`, parsed.error.issues);
    throw new ApiError(response.status, i18n.t('common:errors.unexpected'), 'BAD_REPLY');
  }
  return parsed.data;
}
