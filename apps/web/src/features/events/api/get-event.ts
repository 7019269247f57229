import { eventDetailSchema, type EventDetail } from '@nuvem/contracts/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';
import { eventKeys } from './event-keys';

/** GET /api/public/events/{id}: the full event, with the viewer's registration when signed in. */
export function getEvent(id: string, signal?: AbortSignal): Promise<EventDetail> {
  return apiRequest(`${env.eventsApiUrl}/${encodeURIComponent(id)}`, eventDetailSchema, { signal });
}

export function getEventQueryOptions(id: string, viewerId: string | null) {
  return queryOptions({
    queryKey: eventKeys.detail(id, viewerId),
    queryFn: ({ signal }) => getEvent(id, signal),
  });
}

/** The event page's data; `enabled` waits for the session check, so it is fetched once, as the viewer. */
export function useEvent(id: string, viewerId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getEventQueryOptions(id, viewerId), enabled });
}
