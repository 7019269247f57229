import type { z } from 'zod';
import { env } from '@/config/env';
import { ApiError, apiRequest, type ApiRequestOptions } from '@/lib/api-client';

export const UNAUTHORIZED_MESSAGE = 'Unauthorized - please refresh the page';

/**
 * A call to the auth service's applications API (bearer header from the stored token when
 * present). Spec: a 401 reads 'Unauthorized - please refresh the page' and the token is kept;
 * other failures use the reply's `error`, else 'HTTP {status}' (what apiRequest already does).
 */
export async function applicationsRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  try {
    return await apiRequest(`${env.authUrl}${path}`, schema, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new ApiError(401, UNAUTHORIZED_MESSAGE, error.code);
    throw error;
  }
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
