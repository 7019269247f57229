import type { EventDetail } from '@nuvem/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { eventKeys, eventsAccountApiUrl } from './event-keys';

/** The reply of DELETE /api/events/{id}/registrations (declared inline by the route). */
const cancelRegistrationResponseSchema = z.object({
  attendee_count: z.number(),
  tickets_available: z.number().nullable(),
});

/** DELETE /api/events/{id}/registrations: gives the signed-in user's ticket back. */
export function cancelRegistration(eventId: string) {
  return apiRequest(
    `${eventsAccountApiUrl}/${encodeURIComponent(eventId)}/registrations`,
    cancelRegistrationResponseSchema,
    { method: 'DELETE' },
  );
}

export function useCancelRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRegistration,
    onSuccess: (result, eventId) => {
      queryClient.setQueriesData<EventDetail>({ queryKey: eventKeys.event(eventId) }, (event) => {
        if (!event) return event;
        const given = event.my_registration?.ticket_type_id;
        return {
          ...event,
          attendee_count: result.attendee_count,
          tickets_available: result.tickets_available,
          my_registration: null,
          ticket_types: event.ticket_types.map((type) =>
            type.id === given ? { ...type, available: Math.min(type.capacity, type.available + 1) } : type,
          ),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
