import { z } from 'zod';

/** The events catalogue: spec 2 ("Events list screen", "Event card", "Filter panel", "Events service"). */
export const EVENTS_PAGE_SIZE = 12;
export const EVENTS_MAX_PAGE_SIZE = 100;
export const EVENTS_SEARCH_DEBOUNCE_MS = 500;
export const EVENTS_MAX_PAGER_BUTTONS = 5;
export const EVENTS_PRICE_MAX = 500;
export const EVENTS_PRICE_STEP = 10;

/** The spec's five sorts, and `relevance` (beyond the spec: full-text rank, for a search). */
export const eventSorts = ['date', 'popularity', 'price_low', 'price_high', 'newest', 'relevance'] as const;
export type EventSort = (typeof eventSorts)[number];
export const eventWhens = ['today', 'tomorrow', 'weekend', 'week', 'month'] as const;
export type EventWhen = (typeof eventWhens)[number];

export const eventsMessages = {
  searchPlaceholder: 'Search events, venues, or organizers...',
  tagline: 'Where Moments Become Memories',
  chip: 'Discover Amazing Experiences',
  multipleLocations: 'Multiple Locations',
  loading: 'Loading...',
  found: (n: number) => `${n} events found`,
  loadFailed: 'Failed to load events. Please try again.',
  fetchFailed: (statusText: string) => `Failed to fetch events: ${statusText}`,
  empty: 'No events found',
  emptyHint: 'Try adjusting your filters or search terms',
  resetFilters: 'Reset Filters',
  filters: 'Filters',
  resetAll: 'Reset all',
  freeOnly: 'Free Events Only',
  priceTbd: 'Price TBD',
  free: 'FREE',
  onlineEvent: 'Online Event',
  tba: 'TBA',
  attending: (n: number) => `${n} attending`,
  ticketsLeft: (n: number) => `${n} tickets left`,
  soldOut: 'Sold out',
  notFound: 'Event not found',
  alreadyRegistered: 'You are already registered for this event',
  notRegistered: 'You are not registered for this event',
  soldOutError: 'No tickets of this type are left',
  cancelled: 'This event was cancelled',
  past: 'This event has already taken place',
  notOrganiser: 'Only the organiser can change this event',
} as const;

const emptyAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const booleanText = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean({ error: 'must be true or false' }),
);
/** An ISO 8601 date-time between the years 1900 and 9999 (in UTC): what the database can hold. */
const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).refine((text) => {
  const year = new Date(text).getUTCFullYear();
  return year >= 1900 && year <= 9999;
}, 'must be a date between the years 1900 and 9999');
const instant = (text: string) => new Date(text).getTime();

/** The deepest result a list may page to (page x limit): past it, narrow the search. */
export const EVENTS_MAX_RESULT_WINDOW = 10_000;

/** GET /api/public/events/list: every parameter optional; a bad one is a 400 naming it. */
export const eventsListQuerySchema = z
  .object({
    page: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
    limit: z.preprocess(
      emptyAsUndefined,
      z.coerce.number().int().min(1).max(EVENTS_MAX_PAGE_SIZE).default(EVENTS_PAGE_SIZE),
    ),
    search: z.preprocess(emptyAsUndefined, z.string().trim().max(200).optional()),
    sort: z.preprocess(emptyAsUndefined, z.enum(eventSorts).default('date')),
    date_from: z.preprocess(emptyAsUndefined, isoDate.optional()),
    date_to: z.preprocess(emptyAsUndefined, isoDate.optional()),
    category: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .max(60)
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a category slug such as live-music')
        .optional(),
    ),
    is_online: z.preprocess(emptyAsUndefined, booleanText.optional()),
    /** Beyond the spec: the price slider and 'Free Events Only' filter for real. */
    price_min: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(100_000).optional()),
    price_max: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(100_000).optional()),
    is_free: z.preprocess(emptyAsUndefined, booleanText.optional()),
  })
  .refine((q) => !q.date_from || !q.date_to || instant(q.date_from) <= instant(q.date_to), {
    path: ['date_to'],
    message: 'must not be before date_from',
  })
  .refine((q) => q.page * q.limit <= EVENTS_MAX_RESULT_WINDOW, {
    path: ['page'],
    message: `must not go past the first ${EVENTS_MAX_RESULT_WINDOW.toLocaleString('en')} results: narrow the search or filters`,
  })
  .refine((q) => q.price_min === undefined || q.price_max === undefined || q.price_min <= q.price_max, {
    path: ['price_max'],
    message: 'must not be below price_min',
  });
export type EventsListQuery = z.infer<typeof eventsListQuerySchema>;
export type EventsListParams = z.input<typeof eventsListQuerySchema>;

export const eventLocationSchema = z.object({
  is_online: z.boolean(),
  city: z.string().nullable(),
  venue: z.string().nullable(),
  display: z.string(),
});
export const eventPricingSchema = z.object({
  currency: z.string(),
  min_price: z.number().nullable(),
  max_price: z.number().nullable(),
  is_free: z.boolean(),
});

