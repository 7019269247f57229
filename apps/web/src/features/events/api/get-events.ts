import { eventsListResponseSchema, eventsMessages, type EventsListResponse } from '@nuvem/contracts/events';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { ApiError, apiRequest } from '@/lib/api-client';
import { defaultFilters, listQuery, type EventFilters } from '../lib/event-filters';
import { eventKeys } from './event-keys';

function failed(status: number, statusText: string): ApiError {
  // Spec (section 8): a non-ok reply throws 'Failed to fetch events: {status text}', which is
  // logged; the screen shows its own sentence. A warning, as the project logs handled load failures.
  const error = new ApiError(status, eventsMessages.fetchFailed(statusText), 'EVENTS_FETCH_FAILED');
  console.warn(error.message);
  return error;
}

/** The address of a page of the list (the server's own render reads the same). */
export function eventsListUrl(filters: EventFilters, page: number, now: Date = new Date()): string {
  return `${env.eventsApiUrl}/list?${listQuery(filters, page, now).toString()}`;
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
  const url = eventsListUrl(filters, page, now);
  try {
    // A public read: no token, no cookies, and a 401 is no ended session.
    return await apiRequest(url, eventsListResponseSchema, {
      signal,
      withToken: false,
      withCredentials: false,
      sessionBound: false,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.code === 'BAD_REPLY') throw error;
    if (error.status === 0) throw failed(0, 'Network error');
    throw failed(error.status, error.statusText || `HTTP ${String(error.status)}`);
  }
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
