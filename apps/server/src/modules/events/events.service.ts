import {
  eventsMessages,
  type eventInputSchema,
  type EventDetail,
  type EventListItem,
  type EventsListQuery,
  type EventsListResponse,
} from '@nuvem/contracts/events';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { EventBus } from '../../plugins/app/event-bus.js';
import type { EventMails } from './event-mail.js';
import type { EventsRepository, EventsStatements, ListRow } from './events.repository.js';

type EventInputParsed = z.infer<typeof eventInputSchema>;

const money = (cents: number | null) => (cents === null ? null : cents / 100);

function locationOf(row: { isOnline: boolean; city: string | null; venueName: string | null }) {
  return {
    is_online: row.isOnline,
    city: row.city,
    venue: row.venueName,
    display: row.isOnline ? eventsMessages.onlineEvent : (row.city ?? row.venueName ?? eventsMessages.tba),
  };
}

function listItem(row: ListRow): EventListItem {
  return {
    id: row.id,
    title: row.title,
    cover_image_url: row.hasCover ? `/api/public/events/${row.id}/cover.svg` : null,
    category: row.category,
    organizer: { name: row.organiserName },
    start_date: row.startsAt.toISOString(),
    end_date: row.endsAt?.toISOString() ?? null,
    location: locationOf(row),
    pricing:
      row.minPriceCents === null
        ? null
        : {
            currency: row.currency,
            min_price: money(row.minPriceCents),
            max_price: money(row.maxPriceCents),
            is_free: row.isFree,
          },
    attendee_count: row.attendeeCount,
    tickets_available: row.ticketsAvailable,
    status: row.status === 'cancelled' ? 'cancelled' : 'scheduled',
  };
}

