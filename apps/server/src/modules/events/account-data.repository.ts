import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { eventOrganisers } from '../../db/schema/event-organisers.js';
import { eventRegistrations } from '../../db/schema/event-registrations.js';
import { eventTicketTypes } from '../../db/schema/event-ticket-types.js';
import { events } from '../../db/schema/events.js';
import { searchDocument } from './events.repository.js';

export type Executor = Pick<Database, 'select' | 'update' | 'delete'>;

/** The name an organiser's events show once its user deleted the account. */
export const FORMER_ORGANISER_NAME = 'Former organiser';

/** The events module's part of the account export and erasure. */
export function createEventsAccountDataRepository(db: Database) {
  return {
    async registrationsOf(userId: string) {
      return db
        .select({
          id: eventRegistrations.id,
          eventId: events.id,
          title: events.title,
          startsAt: events.startsAt,
          status: events.status,
          ticketType: eventTicketTypes.name,
          priceCents: eventTicketTypes.priceCents,
          currency: events.currency,
          createdAt: eventRegistrations.createdAt,
        })
        .from(eventRegistrations)
        .innerJoin(events, eq(events.id, eventRegistrations.eventId))
        .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, eventRegistrations.ticketTypeId))
        .where(eq(eventRegistrations.userId, userId))
        .orderBy(asc(events.startsAt));
    },

    /** The events the user organises (through their organiser), any status. */
    async organisedBy(userId: string) {
      return db
        .select({
          id: events.id,
          title: events.title,
          description: events.description,
          startsAt: events.startsAt,
          status: events.status,
          isOnline: events.isOnline,
          city: events.city,
          venueName: events.venueName,
          attendeeCount: events.attendeeCount,
          createdAt: events.createdAt,
          organiserName: eventOrganisers.name,
        })
        .from(events)
        .innerJoin(eventOrganisers, eq(eventOrganisers.id, events.organiserId))
        .where(eq(eventOrganisers.userId, userId))
        .orderBy(asc(events.startsAt));
    },

    /**
     * In the erasure's transaction: the user's tickets for events still to come are given back (the
     * event's attendance and tickets left follow), as an unregistration does; registrations for past
     * events go with the user row and leave the attendance they made.
     */
    async giveBackUpcomingTickets(userId: string, now: Date, tx: Executor): Promise<void> {
      const upcoming = await tx
        .select({ eventId: eventRegistrations.eventId })
        .from(eventRegistrations)
        .innerJoin(events, eq(events.id, eventRegistrations.eventId))
        .where(and(eq(eventRegistrations.userId, userId), gt(events.startsAt, now)));
      for (const { eventId } of upcoming) {
        // The event row first, as a registration takes it: one lock order.
        await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
        const removed = await tx
          .delete(eventRegistrations)
          .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)))
          .returning({ ticketTypeId: eventRegistrations.ticketTypeId });
        const ticketTypeId = removed[0]?.ticketTypeId;
        if (!ticketTypeId) continue;
        await tx
          .update(eventTicketTypes)
          .set({ taken: sql`greatest(${eventTicketTypes.taken} - 1, 0)` })
          .where(eq(eventTicketTypes.id, ticketTypeId));
        await tx
          .update(events)
          .set({
            attendeeCount: sql`greatest(${events.attendeeCount} - 1, 0)`,
            ticketsAvailable: sql`case when ${events.ticketsAvailable} is null then null else ${events.ticketsAvailable} + 1 end`,
          })
          .where(eq(events.id, eventId));
      }
    },

    /**
     * In the erasure's transaction: the user's organiser keeps its events (other people's tickets
     * refer to them) under a neutral name, in the events' search documents too; the link to the
     * user goes with the user row (ON DELETE SET NULL).
     */
    async anonymiseOrganiser(userId: string, tx: Executor): Promise<void> {
      const renamed = await tx
        .update(eventOrganisers)
        .set({ name: FORMER_ORGANISER_NAME })
        .where(eq(eventOrganisers.userId, userId))
        .returning({ id: eventOrganisers.id });
      const organiserId = renamed[0]?.id;
      if (!organiserId) return;
      const rows = await tx
        .select({
          id: events.id,
          title: events.title,
          description: events.description,
          isOnline: events.isOnline,
          city: events.city,
          venueName: events.venueName,
        })
        .from(events)
        .where(eq(events.organiserId, organiserId));
      for (const row of rows) {
        await tx
          .update(events)
          .set({
            searchDocument: searchDocument({
              title: row.title,
              venue: row.venueName,
              city: row.isOnline ? 'online' : row.city,
              organiser: FORMER_ORGANISER_NAME,
              description: row.description,
            }),
          })
          .where(eq(events.id, row.id));
      }
    },
  };
}
