import { eventsMessages } from '@nuvem/contracts/events';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { events } from './en';

const t = i18n.getFixedT('en', 'events');

describe('the events catalogue in English', () => {
  it("has the spec's texts word for word (the contracts' eventsMessages)", () => {
    expect({
      searchPlaceholder: events.hero.searchPlaceholder,
      tagline: events.hero.tagline,
      chip: events.hero.chip,
      multipleLocations: events.hero.multipleLocations,
      loading: events.results.loading,
      loadFailed: events.results.loadFailed,
      empty: events.results.empty,
      emptyHint: events.results.emptyHint,
      resetFilters: events.results.resetFilters,
      filters: events.filters.heading,
      resetAll: events.filters.resetAll,
      freeOnly: events.filters.price.freeOnly,
      priceTbd: events.card.priceTbd,
      free: events.card.free,
      onlineEvent: events.card.onlineEvent,
      tba: events.card.tba,
      soldOut: events.card.soldOut,
      notFound: events.page.notFound,
      alreadyRegistered: events.errors.ALREADY_REGISTERED,
      notRegistered: events.errors.NOT_REGISTERED,
      soldOutError: events.errors.SOLD_OUT,
      cancelled: events.errors.EVENT_CANCELLED,
      past: events.errors.EVENT_PAST,
    }).toEqual({
      searchPlaceholder: eventsMessages.searchPlaceholder,
      tagline: eventsMessages.tagline,
      chip: eventsMessages.chip,
      multipleLocations: eventsMessages.multipleLocations,
      loading: eventsMessages.loading,
      loadFailed: eventsMessages.loadFailed,
      empty: eventsMessages.empty,
      emptyHint: eventsMessages.emptyHint,
      resetFilters: eventsMessages.resetFilters,
      filters: eventsMessages.filters,
      resetAll: eventsMessages.resetAll,
      freeOnly: eventsMessages.freeOnly,
      priceTbd: eventsMessages.priceTbd,
      free: eventsMessages.free,
      onlineEvent: eventsMessages.onlineEvent,
      tba: eventsMessages.tba,
      soldOut: eventsMessages.soldOut,
      notFound: eventsMessages.notFound,
      alreadyRegistered: eventsMessages.alreadyRegistered,
      notRegistered: eventsMessages.notRegistered,
      soldOutError: eventsMessages.soldOutError,
      cancelled: eventsMessages.cancelled,
      past: eventsMessages.past,
    });
    expect(events.page.cancelled).toBe(eventsMessages.cancelled);
    expect(events.page.past).toBe(eventsMessages.past);
  });

  it("says '{n} events found', '{n} attending' and '{n} tickets left' as the spec does", () => {
    expect(t('results.found', { count: 12, n: '12' })).toBe(eventsMessages.found(12));
    expect(t('card.attending', { count: 3, n: '3' })).toBe(eventsMessages.attending(3));
    expect(t('card.ticketsLeft', { count: 40, n: '40' })).toBe(eventsMessages.ticketsLeft(40));
    expect(t('hero.available', { count: 300, n: '300' })).toBe('300 events available');
  });

  it('has the spec’s filter labels', () => {
    expect(events.filters.type).toMatchObject({ all: 'All Events', online: 'Online Only', inPerson: 'In-Person Only' });
    expect(events.results.sort.date).toBe('Upcoming');
  });
});
