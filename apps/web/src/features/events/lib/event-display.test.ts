import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { events as en } from '../i18n/en';
import { events as pt } from '../i18n/pt-PT';
import {
  categoryLabel,
  eventDateText,
  hasEnded,
  hasStarted,
  isKnownCategory,
  knownCategories,
  locationText,
  momentText,
  moneyText,
  priceText,
  regionalLocale,
} from './event-display';

const labels = { free: 'FREE', tbd: 'Price TBD' };
const pricing = (min: number | null, max: number | null, currency = 'USD', isFree = false) => ({
  currency,
  min_price: min,
  max_price: max,
  is_free: isFree,
});

describe('the card price', () => {
  it("reads 'Price TBD' without pricing and 'FREE' when free", () => {
    expect(priceText(null, labels, 'en')).toBe('Price TBD');
    expect(priceText(pricing(0, 0, 'EUR', true), labels, 'en')).toBe('FREE');
  });

  it('shows one amount when min and max are equal (0 when both are missing), else a range', () => {
    expect(priceText(pricing(25, 25), labels, 'en')).toBe('$25');
    expect(priceText(pricing(null, null), labels, 'en')).toBe('$0');
    expect(priceText(pricing(10, 99.5), labels, 'en')).toBe('$10 - $99.50');
    expect(priceText(pricing(10, null), labels, 'en')).toBe('Price TBD');
    expect(priceText(pricing(null, 10), labels, 'en')).toBe('Price TBD');
  });

  it('shows USD as $ and any other currency by its code, with the figures of the language', () => {
    expect(moneyText(1500, 'USD', 'en')).toBe('$1,500');
    expect(moneyText(15, 'EUR', 'en')).toBe('EUR 15');
    expect(moneyText(12.5, 'gbp', 'en')).toBe('GBP 12.50');
    expect(moneyText(1500.5, 'EUR', 'pt-PT')).toMatch(/^EUR 1\s?500,50$/);
    expect(priceText(pricing(5, 40, 'BRL'), labels, 'en')).toBe('BRL 5 - BRL 40');
  });
});

describe('the category badge', () => {
  it('replaces hyphens with spaces and capitalises every word', () => {
    expect(categoryLabel('live-music')).toBe('Live Music');
    expect(categoryLabel('food-and-drink')).toBe('Food And Drink');
    expect(categoryLabel('tech')).toBe('Tech');
    expect(categoryLabel('')).toBe('');
  });

  it("names every seeded category in the catalogue: in English exactly as the spec's rule does", () => {
    for (const slug of knownCategories) {
      expect(en.categories[slug]).toBe(categoryLabel(slug));
      expect(pt.categories[slug]).not.toBe('');
    }
    expect(Object.keys(en.categories).sort()).toEqual([...knownCategories].sort());
    expect(pt.categories['live-music']).toBe('Música ao vivo');
    expect(isKnownCategory('live-music')).toBe(true);
    expect(isKnownCategory('pottery-classes')).toBe(false);
  });
});

describe('the location line', () => {
  const where = { online: 'Online Event', tba: 'TBA' };
  const location = (isOnline: boolean, city: string | null, venue: string | null) => ({
    is_online: isOnline,
    city,
    venue,
    display: '',
  });

  it("reads 'Online Event' if online, else the city, else the venue, else 'TBA'", () => {
    expect(locationText(location(true, 'Lisboa', 'Hall'), where)).toBe('Online Event');
    expect(locationText(location(false, 'Lisboa', 'Hall'), where)).toBe('Lisboa');
    expect(locationText(location(false, null, 'Harbour Hall'), where)).toBe('Harbour Hall');
    expect(locationText(location(false, ' ', ''), where)).toBe('TBA');
    expect(locationText(location(false, null, null), where)).toBe('TBA');
  });
});

