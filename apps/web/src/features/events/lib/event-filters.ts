import {
  EVENTS_MAX_PAGER_BUTTONS,
  EVENTS_MAX_RESULT_WINDOW,
  EVENTS_PAGE_SIZE,
  EVENTS_PRICE_MAX,
  EVENTS_PRICE_STEP,
  eventSorts,
  eventWhens,
  whenRange,
  type EventSort,
  type EventWhen,
} from '@nuvem/contracts/events';

export type EventType = 'online' | 'in-person';
export const eventTypes = ['online', 'in-person'] as const satisfies readonly EventType[];
export type ViewMode = 'grid' | 'list';

/** The filters of the list screen, as kept in the address (defaults are left out of it). */
export interface EventFilters {
  /** '' for none. */
  search: string;
  /**
   * The sort the visitor chose; null when they chose none: then a search is sorted by relevance
   * and anything else by date (`effectiveSort`).
   */
  sort: EventSort | null;
  when: EventWhen | null;
  category: string | null;
  type: EventType | null;
  /** The price slider, 0 to EVENTS_PRICE_MAX; the top means "and above" (no upper bound). */
  priceMin: number;
  priceMax: number;
  freeOnly: boolean;
}

export interface EventsAddress {
  filters: EventFilters;
  page: number;
  view: ViewMode;
}

export const defaultFilters: EventFilters = {
  search: '',
  sort: null,
  when: null,
  category: null,
  type: null,
  priceMin: 0,
  priceMax: EVENTS_PRICE_MAX,
  freeOnly: false,
};

/** The address's query keys: the API's own names where there is one. */
const keys = {
  search: 'search',
  sort: 'sort',
  when: 'when',
  category: 'category',
  type: 'type',
  priceMin: 'price_min',
  priceMax: 'price_max',
  freeOnly: 'free',
  page: 'page',
  view: 'view',
} as const;

const categorySlug = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  list.find((item) => item === value) ?? null;

function price(value: string | null, fallback: number): number {
  if (value === null || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number)) return fallback;
  const stepped = Math.round(number / EVENTS_PRICE_STEP) * EVENTS_PRICE_STEP;
  return Math.min(EVENTS_PRICE_MAX, Math.max(0, stepped));
}

/** The deepest page the server answers (it refuses to page past its result window). */
export const MAX_PAGE = Math.floor(EVENTS_MAX_RESULT_WINDOW / EVENTS_PAGE_SIZE);

/** 'relevance' ranks a search: without one there is nothing to rank, so it is no choice. */
function chosenSort(sort: EventSort | null, search: string): EventSort | null {
  return sort === 'relevance' && search.trim() === '' ? null : sort;
}

/** The sort the list is asked for: the chosen one, else relevance for a search, else date (spec's default). */
export function effectiveSort(filters: Pick<EventFilters, 'search' | 'sort'>): EventSort {
  return chosenSort(filters.sort, filters.search) ?? (filters.search.trim() ? 'relevance' : 'date');
}

/** The sorts offered: 'Relevance' only while there is a search. */
export function sortOptions(search: string): EventSort[] {
  return eventSorts.filter((sort) => sort !== 'relevance' || search.trim() !== '');
}

/**
 * Reads the list screen's state from the address. Anything unreadable (a hand-edited or old link)
 * falls back to its default rather than failing: the server would answer 400 to it. With 'Free
 * Events Only' the price range does not apply, so it reads as the whole range.
 */
