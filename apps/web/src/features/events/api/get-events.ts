import { eventsListResponseSchema, eventsMessages, type EventsListResponse } from '@nuvem/contracts/events';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { ApiError } from '@/lib/api-client';
import { defaultFilters, listQuery, type EventFilters } from '../lib/event-filters';
import { eventKeys } from './event-keys';

function failed(status: number, statusText: string): ApiError {
  // Spec (section 8): a non-ok reply throws 'Failed to fetch events: {status text}', which is
  // logged; the screen shows its own sentence. A warning, as the project logs handled load failures.
  const error = new ApiError(status, eventsMessages.fetchFailed(statusText), 'EVENTS_FETCH_FAILED');
  console.warn(error.message);
  return error;
}

/**
 * GET /api/public/events/list with page, limit (12) and every set filter (spec, "Events service").
 * The reply is parsed with the contract's schema.
 */
export async function getEvents(
  filters: EventFilters,
  page: number,
  { signal, now = new Date() }: { signal?: AbortSignal; now?: Date } = {},
): Promise<EventsListResponse> {
  const url = `${env.eventsApiUrl}/list?${listQuery(filters, page, now).toString()}`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw failed(0, 'Network error');
  }
  if (!response.ok) throw failed(response.status, response.statusText || `HTTP ${response.status}`);
  const parsed = eventsListResponseSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    console.error(`Unexpected reply from ${url}`, parsed.error.issues);
    throw new ApiError(response.status, 'Unexpected reply from the server', 'BAD_REPLY');
  }
  return parsed.data;
}

export function getEventsQueryOptions(filters: EventFilters, page: number) {
  return queryOptions({
    queryKey: eventKeys.list(filters, page),
    queryFn: ({ signal }) => getEvents(filters, page, { signal }),
    // The last page stays on screen (filter panel, categories) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useEvents(filters: EventFilters, page: number) {
  return useQuery(getEventsQueryOptions(filters, page));
}

/** How many upcoming events the catalogue has, whatever is filtered (the hero's 'events available'). */
export function useEventsAvailable() {
  return useQuery({ ...getEventsQueryOptions(defaultFilters, 1), select: (data) => data.total });
}
