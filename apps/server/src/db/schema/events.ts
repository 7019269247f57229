import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { eventCategories } from './event-categories.js';
import { eventOrganisers } from './event-organisers.js';
import { eventVenues } from './event-venues.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One event. Prices, attendance and tickets left are kept on the row (the ticket types and
 * registrations change them in the same transaction), so the list filters and sorts on one table.
 * `searchDocument` is the full-text document (title, description, venue, city, organiser) with
 * accents folded, written with the row.
 */
export const events = pgTable(
  'events',
  {
    id: text().primaryKey(), // evt_…
    organiserId: text()
      .notNull()
      .references(() => eventOrganisers.id),
    title: text().notNull(),
    description: text().notNull().default(''),
    category: text()
      .notNull()
      .references(() => eventCategories.slug),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }),
    isOnline: boolean().notNull(),
    onlineUrl: text(),
    venueId: text().references(() => eventVenues.id),
    /** The city shown on cards (the venue's), kept here for the list. */
    city: text(),
    venueName: text(),
    currency: text().notNull().default('EUR'),
    /** In cents; null when no ticket type has a price yet. */
    minPriceCents: integer(),
    maxPriceCents: integer(),
    isFree: boolean().notNull().default(false),
    attendeeCount: integer().notNull().default(0),
    /** Tickets left over all ticket types; null: unlimited. */
    ticketsAvailable: integer(),
    schedule: jsonb().notNull().default([]),
    status: text().notNull().default('scheduled'), // scheduled | cancelled
    hasCover: boolean().notNull().default(true),
    searchDocument: tsvector().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list reads only scheduled events, in one of five orders: one partial index per order,
    // so a page is read off an index in order however many events match.
    index('events_scheduled_starts_idx')
      .on(t.startsAt, t.id)
      .where(sql`${t.status} = 'scheduled'`),
    index('events_scheduled_category_starts_idx')
      .on(t.category, t.startsAt, t.id)
      .where(sql`${t.status} = 'scheduled'`),
    index('events_scheduled_popularity_idx')
      .on(t.attendeeCount.desc(), t.startsAt, t.id)
      .where(sql`${t.status} = 'scheduled'`),
    index('events_scheduled_price_low_idx')
      .on(t.minPriceCents.asc().nullsLast(), t.startsAt, t.id)
      .where(sql`${t.status} = 'scheduled'`),
    index('events_scheduled_price_high_idx')
      .on(t.maxPriceCents.desc().nullsLast(), t.startsAt, t.id)
      .where(sql`${t.status} = 'scheduled'`),
    index('events_scheduled_created_idx')
      .on(t.createdAt.desc(), t.id)
      .where(sql`${t.status} = 'scheduled'`),
    // The category counts: an index-only scan of the upcoming events with every filtered column.
    index('events_scheduled_counts_idx')
      .on(t.startsAt, t.category, t.isOnline, t.isFree, t.minPriceCents, t.maxPriceCents)
      .where(sql`${t.status} = 'scheduled'`),
    index('events_organiser_idx').on(t.organiserId),
    index('events_search_idx').using('gin', t.searchDocument),
  ],
);

export type EventRow = typeof events.$inferSelect;