export const eventListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  cover_image_url: z.string().nullable(),
  category: z.string(),
  organizer: z.object({ name: z.string() }),
  start_date: z.string(),
  end_date: z.string().nullable(),
  location: eventLocationSchema,
  pricing: eventPricingSchema.nullable(),
  attendee_count: z.number(),
  tickets_available: z.number().nullable(),
  status: z.enum(['scheduled', 'cancelled']),
});
export type EventListItem = z.infer<typeof eventListItemSchema>;

export const eventsListResponseSchema = z.object({
  events: z.array(eventListItemSchema),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  total_pages: z.number(),
  categories: z.array(z.object({ value: z.string(), count: z.number() })),
});
export type EventsListResponse = z.infer<typeof eventsListResponseSchema>;

export const ticketTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  currency: z.string(),
  capacity: z.number(),
  available: z.number(),
});
export type TicketType = z.infer<typeof ticketTypeSchema>;

export const eventDetailSchema = eventListItemSchema.extend({
  description: z.string(),
  organizer: z.object({ id: z.string(), name: z.string() }),
  venue: z
    .object({ name: z.string(), address: z.string().nullable(), city: z.string(), country: z.string() })
    .nullable(),
  online_url: z.string().nullable(),
  schedule: z.array(z.object({ starts_at: z.string(), title: z.string() })),
  ticket_types: z.array(ticketTypeSchema),
  /** For a signed-in caller: their registration, if any; and whether they organise it. */
  my_registration: z.object({ id: z.string(), ticket_type_id: z.string(), created_at: z.string() }).nullable(),
  is_organiser: z.boolean(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const registrationBodySchema = z.object({ ticket_type_id: z.string().min(1).max(100) });
export const registrationResponseSchema = z.object({
  registration: z.object({ id: z.string(), event_id: z.string(), ticket_type_id: z.string(), created_at: z.string() }),
  attendee_count: z.number(),
  tickets_available: z.number().nullable(),
});

const ticketInput = z.object({
  /** An existing ticket type's id, to edit it; without one, the type is matched by name or added. */
  id: z.string().max(64).optional(),
  name: z.string().trim().min(1).max(80),
  price: z
    .number()
    .min(0)
    .max(100_000)
    .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, 'must be in whole cents'),
  capacity: z.number().int().min(1).max(1_000_000),
});
export const eventInputSchema = z
  .object({
    title: z.string().trim().min(3).max(160),
    description: z.string().trim().max(10_000).default(''),
    category: z
      .string()
      .max(60)
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a category slug such as live-music'),
    start_date: isoDate,
    end_date: isoDate.optional(),
    is_online: z.boolean(),
    online_url: z.url({ protocol: /^https?$/ }).optional(),
    venue: z
      .object({
        name: z.string().trim().min(1).max(160),
        address: z.string().trim().max(300).optional(),
        city: z.string().trim().min(1).max(100),
        country: z.string().trim().min(2).max(100),
      })
      .optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as EUR')
      .default('EUR'),
    ticket_types: z.array(ticketInput).min(1).max(10),
  })
  .refine((e) => !e.end_date || instant(e.end_date) >= instant(e.start_date), {
    path: ['end_date'],
    message: 'must not be before start_date',
  })
  .refine((e) => e.is_online || e.venue, { path: ['venue'], message: 'is needed for an in-person event' })
  .refine((e) => new Set(e.ticket_types.map((type) => type.name.toLowerCase())).size === e.ticket_types.length, {
    path: ['ticket_types'],
    message: 'must have different names',
  });
export type EventInput = z.input<typeof eventInputSchema>;

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate(), 0, 0, 0, 0);
const endOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 999);
const addDays = (date: Date, days: number) => {
  const copy = new Date(date);
  copy.setDate(copy.getDate() + days);
  return copy;
};

/**
 * The spec's "When" options as date_from and date_to, in the viewer's local time: today and
 * tomorrow are whole days; weekend starts on the next Saturday (today when it is Saturday: the
 * offset is (6 - weekday) mod 7) and ends with the following day; week and month run from now for
 * 7 and 30 days.
 */
export function whenRange(when: EventWhen, now: Date): { date_from: string; date_to: string } {
  let from: Date;
  let to: Date;
  switch (when) {
    case 'today':
      from = startOfDay(now);
      to = endOfDay(now);
      break;
    case 'tomorrow':
      from = startOfDay(addDays(now, 1));
      to = endOfDay(addDays(now, 1));
      break;
    case 'weekend': {
      const saturday = addDays(now, (6 - now.getDay() + 7) % 7);
      from = startOfDay(saturday);
      to = endOfDay(addDays(saturday, 1));
      break;
    }
    case 'week':
      from = now;
      to = addDays(now, 7);
      break;
    case 'month':
      from = now;
      to = addDays(now, 30);
      break;
  }
  return { date_from: from.toISOString(), date_to: to.toISOString() };
}