/** The public catalogue, event pages, registrations that never oversell, and organisers' events. */
export function createEventsService(deps: {
  repo: EventsRepository;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** Registration confirmations and cancellation notices (event-mail.ts). */
  mails?: Pick<EventMails, 'registered' | 'cancelled'>;
  now?: () => Date;
}) {
  const { repo, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function detail(id: string, userId: string | null): Promise<EventDetail> {
    const found = await repo.findEvent(id);
    if (!found) throw AppError.notFound(eventsMessages.notFound, 'EVENT_NOT_FOUND');
    const { event, organiser, venue } = found;
    const [types, mine] = await Promise.all([
      repo.ticketTypes(id),
      userId ? repo.registrationOf(id, userId) : Promise.resolve(undefined),
    ]);
    const base = listItem({ ...event, organiserName: organiser.name });
    return {
      ...base,
      description: event.description,
      organizer: { id: organiser.id, name: organiser.name },
      venue: venue ? { name: venue.name, address: venue.address, city: venue.city, country: venue.country } : null,
      // The link to join is for attendees and the organiser.
      online_url: mine || (userId !== null && organiser.userId === userId) ? event.onlineUrl : null,
      schedule: Array.isArray(event.schedule) ? (event.schedule as EventDetail['schedule']) : [],
      ticket_types: types.map((type) => ({
        id: type.id,
        name: type.name,
        price: type.priceCents / 100,
        currency: event.currency,
        capacity: type.capacity,
        available: type.capacity - type.taken,
      })),
      my_registration: mine
        ? { id: mine.id, ticket_type_id: mine.ticketTypeId, created_at: mine.createdAt.toISOString() }
        : null,
      is_organiser: userId !== null && organiser.userId === userId,
    };
  }

  async function organiserFor(userId: string, name: string): Promise<string> {
    const existing = await repo.organiserOfUser(userId);
    if (existing) return existing.id;
    const id = newId('organiser');
    await repo.insertOrganiser({ id, name, userId });
    return (await repo.organiserOfUser(userId))?.id ?? id;
  }

  async function ownedEvent(userId: string, eventId: string) {
    const found = await repo.findEvent(eventId);
    if (!found) throw AppError.notFound(eventsMessages.notFound, 'EVENT_NOT_FOUND');
    if (found.organiser.userId !== userId) throw new AppError(403, eventsMessages.notOrganiser, 'NOT_ORGANISER');
    return found;
  }

  /** Writes the event's row and its venue (the category must exist). */
  async function writeEvent(
    tx: EventsStatements,
    id: string,
    organiser: { id: string; name: string },
    input: EventInputParsed,
    existingVenueId: string | null,
  ) {
    const category = await tx.categoryBySlug(input.category);
    if (!category) throw AppError.badRequest(`Unknown category '${input.category}'`, 'UNKNOWN_CATEGORY');
    let venueId: string | null = null;
    if (!input.is_online && input.venue) {
      venueId = existingVenueId ?? newId('venue');
      await tx.upsertVenue({ id: venueId, ...input.venue, address: input.venue.address ?? null });
    }
    await tx.upsertEvent({
      id,
      organiserId: organiser.id,
      title: input.title,
      description: input.description,
      category: input.category,
      startsAt: new Date(input.start_date),
      endsAt: input.end_date ? new Date(input.end_date) : null,
      isOnline: input.is_online,
      onlineUrl: input.is_online ? (input.online_url ?? null) : null,
      venueId,
      city: input.is_online ? null : (input.venue?.city ?? null),
      venueName: input.is_online ? null : (input.venue?.name ?? null),
      currency: input.currency.toUpperCase(),
      hasCover: true,
      schedule: [{ starts_at: new Date(input.start_date).toISOString(), title: input.title }],
      search: {
        title: input.title,
        venue: input.venue?.name ?? null,
        city: input.is_online ? 'online' : (input.venue?.city ?? null),
        organiser: organiser.name,
        description: input.description,
      },
      updatedAt: now(),
    });
  }

  return {
    async list(query: EventsListQuery): Promise<EventsListResponse> {
      const { rows, counts, total } = await repo.list(query, now());
      return {
        events: rows.map(listItem),
        total,
        page: query.page,
        per_page: query.limit,
        total_pages: Math.ceil(total / query.limit),
        categories: counts,
      };
    },

    detail,

    /** Whether an event page names an event (the web app's server answers 404 when it does not). */
    async exists(id: string): Promise<boolean> {
      return (await repo.findEvent(id)) !== undefined;
    },

    /** The event for the .ics calendar entry (public events only). */
    async calendarEvent(id: string) {
      const found = await repo.findEvent(id);
      if (!found) throw AppError.notFound(eventsMessages.notFound, 'EVENT_NOT_FOUND');
      return found;
    },

    async cover(id: string) {
      const found = await repo.findEvent(id);
      if (!found) throw AppError.notFound(eventsMessages.notFound, 'EVENT_NOT_FOUND');
      return { title: found.event.title, category: found.event.category };
    },

    /**
     * Takes a ticket of `ticketTypeId` for the user, in one transaction: the ticket type's count
     * moves only while one is left (so 500 buyers for 100 tickets end with 100 taken), the
     * registration is unique per user, and the event's attendance and tickets left follow.
     */
    async register(userId: string, eventId: string, ticketTypeId: string) {
      const found = await repo.findEvent(eventId);
      if (!found) throw AppError.notFound(eventsMessages.notFound, 'EVENT_NOT_FOUND');
      if (found.event.status === 'cancelled') throw new AppError(409, eventsMessages.cancelled, 'EVENT_CANCELLED');
      if (found.event.startsAt <= now()) throw new AppError(409, eventsMessages.past, 'EVENT_PAST');
      const types = await repo.ticketTypes(eventId);
      const ticket = types.find((type) => type.id === ticketTypeId);
      if (!ticket) {
        throw AppError.badRequest('Unknown ticket type for this event', 'UNKNOWN_TICKET_TYPE');
      }
      try {
        const result = await repo.transaction(async (tx) => {
          // The event row first, as an edit takes it: one lock order, so the two never deadlock.
          await tx.lockEvent(eventId);
          const registration = await tx.insertRegistration({
            id: newId('registration'),
            eventId,
            ticketTypeId,
            userId,
          });
          if (!(await tx.takeTicket(ticketTypeId))) {
            throw new AppError(409, eventsMessages.soldOutError, 'SOLD_OUT');
          }
          const counts = await tx.countAttendee(eventId, 1);
          return { registration, counts };
        });
        await deps.mails?.registered(userId, found, result.registration, ticket.name);
        return result;
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError(409, eventsMessages.alreadyRegistered, 'ALREADY_REGISTERED');
        }
        throw error;
      }
    },

    /** Gives the user's ticket back. */
    async unregister(userId: string, eventId: string) {
      const found = await repo.findEvent(eventId);
      if (!found) throw AppError.notFound(eventsMessages.notFound, 'EVENT_NOT_FOUND');
      const result = await repo.transaction(async (tx) => {
        await tx.lockEvent(eventId);
        const removed = await tx.deleteRegistration(eventId, userId);
        if (!removed) return null;
        await tx.giveTicketBack(removed.ticketTypeId);
        return tx.countAttendee(eventId, -1);
      });
      if (!result) throw AppError.notFound(eventsMessages.notRegistered, 'NOT_REGISTERED');
      return result;
    },

    /** An organiser's new event (the organiser is the user's own, made on first use). */
    async create(userId: string, displayName: string, input: EventInputParsed): Promise<EventDetail> {
      const organiserId = await organiserFor(userId, displayName);
      const id = newId('event');
      await repo.transaction(async (tx) => {
        await writeEvent(tx, id, { id: organiserId, name: displayName }, input, null);
        await tx.insertTicketTypes(
          input.ticket_types.map((type) => ({
            id: newId('ticketType'),
            eventId: id,
            name: type.name,
            priceCents: Math.round(type.price * 100),
            capacity: type.capacity,
          })),
        );
        await tx.refreshTotals(id);
      });
      repo.forgetCounts();
      log.info({ eventId: id, userId }, 'event created');
      return detail(id, userId);
    },

    /**
     * Edits the organiser's event. A ticket type is matched by its id, else by its name; a new one is
     * added; one left out is removed unless tickets of it are taken. A capacity never goes below the
     * tickets taken.
     */
    async update(userId: string, eventId: string, input: EventInputParsed): Promise<EventDetail> {
      const { event, organiser } = await ownedEvent(userId, eventId);
      if (event.status === 'cancelled') throw new AppError(409, eventsMessages.cancelled, 'EVENT_CANCELLED');
      await repo.transaction(async (tx) => {
        // The event row first, as a registration takes it: one lock order, so the two never deadlock.
        await tx.lockEvent(eventId);
        await writeEvent(tx, eventId, { id: organiser.id, name: organiser.name }, input, event.venueId);
        const existing = await tx.ticketTypes(eventId);
        const byId = new Map(existing.map((type) => [type.id, type]));
        const byName = new Map(existing.map((type) => [type.name.toLowerCase(), type]));
        const kept = new Set<string>();
        for (const type of input.ticket_types) {
          const current = type.id ? byId.get(type.id) : byName.get(type.name.toLowerCase());
          if (type.id && !current) {
            throw AppError.badRequest(`Unknown ticket type '${type.id}' for this event`, 'UNKNOWN_TICKET_TYPE');
          }
          if (current) {
            if (kept.has(current.id)) {
              throw AppError.badRequest(`Ticket type '${current.name}' is given twice`, 'DUPLICATE_TICKET_TYPE');
            }
            kept.add(current.id);
            if (type.capacity < current.taken) {
              throw AppError.badRequest(
                `'${current.name}' has ${String(current.taken)} tickets taken: its capacity cannot go below that`,
                'CAPACITY_BELOW_TAKEN',
              );
            }
            await tx.updateTicketType(current.id, {
              name: type.name,
              priceCents: Math.round(type.price * 100),
              capacity: type.capacity,
            });
          } else {
            await tx.insertTicketTypes([
              {
                id: newId('ticketType'),
                eventId,
                name: type.name,
                priceCents: Math.round(type.price * 100),
                capacity: type.capacity,
              },
            ]);
          }
        }
        for (const type of existing) {
          if (kept.has(type.id)) continue;
          if (type.taken > 0) {
            throw new AppError(
              409,
              `'${type.name}' has ${String(type.taken)} tickets taken: it cannot be removed`,
              'TICKET_TYPE_IN_USE',
            );
          }
          await tx.deleteTicketType(type.id);
        }
        await tx.refreshTotals(eventId);
      });
      repo.forgetCounts();
      return detail(eventId, userId);
    },

    /** Cancels the organiser's event and tells every attendee on the realtime stream. */
    async cancel(userId: string, eventId: string): Promise<EventDetail> {
      const { event } = await ownedEvent(userId, eventId);
      if (event.status !== 'cancelled') {
        await repo.setStatus(eventId, 'cancelled', now());
        repo.forgetCounts();
        const attendees = await repo.attendees(eventId);
        await Promise.all(
          attendees.map((attendee) =>
            deps.bus
              .publish(attendee, 'event.cancelled', { id: eventId, title: event.title, status: 'cancelled' })
              .catch((error: unknown) => log.warn({ err: error }, 'could not publish event.cancelled')),
          ),
        );
        log.info({ eventId, attendees: attendees.length }, 'event cancelled');
        await deps.mails?.cancelled(eventId);
      }
      return detail(eventId, userId);
    },

    async upcomingCount() {
      return repo.upcomingCount(now());
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