describe('the date line, on a fixed clock and in a fixed time zone', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const lisbon = { locale: 'en', timeZone: 'Europe/Lisbon' };
  const saoPaulo = { locale: 'en', timeZone: 'America/Sao_Paulo' };

  it('shows a single date as a long date and time', () => {
    expect(eventDateText('2026-03-05T14:30:00Z', null, lisbon)).toBe('March 5, 2026, 02:30 PM');
    // An end equal to the start is a single moment too.
    expect(eventDateText('2026-03-05T14:30:00Z', '2026-03-05T14:30:00Z', lisbon)).toBe('March 5, 2026, 02:30 PM');
    expect(eventDateText('2026-03-05T14:30:00Z', null, { locale: 'pt-PT', timeZone: 'Europe/Lisbon' })).toBe(
      '5 de março de 2026, 14:30',
    );
  });

  it("shows a same-day event as 'MMM d, yyyy • start - end'", () => {
    expect(eventDateText('2026-03-05T14:30:00Z', '2026-03-05T17:00:00Z', lisbon)).toBe(
      'Mar 5, 2026 • 02:30 PM - 05:00 PM',
    );
    expect(
      eventDateText('2026-03-05T14:30:00Z', '2026-03-05T17:00:00Z', { locale: 'pt-PT', timeZone: 'Europe/Lisbon' }),
    ).toBe('05/03/2026 • 14:30 - 17:00');
  });

  it("shows a multi-day event as 'MMM d - MMM d, yyyy'", () => {
    expect(eventDateText('2026-03-05T09:00:00Z', '2026-03-07T18:00:00Z', lisbon)).toBe('Mar 5 - Mar 7, 2026');
    expect(eventDateText('2026-12-30T20:00:00Z', '2027-01-02T12:00:00Z', lisbon)).toBe('Dec 30 - Jan 2, 2027');
    // Where dates are all figures, both days are written alike.
    expect(
      eventDateText('2026-12-03T09:00:00Z', '2026-12-04T18:00:00Z', { locale: 'pt-PT', timeZone: 'Europe/Lisbon' }),
    ).toBe('03/12 - 04/12/2026');
  });

  it("decides 'same day' in the viewer's time zone", () => {
    // 22:00 to 01:00 UTC: two days in Lisbon, one evening in São Paulo (19:00 to 22:00).
    const start = '2026-03-05T22:00:00Z';
    const end = '2026-03-06T01:00:00Z';
    expect(eventDateText(start, end, lisbon)).toBe('Mar 5 - Mar 6, 2026');
    expect(eventDateText(start, end, saoPaulo)).toBe('Mar 5, 2026 • 07:00 PM - 10:00 PM');
  });

  it('shows the raw start when it cannot be read, and ignores an unreadable end', () => {
    expect(eventDateText('next Tuesday-ish', '2026-03-07T18:00:00Z', lisbon)).toBe('next Tuesday-ish');
    expect(eventDateText('', null, lisbon)).toBe('');
    expect(eventDateText('2026-03-05T14:30:00Z', 'soon', lisbon)).toBe('March 5, 2026, 02:30 PM');
  });

  it('names the time zone after the last time when asked (event page, quick view)', () => {
    const gb = { locale: 'en-GB', timeZone: 'Europe/Lisbon', zone: true };
    expect(eventDateText('2026-03-05T14:30:00Z', '2026-03-05T17:00:00Z', gb)).toBe('5 Mar 2026 • 14:30 - 17:00 WET');
    expect(eventDateText('2026-07-05T14:30:00Z', null, gb)).toBe('5 July 2026, 15:30 WEST');
    expect(eventDateText('2026-03-05T14:30:00Z', '2026-03-05T17:00:00Z', { ...lisbon, zone: true })).toBe(
      'Mar 5, 2026 • 02:30 PM - 05:00 PM GMT+0',
    );
    expect(eventDateText('2026-03-05T14:30:00Z', null, { locale: 'en', timeZone: 'Europe/Berlin', zone: true })).toBe(
      'March 5, 2026, 03:30 PM GMT+1',
    );
    // A multi-day line has no times, so no zone.
    expect(eventDateText('2026-03-05T09:00:00Z', '2026-03-07T18:00:00Z', gb)).toBe('5 Mar - 7 Mar 2026');
  });

  it("writes a schedule item's time as the card does, with the zone", () => {
    expect(momentText('2026-03-05T19:30:00Z', { locale: 'en-GB', timeZone: 'Europe/Lisbon', zone: true })).toBe(
      '5 Mar 2026 • 19:30 WET',
    );
    expect(momentText('2026-03-05T19:30:00Z', { locale: 'pt-PT', timeZone: 'Europe/Lisbon', zone: true })).toBe(
      '05/03/2026 • 19:30 WET',
    );
    expect(momentText('later', lisbon)).toBe('later');
  });

  it('knows whether an event has started', () => {
    const now = new Date();
    expect(hasStarted('2026-03-01T09:59:59Z', now)).toBe(true);
    expect(hasStarted('2026-03-01T10:00:00Z', now)).toBe(true);
    expect(hasStarted('2026-03-01T10:00:01Z', now)).toBe(false);
    expect(hasStarted('not a date', now)).toBe(false);
  });

  it('knows whether an event is over: its end has passed, or its start when it has no end', () => {
    const now = new Date();
    // Running: started an hour ago, ends in an hour.
    expect(hasEnded('2026-03-01T09:00:00Z', '2026-03-01T11:00:00Z', now)).toBe(false);
    expect(hasEnded('2026-03-01T07:00:00Z', '2026-03-01T09:00:00Z', now)).toBe(true);
    expect(hasEnded('2026-03-01T09:00:00Z', null, now)).toBe(true);
    expect(hasEnded('2026-03-01T11:00:00Z', null, now)).toBe(false);
    expect(hasEnded('soon', null, now)).toBe(false);
  });
});

describe('the locale of dates and times', () => {
  it("is the browser's regional variant of the language in use (en-GB: a 24-hour clock)", () => {
    expect(regionalLocale('en', ['en-GB', 'en'])).toBe('en-GB');
    expect(regionalLocale('en', ['pt-PT', 'en-US'])).toBe('en-US');
    expect(regionalLocale('en', ['fr-FR'])).toBe('en');
    expect(regionalLocale('en', ['en-aa-bb'])).toBe('en');
    // A language with its region keeps it.
    expect(regionalLocale('pt-PT', ['pt-BR'])).toBe('pt-PT');
    expect(eventDateText('2026-03-05T14:30:00Z', '2026-03-05T17:00:00Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe(
      '5 Mar 2026 • 14:30 - 17:00',
    );
  });
});
