import type { EventFilters } from '../lib/event-filters';

/** The signed-in endpoints of the events module (registrations, calendar entries). */
export const eventsAccountApiUrl = '/api/events';

/** The address of an event's calendar entry (.ics), for 'Add to calendar'. */
export function calendarUrl(id: string): string {
  return `${eventsAccountApiUrl}/${encodeURIComponent(id)}.ics`;
}

/**
 * The feature's query keys. An event page depends on who looks (their registration), so its key
 * names the viewer; registering invalidates `eventKeys.all`, lists and pages alike.
 */
export const eventKeys = {
  all: ['events'] as const,
  lists: ['events', 'list'] as const,
  list: (filters: EventFilters, page: number) => ['events', 'list', { filters, page }] as const,
  event: (id: string) => ['events', 'detail', id] as const,
  detail: (id: string, viewerId: string | null) => ['events', 'detail', id, viewerId ?? 'anonymous'] as const,
};
