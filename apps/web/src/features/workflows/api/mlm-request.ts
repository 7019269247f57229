import { securityErrorSchema, type ThreatLevel, type Violation } from '@nuvem/contracts/ai-security';
import { errorResponseSchema } from '@nuvem/contracts/common';
import { workflowConstants } from '@nuvem/contracts/workflows';
import { z } from 'zod';
import { env } from '@/config/env';
import { ApiError, apiRequest, reportSessionRejected, type ApiRequestOptions } from '@/lib/api-client';
import { getAuthToken } from '@/lib/auth-token';
import { i18n } from '@/lib/i18n';

/** A 204 reply: no body. */
export const noContentSchema = z.undefined();

/** `${workflowsApiUrl}/…` with each path segment encoded. */
export function mlmUrl(...segments: string[]): string {
  return [env.workflowsApiUrl, ...segments.map(encodeURIComponent)].join('/');
}

/** Spec 2, "Workflow service": a call that takes longer than 30 s has failed. */
function withTimeout(signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(workflowConstants.timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** A JSON call to the workflow service through the app's API client. */
export function mlmRequest<S extends z.ZodType>(
  segments: string[],
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  return apiRequest(mlmUrl(...segments), schema, { ...options, signal: withTimeout(options.signal) });
}

/**
 * A request the AI security layer refused (spec 2, section 8): 422 'Prompt blocked by AI Security
 * Layer' or 503 'AI Security Layer unavailable - request blocked for safety', with the violations
 * and the threat level the user is shown.
 */
export class WorkflowSecurityError extends ApiError {
  constructor(
    status: number,
    message: string,
    code: string,
    readonly violations: Violation[],
    readonly threatLevel: ThreatLevel,
  ) {
    super(status, message, code);
    this.name = 'WorkflowSecurityError';
  }
}

/**
 * A call whose text the security layer checks (creating, changing or running a flow). The app's
 * client keeps only `error`, `code` and `details` of a failure; these calls also need the
 * violations and threat level of a blocked request, so this reads the reply itself, with the
 * client's rules otherwise (credentials, bearer token, 401 reported, reply parsed by the contract).
 */
export async function guardedMlmRequest<S extends z.ZodType>(
  segments: string[],
  schema: S,
  options: { method: 'POST' | 'PUT'; body: unknown },
): Promise<z.output<S>> {
  const url = mlmUrl(...segments);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method,
      headers,
      credentials: 'include',
      body: JSON.stringify(options.body),
      signal: withTimeout(undefined),
    });
  } catch {
    throw new ApiError(0, i18n.t('common:errors.network'));
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const blocked = securityErrorSchema.safeParse(payload);
    if (blocked.success) {
      const { error, code, violations, threat_level: threatLevel } = blocked.data;
      throw new WorkflowSecurityError(response.status, error, code, violations, threatLevel);
    }
    const failure = errorResponseSchema.safeParse(payload);
    const error = failure.success
      ? new ApiError(response.status, failure.data.error, failure.data.code, failure.data.details)
      : new ApiError(response.status, `HTTP ${String(response.status)}`);
    if (response.status === 401) reportSessionRejected(error);
    throw error;
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected reply from ${url}`, parsed.error.issues);
    throw new ApiError(response.status, i18n.t('common:errors.unexpected'), 'BAD_REPLY');
  }
  return parsed.data;
}
