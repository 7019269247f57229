import type { EventsListQuery } from '@nuvem/contracts/events';
import { and, asc, desc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { eventCategories } from '../../db/schema/event-categories.js';
import { eventOrganisers } from '../../db/schema/event-organisers.js';
import { eventRegistrations } from '../../db/schema/event-registrations.js';
import { eventTicketTypes } from '../../db/schema/event-ticket-types.js';
import { eventVenues } from '../../db/schema/event-venues.js';
import { events, type EventRow } from '../../db/schema/events.js';
import { foldText, prefixQuery } from './search-text.js';

/** The full-text document of an event: title first, then where and who, then the description. */
export function searchDocument(parts: {
  title: string;
  venue: string | null;
  city: string | null;
  organiser: string;
  description: string;
}): SQL {
  const where = [parts.venue, parts.city, parts.organiser].filter(Boolean).join(' ');
  return sql`setweight(to_tsvector('simple', ${foldText(parts.title)}), 'A') || setweight(to_tsvector('simple', ${foldText(where)}), 'B') || setweight(to_tsvector('simple', ${foldText(parts.description.slice(0, 4000))}), 'C')`;
}

export type ListRow = Pick<
  EventRow,
  | 'id'
  | 'title'
  | 'category'
  | 'startsAt'
  | 'endsAt'
  | 'isOnline'
  | 'city'
  | 'venueName'
  | 'currency'
  | 'minPriceCents'
  | 'maxPriceCents'
  | 'isFree'
  | 'attendeeCount'
  | 'ticketsAvailable'
  | 'status'
  | 'hasCover'
> & { organiserName: string };

const listColumns = {
  id: events.id,
  title: events.title,
  category: events.category,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  isOnline: events.isOnline,
  city: events.city,
  venueName: events.venueName,
  currency: events.currency,
  minPriceCents: events.minPriceCents,
  maxPriceCents: events.maxPriceCents,
  isFree: events.isFree,
  attendeeCount: events.attendeeCount,
  ticketsAvailable: events.ticketsAvailable,
  status: events.status,
  hasCover: events.hasCover,
  organiserName: eventOrganisers.name,
};

export type NewCategory = typeof eventCategories.$inferInsert;
export type NewOrganiser = typeof eventOrganisers.$inferInsert;
export type NewVenue = typeof eventVenues.$inferInsert;
export type NewTicketType = typeof eventTicketTypes.$inferInsert;
export type EventSearchParts = Parameters<typeof searchDocument>[0];
/** An event to write: its columns, and the parts its full-text document is made of. */
export type NewEvent = Omit<typeof events.$inferInsert, 'searchDocument'> & { search: EventSearchParts };
export type { EventRow };

function eventRow({ search, ...columns }: NewEvent): PgInsertValue<typeof events> {
  return { ...columns, searchDocument: searchDocument(search) };
}

/**
 * The statements that read or write one event's rows, bound to the database or to a transaction
 * (`repo.transaction(async (tx) => ...)` hands them bound to it).
 */
function statements(db: Database) {
  return {
    async findEvent(id: string) {
      const rows = await db
        .select({ event: events, organiser: eventOrganisers, venue: eventVenues })
        .from(events)
        .innerJoin(eventOrganisers, eq(eventOrganisers.id, events.organiserId))
        .leftJoin(eventVenues, eq(eventVenues.id, events.venueId))
        .where(eq(events.id, id))
        .limit(1);
      return rows[0];
    },

    async ticketTypes(eventId: string) {
      return db
        .select()
        .from(eventTicketTypes)
        .where(eq(eventTicketTypes.eventId, eventId))
        .orderBy(asc(eventTicketTypes.priceCents), asc(eventTicketTypes.id));
    },

    async registrationOf(eventId: string, userId: string) {
      const rows = await db
        .select()
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)))
        .limit(1);
      return rows[0];
    },

    async attendees(eventId: string): Promise<string[]> {
      const rows = await db
        .select({ userId: eventRegistrations.userId })
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, eventId));
      return rows.map((row) => row.userId);
    },

    /** Locks the event's row for the transaction (every writer of an event takes it first). */
    async lockEvent(eventId: string): Promise<void> {
      await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    },

    /** Takes one ticket if one is left: false when the type is sold out. */
    async takeTicket(ticketTypeId: string): Promise<boolean> {
      const rows = await db
        .update(eventTicketTypes)
        .set({ taken: sql`${eventTicketTypes.taken} + 1` })
        .where(
          and(eq(eventTicketTypes.id, ticketTypeId), sql`${eventTicketTypes.taken} < ${eventTicketTypes.capacity}`),
        )
        .returning({ id: eventTicketTypes.id });
      return rows.length > 0;
    },

    async giveTicketBack(ticketTypeId: string): Promise<void> {
      await db
        .update(eventTicketTypes)
        .set({ taken: sql`${eventTicketTypes.taken} - 1` })
        .where(and(eq(eventTicketTypes.id, ticketTypeId), gt(eventTicketTypes.taken, 0)));
    },

    /** Moves attendance and tickets left on the event row by `delta` attendees. */
    async countAttendee(eventId: string, delta: 1 | -1) {
      const rows = await db
        .update(events)
        .set({
          attendeeCount: sql`greatest(${events.attendeeCount} + ${delta}, 0)`,
          ticketsAvailable: sql`case when ${events.ticketsAvailable} is null then null else ${events.ticketsAvailable} - ${delta} end`,
        })
        .where(eq(events.id, eventId))
        .returning({ attendeeCount: events.attendeeCount, ticketsAvailable: events.ticketsAvailable });
      const row = rows[0];
      if (!row) throw new Error(`event ${eventId} vanished while counting an attendee`);
      return row;
    },

    async insertRegistration(values: typeof eventRegistrations.$inferInsert) {
      const rows = await db.insert(eventRegistrations).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert into event_registrations returned nothing');
      return row;
    },

    async deleteRegistration(eventId: string, userId: string) {
      const rows = await db
        .delete(eventRegistrations)
        .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)))
        .returning();
      return rows[0];
    },

    async organiserOfUser(userId: string) {
      const rows = await db.select().from(eventOrganisers).where(eq(eventOrganisers.userId, userId)).limit(1);
      return rows[0];
    },

    /** A user's organiser (none is written when the user has one already). */
    async insertOrganiser(values: NewOrganiser): Promise<void> {
      await db.insert(eventOrganisers).values(values).onConflictDoNothing();
    },

    async categoryBySlug(slug: string) {
      const [category] = await db.select().from(eventCategories).where(eq(eventCategories.slug, slug));
      return category;
    },

    async categories() {
      return db.select().from(eventCategories).orderBy(asc(eventCategories.name));
    },

    /** Writes the venue (a new one, or the event's own again). */
    async upsertVenue(venue: NewVenue): Promise<void> {
      const { id: _id, ...set } = venue;
      await db.insert(eventVenues).values(venue).onConflictDoUpdate({ target: eventVenues.id, set });
    },

    /** Writes the event: a new one, or its columns again (its organiser stays). */
    async upsertEvent({ search, ...columns }: NewEvent): Promise<void> {
      const { id: _id, organiserId: _organiserId, ...set } = columns;
      const document = searchDocument(search);
      await db
        .insert(events)
        .values({ ...columns, searchDocument: document })
        .onConflictDoUpdate({ target: events.id, set: { ...set, searchDocument: document } });
    },

    async setStatus(eventId: string, status: 'scheduled' | 'cancelled', at: Date): Promise<void> {
      await db.update(events).set({ status, updatedAt: at }).where(eq(events.id, eventId));
    },

    async insertTicketTypes(rows: NewTicketType[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(eventTicketTypes).values(rows);
    },

    async updateTicketType(id: string, values: { name: string; priceCents: number; capacity: number }) {
      await db.update(eventTicketTypes).set(values).where(eq(eventTicketTypes.id, id));
    },

    async deleteTicketType(id: string): Promise<void> {
      await db.delete(eventTicketTypes).where(eq(eventTicketTypes.id, id));
    },

    /** Recomputes the event row's prices and tickets left from its ticket types (after an edit). */
    async refreshTotals(eventId: string): Promise<void> {
      const types = await db.select().from(eventTicketTypes).where(eq(eventTicketTypes.eventId, eventId));
      const prices = types.map((type) => type.priceCents);
      await db
        .update(events)
        .set({
          minPriceCents: prices.length ? Math.min(...prices) : null,
          maxPriceCents: prices.length ? Math.max(...prices) : null,
          isFree: prices.length > 0 && Math.max(...prices) === 0,
          ticketsAvailable: types.reduce((sum, type) => sum + type.capacity - type.taken, 0),
          attendeeCount: types.reduce((sum, type) => sum + type.taken, 0),
        })
        .where(eq(events.id, eventId));
    },

    async upcomingCount(now: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(events)
        .where(and(eq(events.status, 'scheduled'), gte(events.startsAt, now)));
      return row?.n ?? 0;
    },

    async eventCount(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(events);
      return row?.n ?? 0;
    },
  };
}

