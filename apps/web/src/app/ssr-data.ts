import type { QueryClient } from '@tanstack/react-query';
import { eventsListResponseSchema } from '@nuvem/contracts/events';
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
 * The public data a page shows first, put in the render's query cache: the first page of events
 * (with the address's filters). Anything else a page reads is fetched by the browser.
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
}
