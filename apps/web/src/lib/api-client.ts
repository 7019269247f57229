import { errorResponseSchema } from '@nuvem/contracts/common';
import type { z } from 'zod';
import { getAuthToken } from './auth-token';

/** A failed call: the HTTP status (0 when the network failed) and the server's own message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
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
    throw new ApiError(0, 'Network error: the server could not be reached');
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const failure = errorResponseSchema.safeParse(payload);
    throw failure.success
      ? new ApiError(response.status, failure.data.error, failure.data.code)
      : new ApiError(response.status, `HTTP ${response.status}`);
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected reply from ${url}`, parsed.error.issues);
    throw new ApiError(response.status, 'Unexpected reply from the server', 'BAD_REPLY');
  }
  return parsed.data;
}
