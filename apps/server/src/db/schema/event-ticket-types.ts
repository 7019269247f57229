import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { events } from './events.js';

/** A kind of ticket of an event: its price (cents), how many there are and how many are taken. */
export const eventTicketTypes = pgTable(
  'event_ticket_types',
  {
    id: text().primaryKey(),
    eventId: text()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    priceCents: integer().notNull(),
    capacity: integer().notNull(),
    taken: integer().notNull().default(0),
  },
  (t) => [
    index('event_ticket_types_event_idx').on(t.eventId),
    check('event_ticket_types_taken', sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
  ],
);
