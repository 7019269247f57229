import { registrationResponseSchema, type EventDetail } from '@nuvem/contracts/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventKeys, eventsAccountApiUrl } from './event-keys';

export interface RegisterInput {
  eventId: string;
  ticketTypeId: string;
}

/** POST /api/events/{id}/registrations: takes one ticket of the type for the signed-in user. */
export function registerForEvent({ eventId, ticketTypeId }: RegisterInput) {
  return apiRequest(`${eventsAccountApiUrl}/${encodeURIComponent(eventId)}/registrations`, registrationResponseSchema, {
    method: 'POST',
    body: { ticket_type_id: ticketTypeId },
  });
}

/**
 * Registers, shows the new attendance and tickets left at once (the server's figures), then
 * refetches the event and the lists, whose counts changed too.
 */
export function useRegisterForEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerForEvent,
    onSuccess: (result, { eventId, ticketTypeId }) => {
      queryClient.setQueriesData<EventDetail>({ queryKey: eventKeys.event(eventId) }, (event) =>
        event
          ? {
              ...event,
              attendee_count: result.attendee_count,
              tickets_available: result.tickets_available,
              my_registration: {
                id: result.registration.id,
                ticket_type_id: result.registration.ticket_type_id,
                created_at: result.registration.created_at,
              },
              ticket_types: event.ticket_types.map((type) =>
                type.id === ticketTypeId ? { ...type, available: Math.max(0, type.available - 1) } : type,
              ),
            }
          : event,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}
