import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  defaultFilters,
  effectiveSort,
  isFiltered,
  listQuery,
  MAX_PAGE,
  pageInRange,
  pagerPages,
  parseEventsAddress,
  sortOptions,
  writeEventsAddress,
  type EventFilters,
} from './event-filters';

const params = (query: string) => new URLSearchParams(query);
const filters = (change: Partial<EventFilters> = {}): EventFilters => ({ ...defaultFilters, ...change });

describe('the list screen in the address', () => {
  it('reads an empty address as the defaults: date order, page 1, grid', () => {
    expect(parseEventsAddress(params(''))).toEqual({ filters: defaultFilters, page: 1, view: 'grid' });
  });

  it('reads every filter, the page and the view', () => {
    expect(
      parseEventsAddress(
        params(
          'search=+jazz+&sort=price_low&when=weekend&category=live-music&type=online&price_min=20&price_max=300&page=3&view=list',
        ),
      ),
    ).toEqual({
      filters: {
        search: 'jazz',
        sort: 'price_low',
        when: 'weekend',
        category: 'live-music',
        type: 'online',
        priceMin: 20,
        priceMax: 300,
        freeOnly: false,
      },
      page: 3,
      view: 'list',
    });
  });

  it("reads 'Free Events Only' as the whole price range (the slider does not apply then)", () => {
    expect(parseEventsAddress(params('price_min=20&price_max=300&free=1')).filters).toMatchObject({
      priceMin: 0,
      priceMax: 500,
      freeOnly: true,
    });
  });

  it("drops price_min and price_max from the address once 'Free Events Only' is ticked", () => {
    const priced = params('price_min=20&price_max=300');
    expect(writeEventsAddress(priced, { filters: { freeOnly: true } }).toString()).toBe('free=1');
    expect(writeEventsAddress(params('free=1'), { filters: { priceMin: 40 } }).toString()).toBe('free=1');
    expect(writeEventsAddress(params('free=1'), { filters: { freeOnly: false } }).toString()).toBe('');
  });

  it('reads a page past what the server answers as the deepest page it does (then the last page replaces it)', () => {
    expect(MAX_PAGE).toBe(833);
    expect(parseEventsAddress(params('page=99')).page).toBe(99);
    expect(parseEventsAddress(params('page=100000')).page).toBe(MAX_PAGE);
  });

  it('falls back to the default for anything it cannot use (the server would refuse it)', () => {
    const address = parseEventsAddress(
      params(
        'sort=cheapest&when=yesterday&category=Live Music!&type=hybrid&price_min=abc&price_max=9999&page=-2&view=table',
      ),
    );
    expect(address).toEqual({ filters: { ...defaultFilters, priceMax: 500 }, page: 1, view: 'grid' });
    // Prices snap to the slider's step and a reversed range is put the right way round.
    expect(parseEventsAddress(params('price_min=300&price_max=44')).filters).toMatchObject({
      priceMin: 40,
      priceMax: 300,
    });
    expect(parseEventsAddress(params('page=2.5')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and keeps parameters it does not own', () => {
    const start = params('from=crm');
    expect(writeEventsAddress(start, { filters: {} }).toString()).toBe('from=crm');
    const next = writeEventsAddress(start, {
      filters: { search: ' sao paulo ', when: 'today', category: 'tech-conference', type: 'in-person' },
    });
    expect(next.toString()).toBe('from=crm&search=sao+paulo&when=today&category=tech-conference&type=in-person');
    expect(parseEventsAddress(next).filters).toMatchObject({ search: 'sao paulo', type: 'in-person' });
  });

  it('goes back to page 1 on any filter, sort or search change, and keeps the page otherwise', () => {
    const onPage3 = params('category=live-music&page=3&view=list');
    expect(writeEventsAddress(onPage3, { filters: { sort: 'newest' } }).toString()).toBe(
      'sort=newest&category=live-music&view=list',
    );
    expect(writeEventsAddress(onPage3, { filters: { search: 'fado' } }).get('page')).toBeNull();
    expect(writeEventsAddress(onPage3, { filters: { category: null } }).toString()).toBe('view=list');
    expect(writeEventsAddress(onPage3, { view: 'grid' }).toString()).toBe('category=live-music&page=3');
    expect(writeEventsAddress(onPage3, { page: 4 }).get('page')).toBe('4');
    expect(writeEventsAddress(onPage3, { page: 1 }).get('page')).toBeNull();
  });

  it('resets every filter, the sort and the search, keeping the view', () => {
    const busy = params('search=x&sort=newest&when=month&category=a&type=online&price_min=10&free=1&page=2&view=list');
    expect(writeEventsAddress(busy, { reset: true }).toString()).toBe('view=list');
  });

  it('counts the active filters (for the phone layout’s button)', () => {
    expect(activeFilterCount(defaultFilters)).toBe(0);
    expect(activeFilterCount(filters({ when: 'today', category: 'a', type: 'online' }))).toBe(3);
    expect(activeFilterCount(filters({ priceMin: 10 }))).toBe(1);
    expect(activeFilterCount(filters({ priceMin: 10, freeOnly: true }))).toBe(1);
    expect(isFiltered(defaultFilters)).toBe(false);
    expect(isFiltered(filters({ search: 'x' }))).toBe(true);
    expect(isFiltered(filters({ sort: 'popularity' }))).toBe(true);
  });
});

describe('the list query (spec, "Events service"), on a fixed clock in a fixed time zone', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    // São Paulo: UTC-3 all year, so the local days of the "When" options are easy to check.
    process.env.TZ = 'America/Sao_Paulo';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
  // Thursday 26 November 2026, 15:00 in São Paulo.
  const now = () => new Date('2026-11-26T18:00:00Z');
  const query = (change: Partial<EventFilters>, page = 1) =>
    Object.fromEntries(listQuery(filters(change), page, now()));

  it('sends page, limit 12 and the sort, leaving every empty filter out', () => {
    expect(query({})).toEqual({ page: '1', limit: '12', sort: 'date' });
    expect(query({ search: '  ' }, 4)).toEqual({ page: '4', limit: '12', sort: 'date' });
  });

  it('sends the set filters: search, category and the event type as is_online', () => {
    expect(query({ search: ' fado ', category: 'live-music', type: 'online', sort: 'popularity' })).toEqual({
      page: '1',
      limit: '12',
      search: 'fado',
      sort: 'popularity',
      category: 'live-music',
      is_online: 'true',
    });
    expect(query({ type: 'in-person' }).is_online).toBe('false');
  });

  it('computes When as date_from and date_to in local days', () => {
    expect(query({ when: 'today' })).toMatchObject({
      date_from: '2026-11-26T03:00:00.000Z',
      date_to: '2026-11-27T02:59:59.999Z',
    });
    expect(query({ when: 'tomorrow' })).toMatchObject({
      date_from: '2026-11-27T03:00:00.000Z',
      date_to: '2026-11-28T02:59:59.999Z',
    });
    // The next Saturday's start through the end of Sunday.
    expect(query({ when: 'weekend' })).toMatchObject({
      date_from: '2026-11-28T03:00:00.000Z',
      date_to: '2026-11-30T02:59:59.999Z',
    });
    expect(query({ when: 'week' })).toMatchObject({
      date_from: '2026-11-26T18:00:00.000Z',
      date_to: '2026-12-03T18:00:00.000Z',
    });
    expect(query({ when: 'month' })).toMatchObject({
      date_from: '2026-11-26T18:00:00.000Z',
      date_to: '2026-12-26T18:00:00.000Z',
    });
  });

  it('filters by price for real: the slider as price_min/price_max (its top has no limit), or is_free', () => {
    expect(query({ priceMin: 20, priceMax: 150 })).toMatchObject({ price_min: '20', price_max: '150' });
    expect(query({ priceMin: 0, priceMax: 500 })).not.toHaveProperty('price_min');
    expect(query({ priceMin: 0, priceMax: 500 })).not.toHaveProperty('price_max');
    const free = query({ freeOnly: true, priceMin: 20, priceMax: 150 });
    expect(free).toMatchObject({ is_free: 'true' });
    expect(free).not.toHaveProperty('price_min');
  });
});

describe('the sort, with and without a search', () => {
  it('is by date without a search and by relevance with one, until the visitor chooses another', () => {
    expect(effectiveSort(defaultFilters)).toBe('date');
    expect(effectiveSort(filters({ search: 'fado' }))).toBe('relevance');
    expect(effectiveSort(filters({ search: 'fado', sort: 'date' }))).toBe('date');
    expect(effectiveSort(filters({ search: 'fado', sort: 'popularity' }))).toBe('popularity');
    // Relevance ranks a search: without one it falls back to date.
    expect(effectiveSort(filters({ search: ' ', sort: 'relevance' }))).toBe('date');
  });

  it("offers 'Relevance' only while there is a search", () => {
    expect(sortOptions('')).toEqual(['date', 'popularity', 'price_low', 'price_high', 'newest']);
    expect(sortOptions('fado')).toContain('relevance');
  });

  it('keeps a sort in the address only when chosen (a search sorted by date stays so)', () => {
    expect(writeEventsAddress(params(''), { filters: { search: 'fado' } }).toString()).toBe('search=fado');
    expect(parseEventsAddress(params('search=fado')).filters.sort).toBeNull();
    expect(writeEventsAddress(params('search=fado'), { filters: { sort: 'date' } }).toString()).toBe(
      'search=fado&sort=date',
    );
    expect(parseEventsAddress(params('search=fado&sort=date')).filters.sort).toBe('date');
    // Without a search, date is the default and 'relevance' is no choice: neither is written.
    expect(writeEventsAddress(params('search=fado&sort=date'), { filters: { search: '' } }).toString()).toBe('');
    expect(writeEventsAddress(params('search=fado&sort=relevance'), { filters: { search: '' } }).toString()).toBe('');
    expect(parseEventsAddress(params('sort=relevance')).filters.sort).toBeNull();
  });

  it('asks the server for the sort in effect', () => {
    const now = new Date('2026-11-26T18:00:00Z');
    expect(listQuery(filters({ search: 'fado' }), 1, now).get('sort')).toBe('relevance');
    expect(listQuery(filters({ search: 'fado', sort: 'newest' }), 1, now).get('sort')).toBe('newest');
    expect(listQuery(filters({ sort: 'relevance' }), 1, now).get('sort')).toBe('date');
  });
});

describe('a page past the end', () => {
  it('is replaced by the last page, or page 1 of an empty list; a page in range stays', () => {
    expect(pageInRange(99, 22)).toBe(22);
    expect(pageInRange(3, 0)).toBe(1);
    expect(pageInRange(22, 22)).toBeNull();
    expect(pageInRange(1, 0)).toBeNull();
  });
});

describe('the pager', () => {
  it('numbers pages 1 to min(5, total pages), and has none for a single page', () => {
    expect(pagerPages(0)).toEqual([]);
    expect(pagerPages(1)).toEqual([]);
    expect(pagerPages(2)).toEqual([1, 2]);
    expect(pagerPages(5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerPages(25)).toEqual([1, 2, 3, 4, 5]);
  });
});
