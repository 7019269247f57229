import type { z } from 'zod';
import { env } from '@/config/env';
import { apiRequest, type ApiRequestOptions } from '@/lib/api-client';

/**
 * A call to the auth service's applications API (bearer header from the stored token when
 * present). Failures use the reply's `error`, else 'HTTP {status}' (what apiRequest does). A 401
 * means the session has ended: apiRequest tells the auth provider, which signs the page out with
 * one message, so spec 8's 'Unauthorized - please refresh the page' is never shown.
 */
export function applicationsRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  return apiRequest(`${env.authUrl}${path}`, schema, options);
}

/** Query keys: every mutation invalidates `applicationKeys.all` (or a narrower key). */
export const applicationKeys = {
  all: ['applications'] as const,
  list: ['applications', 'list'] as const,
  detail: (id: string) => ['applications', 'detail', id] as const,
  keys: (applicationId: string, includeRevoked: boolean) =>
    ['applications', 'keys', applicationId, { includeRevoked }] as const,
  allKeys: (applicationId: string) => ['applications', 'keys', applicationId] as const,
  stats: (applicationId: string, keyId: string, days: number) =>
    ['applications', 'stats', applicationId, keyId, days] as const,
};
