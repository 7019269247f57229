import type { z } from 'zod';
import { env } from '@/config/env';
import { ApiError, apiRequest, type ApiRequestOptions } from '@/lib/api-client';
import { clearAuthToken } from '@/lib/auth-token';
import { i18n } from '@/lib/i18n';

/**
 * A call to the container API (spec: credentials included, bearer token when stored). A 401
 * clears the stored token and reads 'Session expired…'; other failures keep the server's text
 * (and its per-field details), else 'Request failed: {statusText}'. Messages are in the language
 * in use when the call fails.
 */
export async function containerRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  try {
    return await apiRequest(`${env.containerApiUrl}${path}`, schema, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearAuthToken();
      throw new ApiError(401, i18n.t('containers:errors.sessionExpired'), error.code);
    }
    if (error instanceof ApiError && /^HTTP \d+$/.test(error.message)) {
      throw new ApiError(
        error.status,
        i18n.t('containers:errors.requestFailed', { status: statusText(error.status) }),
        error.code,
        error.details,
      );
    }
    throw error;
  }
}

const knownStatuses = ['400', '403', '404', '409', '429', '500', '502', '503', '504'] as const;

function statusText(status: number): string {
  const known = knownStatuses.find((s) => s === String(status));
  return known ? i18n.t(`containers:errors.httpStatus.${known}`) : String(status);
}

/** The query keys of the feature: every mutation invalidates `containerKeys.all`. */
export const containerKeys = {
  all: ['containers'] as const,
  list: (params: { page: number; perPage: number; status?: string | undefined }) =>
    ['containers', 'list', params] as const,
  detail: (id: string) => ['containers', 'detail', id] as const,
  metrics: (id: string) => ['containers', 'metrics', id] as const,
  history: (id: string, range: string) => ['containers', 'history', id, range] as const,
  logs: (id: string, lines: number) => ['containers', 'logs', id, lines] as const,
  summary: ['containers', 'summary'] as const,
  defaults: ['containers', 'defaults'] as const,
  driver: ['containers', 'driver'] as const,
  tiers: ['containers', 'tiers'] as const,
  templates: ['containers', 'templates'] as const,
};
