import type { App } from '../../types.js';
import type { AccountDataPart } from '../account/account-data.types.js';
import { createEventsAccountDataRepository } from './account-data.repository.js';
import type { EventsService } from './events.service.js';

/**
 * The events module's part of the account: registrations and organised events in the export.
 * Before the erasure, the user's events still to come are cancelled through the organiser's own
 * cancel (their attendees are told); the erasure gives the user's upcoming tickets back and keeps
 * the organiser's events under a neutral name.
 */
export function createEventsAccountData(deps: {
  db: App['db'];
  events: Pick<EventsService, 'cancel'>;
  now?: () => Date;
}): AccountDataPart {
  const repo = createEventsAccountDataRepository(deps.db);
  const now = deps.now ?? (() => new Date());
  return {
    module: 'events',
    async exportData(owner) {
      const [registrations, organised] = await Promise.all([
        repo.registrationsOf(owner.id),
        repo.organisedBy(owner.id),
      ]);
      return {
        events: {
          registrations: registrations.map((row) => ({
            id: row.id,
            event_id: row.eventId,
            event_title: row.title,
            starts_at: row.startsAt.toISOString(),
            event_status: row.status,
            ticket_type: row.ticketType,
            price_cents: row.priceCents,
            currency: row.currency,
            registered_at: row.createdAt.toISOString(),
          })),
          organised: organised.map((row) => ({
            id: row.id,
            title: row.title,
            organiser_name: row.organiserName,
            starts_at: row.startsAt.toISOString(),
            status: row.status,
            attendee_count: row.attendeeCount,
            created_at: row.createdAt.toISOString(),
          })),
        },
      };
    },

    async beforeErasure(owner) {
      const at = now();
      for (const event of await repo.organisedBy(owner.id)) {
        if (event.status === 'scheduled' && event.startsAt > at) await deps.events.cancel(owner.id, event.id);
      }
    },

    async erase(owner, tx) {
      await repo.giveBackUpcomingTickets(owner.id, now(), tx);
      await repo.anonymiseOrganiser(owner.id, tx);
      return undefined;
    },
  };
}
