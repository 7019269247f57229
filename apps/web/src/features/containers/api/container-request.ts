import type { z } from 'zod';
import { env } from '@/config/env';
import { ApiError, apiRequest, type ApiRequestOptions } from '@/lib/api-client';
import { clearAuthToken } from '@/lib/auth-token';

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please refresh the page and login again.';

/**
 * A call to the container API (spec: credentials included, bearer token when stored). A 401
 * clears the stored token and reads 'Session expired…'; other failures keep the server's text,
 * else 'Request failed: {statusText}'.
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
      throw new ApiError(401, SESSION_EXPIRED_MESSAGE, error.code);
    }
    if (error instanceof ApiError && /^HTTP \d+$/.test(error.message)) {
      throw new ApiError(error.status, `Request failed: ${statusText(error.status)}`, error.code);
    }
    throw error;
  }
}

const statusTexts: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function statusText(status: number): string {
  return statusTexts[status] ?? String(status);
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
