import { index, pgTable, text } from 'drizzle-orm/pg-core';

/** Where an in-person event happens. */
export const eventVenues = pgTable(
  'event_venues',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    address: text(),
    city: text().notNull(),
    country: text().notNull(),
  },
  (t) => [index('event_venues_city_idx').on(t.city)],
);
