import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { eventTicketTypes } from './event-ticket-types.js';
import { events } from './events.js';
import { users } from './users.js';

/** A signed-in user's ticket for an event (one per user and event). */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: text().primaryKey(),
    eventId: text()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: text()
      .notNull()
      .references(() => eventTicketTypes.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_registrations_user_event_idx').on(t.eventId, t.userId),
    index('event_registrations_user_idx').on(t.userId),
  ],
);
