import { securityErrorSchema, type ThreatLevel, type Violation } from '@nuvem/contracts/ai-security';
import { errorResponseSchema, type ValidationIssue } from '@nuvem/contracts/common';
import { ORGANIZATION_HEADER, permissions as allPermissions, type Permission, type Role } from '@nuvem/contracts/orgs';
import { useSyncExternalStore } from 'react';
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
  /**
   * Name the current workspace with the organisation header when it is an organisation (default
   * true). Calls that belong to no workspace (the list of workspaces, an invitation) say false, so a
   * removed member can still list where they belong.
   */
  workspace?: boolean;
}

/**
 * The workspace the portal acts in (issue 34). `organisationId` null is the caller's personal
 * workspace, which the session names by itself (no header). `permissions` is what the caller's role
 * there allows, null while not known yet (then nothing role-bound is offered; the server decides).
 */
export interface ActingWorkspace {
  organisationId: string | null;
  permissions: readonly Permission[] | null;
  /** The caller's role there (owner in the personal workspace), null or absent while not known: a refusal names it. */
  role?: Role | null;
}

/** The personal workspace: its owner may do everything in it. */
export const personalWorkspace: ActingWorkspace = { organisationId: null, permissions: allPermissions, role: 'owner' };

// Kept here because every call reads it; set by the workspace provider (features/organisations),
// read by screens of every feature through `useCan` (features do not import each other).
let actingWorkspace: ActingWorkspace = personalWorkspace;
const workspaceListeners = new Set<() => void>();

export function getActingWorkspace(): ActingWorkspace {
  return actingWorkspace;
}

/** Makes `next` the workspace every later call acts in, and tells the listeners when it changed. */
export function setActingWorkspace(next: ActingWorkspace): void {
  const same =
    next.organisationId === actingWorkspace.organisationId &&
    (next.role ?? null) === (actingWorkspace.role ?? null) &&
    (next.permissions === actingWorkspace.permissions ||
      (next.permissions !== null &&
        actingWorkspace.permissions !== null &&
        next.permissions.length === actingWorkspace.permissions.length &&
        next.permissions.every((p) => actingWorkspace.permissions?.includes(p))));
  if (same) return;
  actingWorkspace = next;
  for (const listener of [...workspaceListeners]) listener();
}

/** Calls `listener` whenever the acting workspace (or what it allows) changes. Returns the unsubscribe function. */
export function onActingWorkspaceChange(listener: () => void): () => void {
  workspaceListeners.add(listener);
  return () => workspaceListeners.delete(listener);
}

/** The header that names an organisation workspace; none for the personal one. */
export function workspaceHeaders(organisationId: string | null): Record<string, string> {
  return organisationId ? { [ORGANIZATION_HEADER]: organisationId } : {};
}

/** The acting workspace as React state. */
export function useActingWorkspace(): ActingWorkspace {
  return useSyncExternalStore(onActingWorkspaceChange, getActingWorkspace, getActingWorkspace);
}

/**
 * Whether the caller's role in the current workspace allows `permission`: screens hide the
 * controls it does not (a viewer sees no create or delete button). The server refuses anyway.
 */
export function useCan(permission: Permission): boolean {
  return useActingWorkspace().permissions?.includes(permission) ?? false;
}

/**
 * What the caller's role in the current workspace says about `permission`: allowed; not known yet
 * (the list of workspaces is loading: offer nothing role-bound, say nothing); or refused, with the
 * role to name in the reason shown instead of the control (null when it is not known).
 */
export type PermissionStanding = { kind: 'allowed' } | { kind: 'unknown' } | { kind: 'refused'; role: Role | null };

export function permissionStanding(workspace: ActingWorkspace, permission: Permission): PermissionStanding {
  if (workspace.permissions === null) return { kind: 'unknown' };
  if (workspace.permissions.includes(permission)) return { kind: 'allowed' };
  return { kind: 'refused', role: workspace.role ?? null };
}

/** `permissionStanding` in the current workspace, as React state. */
export function usePermissionStanding(permission: Permission): PermissionStanding {
  return permissionStanding(useActingWorkspace(), permission);
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
  if (options.workspace !== false) Object.assign(headers, workspaceHeaders(actingWorkspace.organisationId));

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
