import type { ThreatLevel, Violation } from '@nuvem/contracts/ai-security';
import { workflowConstants } from '@nuvem/contracts/workflows';
import { z } from 'zod';
import { env } from '@/config/env';
import { ApiError, apiRequest, type ApiRequestOptions } from '@/lib/api-client';

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
  declare readonly violations: Violation[];
  declare readonly threatLevel: ThreatLevel;

  constructor(status: number, message: string, code: string, violations: Violation[], threatLevel: ThreatLevel) {
    super(status, message, code, undefined, { violations, threatLevel });
    this.name = 'WorkflowSecurityError';
  }
}

/**
 * A call whose text the security layer checks (creating, changing or running a flow): a refusal
 * with the layer's violations and threat level becomes a `WorkflowSecurityError`.
 */
export async function guardedMlmRequest<S extends z.ZodType>(
  segments: string[],
  schema: S,
  options: { method: 'POST' | 'PUT'; body: unknown },
): Promise<z.output<S>> {
  try {
    return await mlmRequest(segments, schema, options);
  } catch (error) {
    if (error instanceof ApiError && error.violations && error.threatLevel && error.code) {
      throw new WorkflowSecurityError(error.status, error.message, error.code, error.violations, error.threatLevel);
    }
    throw error;
  }
}
