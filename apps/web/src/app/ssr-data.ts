import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { authConfigResponseSchema } from '@nuvem/contracts/auth';
import { paymentsConfigSchema, paymentsPaths } from '@nuvem/contracts/billing';
import { eventsListResponseSchema } from '@nuvem/contracts/events';
import type { z } from 'zod';
import { env } from '@/config/env';
import { getAuthConfigQueryOptions } from '@/features/auth/api/get-auth-config';
import { getPaymentsConfigQueryOptions } from '@/features/billing/api/get-payments-config';
import { eventsListUrl, getEventsQueryOptions } from '@/features/events/api/get-events';
import { parseEventsAddress } from '@/features/events/lib/event-filters';
import { paths } from '@/config/paths';

/**
 * How the server render reads the portal's own public API (the server answers it in-process, with
 * no network hop). Resolves with the parsed JSON body, or rejects (the page then renders its
 * loading state and the browser fetches, as without a server render).
 */
export type PageDataFetcher = (url: string) => Promise<unknown>;

/**
 * Whether a service's base address is on this server's own origin (the render can ask it in-process):
 * read as a URL parser reads it, so `//host`, `/\host` or `/<tab>/host` (tabs and line breaks are
 * dropped) count as elsewhere.
 */
export function ownOrigin(base: string): boolean {
  const here = 'http://own.invalid';
  try {
    return new URL(base, here).origin === here;
  } catch {
    return false;
  }
}

/**
 * Puts a public configuration in the render's cache, read in-process from the server; left to the
 * browser when the service lives elsewhere or does not answer.
 */
async function prefetchConfig(
  client: QueryClient,
  queryKey: QueryKey,
  base: string,
  path: string,
  schema: z.ZodType,
  fetchData: PageDataFetcher,
): Promise<void> {
  if (!ownOrigin(base)) return;
  await client
    .query({ queryKey, queryFn: async () => schema.parse(await fetchData(`${base}${path}`)), retry: false })
    .catch(() => undefined);
}

/**
 * The public data a page shows first, put in the render's query cache: the first page of events
 * (with the address's filters); on the sign-in page the sign-in configuration, on the pricing page
 * the payments configuration. Drawn only once the browser had fetched them, the social buttons and
 * the prices moved what was under them as the page came alive, and a click aimed at a button then
 * landed elsewhere. Anything else a page reads is fetched by the browser.
 */
export async function prefetchPageData(client: QueryClient, url: URL, fetchData: PageDataFetcher): Promise<void> {
  if (url.pathname === paths.events.getHref()) {
    const { filters, page } = parseEventsAddress(url.searchParams);
    // A failure leaves the list to the browser (no retry here: the visitor is waiting).
    await client
      .query({
        ...getEventsQueryOptions(filters, page),
        queryFn: async () => eventsListResponseSchema.parse(await fetchData(eventsListUrl(filters, page))),
        retry: false,
      })
      .catch(() => undefined);
  }
  if (url.pathname === paths.login.getHref()) {
    const { queryKey } = getAuthConfigQueryOptions();
    await prefetchConfig(client, queryKey, env.authUrl, '/auth/config', authConfigResponseSchema, fetchData);
  }
  if (url.pathname === paths.pricing.getHref() || url.pathname === paths.planos.getHref()) {
    const { queryKey } = getPaymentsConfigQueryOptions();
    await prefetchConfig(client, queryKey, env.paymentsApiUrl, paymentsPaths.config, paymentsConfigSchema, fetchData);
  }
}