export function parseEventsAddress(params: URLSearchParams): EventsAddress {
  const freeOnly = params.get(keys.freeOnly) === '1' || params.get(keys.freeOnly) === 'true';
  let priceMin = freeOnly ? 0 : price(params.get(keys.priceMin), 0);
  let priceMax = freeOnly ? EVENTS_PRICE_MAX : price(params.get(keys.priceMax), EVENTS_PRICE_MAX);
  if (priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  const category = params.get(keys.category)?.trim().toLowerCase() ?? '';
  const search = (params.get(keys.search) ?? '').trim().slice(0, 200);
  const page = Number(params.get(keys.page));
  return {
    filters: {
      search,
      sort: chosenSort(oneOf(eventSorts, params.get(keys.sort)), search),
      when: oneOf(eventWhens, params.get(keys.when)),
      category: category.length <= 60 && categorySlug.test(category) ? category : null,
      type: oneOf(eventTypes, params.get(keys.type)),
      priceMin,
      priceMax,
      freeOnly,
    },
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    view: params.get(keys.view) === 'list' ? 'list' : 'grid',
  };
}

/** A change to the list screen's state. A change of any filter goes back to page 1 (spec). */
export type AddressChange =
  { filters: Partial<EventFilters> } | { page: number } | { view: ViewMode } | { reset: true };

/**
 * The address after `change`, keeping parameters this screen does not own (`?from=crm` of the
 * ecosystem links) and leaving every default out, so an unfiltered list is plain '/events'.
 */
export function writeEventsAddress(params: URLSearchParams, change: AddressChange): URLSearchParams {
  const current = parseEventsAddress(params);
  let next: EventsAddress;
  if ('reset' in change) next = { filters: defaultFilters, page: 1, view: current.view };
  else if ('filters' in change) next = { ...current, filters: { ...current.filters, ...change.filters }, page: 1 };
  else if ('page' in change) next = { ...current, page: Math.max(1, Math.floor(change.page)) };
  else next = { ...current, view: change.view };

  const out = new URLSearchParams(params);
  for (const key of Object.values(keys)) out.delete(key);
  const { filters } = next;
  const search = filters.search.trim();
  if (search) out.set(keys.search, search);
  // A chosen sort is kept (so a search sorted by date stays so), but not date without a search:
  // that is the list's default anyway.
  const sort = chosenSort(filters.sort, search);
  if (sort && (search || sort !== 'date')) out.set(keys.sort, sort);
  if (filters.when) out.set(keys.when, filters.when);
  if (filters.category) out.set(keys.category, filters.category);
  if (filters.type) out.set(keys.type, filters.type);
  if (filters.freeOnly) out.set(keys.freeOnly, '1');
  else {
    if (filters.priceMin > 0) out.set(keys.priceMin, String(filters.priceMin));
    if (filters.priceMax < EVENTS_PRICE_MAX) out.set(keys.priceMax, String(filters.priceMax));
  }
  if (next.page > 1) out.set(keys.page, String(next.page));
  if (next.view === 'list') out.set(keys.view, 'list');
  return out;
}

/** How many filters differ from the defaults (the sort and the search are not counted). */
export function activeFilterCount(filters: EventFilters): number {
  return [
    filters.when !== null,
    filters.category !== null,
    filters.type !== null,
    !filters.freeOnly && (filters.priceMin > 0 || filters.priceMax < EVENTS_PRICE_MAX),
    filters.freeOnly,
  ].filter(Boolean).length;
}

/** Whether the list shows anything but the default (any filter, a search or a chosen sort). */
export function isFiltered(filters: EventFilters): boolean {
  return activeFilterCount(filters) > 0 || filters.search.trim() !== '' || filters.sort !== null;
}

/**
 * The query of GET /api/public/events/list for `filters` and `page` (spec, "Events service"):
 * page, limit and every set filter, empty ones left out. "When" becomes date_from and date_to at
 * `now`, in the viewer's time zone; the price slider and 'Free Events Only' filter for real here
 * (price_min, price_max, is_free), the slider's top meaning "no upper bound".
 */
export function listQuery(filters: EventFilters, page: number, now: Date): URLSearchParams {
  const query = new URLSearchParams({ page: String(page), limit: String(EVENTS_PAGE_SIZE) });
  const search = filters.search.trim();
  if (search) query.set('search', search);
  query.set('sort', effectiveSort(filters));
  if (filters.when) {
    const range = whenRange(filters.when, now);
    query.set('date_from', range.date_from);
    query.set('date_to', range.date_to);
  }
  if (filters.category) query.set('category', filters.category);
  if (filters.type) query.set('is_online', filters.type === 'online' ? 'true' : 'false');
  if (filters.freeOnly) query.set('is_free', 'true');
  else {
    if (filters.priceMin > 0) query.set('price_min', String(filters.priceMin));
    if (filters.priceMax < EVENTS_PRICE_MAX) query.set('price_max', String(filters.priceMax));
  }
  return query;
}

/**
 * The page to show instead of `page` when it is past the end of the list (a hand-edited or old
 * link, or a list that shrank): the last page, or 1 for an empty list; null when `page` is fine.
 */
export function pageInRange(page: number, totalPages: number): number | null {
  const last = Math.max(1, totalPages);
  return page > last ? last : null;
}

/** The pager's numbered buttons (spec): pages 1 to min(5, total pages); none for a single page. */
export function pagerPages(totalPages: number): number[] {
  if (totalPages <= 1) return [];
  return Array.from({ length: Math.min(EVENTS_MAX_PAGER_BUTTONS, totalPages) }, (_, index) => index + 1);
}