export type EventsStatements = ReturnType<typeof statements>;

type CategoryCount = { value: string; count: number };

/** The events module's SQL: only this module reads and writes the event_* tables. */
export function createEventsRepository(db: Database, options: { countsTtlMs?: number } = {}) {
  const countsTtlMs = options.countsTtlMs ?? 15_000;
  /** Category counts by filter set (every filter but the category, sort and page), oldest first. */
  const countsCache = new Map<string, { at: number; counts: Promise<CategoryCount[]> }>();
  const countsCacheSize = 500;

  function countsOf(query: EventsListQuery, where: SQL[], now: Date): Promise<CategoryCount[]> {
    // A promise of rows, not the query builder: a builder runs its query again each time it is
    // awaited, so a kept builder would count on every request.
    const read = async (): Promise<CategoryCount[]> =>
      await db
        .select({ value: events.category, count: sql<number>`count(*)::int` })
        .from(events)
        .where(and(...where))
        .groupBy(events.category)
        .orderBy(desc(sql`count(*)`), asc(events.category));
    if (countsTtlMs <= 0) return read();
    const key = JSON.stringify([
      query.search ?? null,
      query.date_from ?? null,
      query.date_to ?? null,
      query.is_online ?? null,
      query.is_free ?? null,
      query.price_min ?? null,
      query.price_max ?? null,
    ]);
    const at = now.getTime();
    const kept = countsCache.get(key);
    if (kept && at - kept.at < countsTtlMs) return kept.counts;
    const counts = read();
    countsCache.delete(key);
    countsCache.set(key, { at, counts });
    // A failed read is not kept.
    counts.catch(() => {
      if (countsCache.get(key)?.counts === counts) countsCache.delete(key);
    });
    while (countsCache.size > countsCacheSize) {
      const oldest = countsCache.keys().next().value;
      if (oldest === undefined) break;
      countsCache.delete(oldest);
    }
    return counts;
  }

  /** Every filter but the category (the category counts are made with the others applied). */
  function conditions(query: EventsListQuery, now: Date): SQL[] {
    const where: SQL[] = [eq(events.status, 'scheduled')];
    // Past events only when a date range asks for them.
    if (query.date_from) where.push(gte(events.startsAt, new Date(query.date_from)));
    else if (!query.date_to) where.push(gte(events.startsAt, now));
    if (query.date_to) where.push(lte(events.startsAt, new Date(query.date_to)));
    if (query.is_online !== undefined) where.push(eq(events.isOnline, query.is_online));
    if (query.is_free) where.push(eq(events.isFree, true));
    if (query.price_min !== undefined) where.push(gte(events.maxPriceCents, Math.round(query.price_min * 100)));
    if (query.price_max !== undefined) where.push(lte(events.minPriceCents, Math.round(query.price_max * 100)));
    if (query.search) {
      const tsquery = prefixQuery(query.search);
      // A search of no words (only punctuation) finds nothing rather than everything.
      where.push(tsquery ? sql`${events.searchDocument} @@ to_tsquery('simple', ${tsquery})` : sql`false`);
    }
    return where;
  }

  function orderBy(query: EventsListQuery): SQL[] {
    switch (query.sort) {
      case 'popularity':
        // Nulls last as the indexes are made (the columns hold none), so a page is read off one.
        return [sql`${events.attendeeCount} desc nulls last`, asc(events.startsAt), asc(events.id)];
      case 'price_low':
        return [sql`${events.minPriceCents} asc nulls last`, asc(events.startsAt), asc(events.id)];
      case 'price_high':
        return [sql`${events.maxPriceCents} desc nulls last`, asc(events.startsAt), asc(events.id)];
      case 'newest':
        return [sql`${events.createdAt} desc nulls last`, asc(events.id)];
      case 'relevance': {
        // The full-text rank (title over place and organiser over description); without a search,
        // the date order.
        const tsquery = query.search ? prefixQuery(query.search) : null;
        return tsquery
          ? [
              sql`ts_rank_cd(${events.searchDocument}, to_tsquery('simple', ${tsquery})) desc`,
              asc(events.startsAt),
              asc(events.id),
            ]
          : [asc(events.startsAt), asc(events.id)];
      }
      case 'date':
        return [asc(events.startsAt), asc(events.id)];
    }
  }

  return {
    ...statements(db),

    /**
     * One page of events and the category counts (with every other filter applied). The total
     * is read off the counts: all of them, or the chosen category's. The counts of a filter set
     * are kept for `countsTtlMs` (they are the costly half: every matching event is counted), so
     * paging, sorting and choosing a category do not count again; `forgetCounts` drops them when
     * an event is written. No page is read when the counts say it would be empty.
     */
    async list(query: EventsListQuery, now: Date) {
      const where = conditions(query, now);
      const counts = await countsOf(query, where, now);
      const total = query.category
        ? (counts.find((c) => c.value === query.category)?.count ?? 0)
        : counts.reduce((sum, c) => sum + c.count, 0);
      const offset = (query.page - 1) * query.limit;
      const rows =
        offset >= total
          ? []
          : await db
              .select(listColumns)
              .from(events)
              .innerJoin(eventOrganisers, eq(eventOrganisers.id, events.organiserId))
              .where(and(...where, ...(query.category ? [eq(events.category, query.category)] : [])))
              .orderBy(...orderBy(query))
              .limit(query.limit)
              .offset(offset);
      return { rows: rows as ListRow[], counts, total };
    },

    forgetCounts() {
      countsCache.clear();
    },

    /** Runs `work` in one transaction, with the repository's statements bound to it. */
    async transaction<T>(work: (tx: EventsStatements) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(statements(tx)));
    },

    /** Categories (kept when they exist). */
    async insertCategories(rows: NewCategory[]): Promise<void> {
      await db.insert(eventCategories).values(rows).onConflictDoNothing();
    },

    /** The demo catalogue's shared organisers and venues (kept when they exist). */
    async insertSeedPlaces(rows: { organisers: NewOrganiser[]; venues: NewVenue[] }): Promise<void> {
      await db.insert(eventOrganisers).values(rows.organisers).onConflictDoNothing();
      await db.insert(eventVenues).values(rows.venues).onConflictDoNothing();
    },

    /** One batch of demo events and their ticket types, in one transaction. */
    async insertSeedBatch(rows: { events: NewEvent[]; ticketTypes: NewTicketType[] }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(events).values(rows.events.map(eventRow));
        await tx.insert(eventTicketTypes).values(rows.ticketTypes);
      });
    },

    /**
     * Statistics for the planner, and a visibility map so the counts are read off an index only
     * (what autovacuum would do some time after a bulk load).
     */
    async analyze(): Promise<void> {
      await db.execute(sql`vacuum (analyze) events`);
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
