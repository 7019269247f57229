import type { z } from 'zod';
import { env } from '@/config/env';
import { ApiError, apiRequest, type ApiRequestOptions } from '@/lib/api-client';

/**
 * A call to the Payments API (spec 2 section 7): JSON, the session cookie and the bearer token
 * when stored. `failure` is the API layer's own text for a failure the server did not explain
 * ('Failed to create checkout session'); a reply that says why keeps the server's words.
 */
export async function paymentsRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiRequestOptions & { failure?: string } = {},
): Promise<z.output<S>> {
  const { failure, ...request } = options;
  try {
    return await apiRequest(`${env.paymentsApiUrl}${path}`, schema, request);
  } catch (error) {
    if (failure && error instanceof ApiError && /^HTTP \d+$/.test(error.message)) {
      throw new ApiError(error.status, failure, error.code, error.details);
    }
    throw error;
  }
}

/** The query keys of the feature: a purchase or a cancellation invalidates `billingKeys.all`. */
export const billingKeys = {
  all: ['billing'] as const,
  config: ['billing', 'config'] as const,
  account: ['billing', 'account'] as const,
  orders: ['billing', 'orders'] as const,
  order: (id: string) => ['billing', 'orders', id] as const,
  quote: (body: unknown) => ['billing', 'quote', body] as const,
  sandboxSession: (id: string) => ['billing', 'sandbox-session', id] as const,
  taxProfile: ['billing', 'tax-profile'] as const,
  invoices: ['billing', 'invoices'] as const,
  planChangePreviews: ['billing', 'plan-change-preview'] as const,
  planChangePreview: (query: unknown) => ['billing', 'plan-change-preview', query] as const,
};
