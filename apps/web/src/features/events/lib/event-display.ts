import type { EventListItem } from '@nuvem/contracts/events';
import { formatCount, formatDate, formatDayMonth, formatFixed, formatLongDate, formatTime } from '@/lib/format';

/**
 * The categories the server seeds (apps/server/src/modules/events/seed.ts, `seedCategories`): the
 * message catalogue names each of them in every language. Organisers may use other slugs; those
 * read by the spec's rule (`categoryLabel`).
 */
export const knownCategories = [
  'live-music',
  'tech-conference',
  'food-and-drink',
  'arts-and-culture',
  'sports-and-fitness',
  'business-networking',
  'health-and-wellness',
  'film-and-media',
  'family-and-kids',
  'education-and-workshops',
] as const;
export type KnownCategory = (typeof knownCategories)[number];

export function isKnownCategory(slug: string): slug is KnownCategory {
  return knownCategories.some((known) => known === slug);
}

/** 'live-music' -> 'Live Music': hyphens become spaces and every word is capitalised (spec: category badge). */
export function categoryLabel(slug: string): string {
  return slug
    .split('-')
    .filter((word) => word !== '')
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join(' ');
}

/** An amount as the spec shows it: USD as '$25', any other currency by its code ('EUR 25'). */
export function moneyText(amount: number, currency: string, locale: string): string {
  const figure = Number.isInteger(amount) ? formatCount(amount, locale) : formatFixed(amount, 2, locale);
  return currency.toUpperCase() === 'USD' ? `$${figure}` : `${currency.toUpperCase()} ${figure}`;
}

export interface PriceLabels {
  /** 'FREE' */
  free: string;
  /** 'Price TBD' */
  tbd: string;
}

/**
 * The price badge's text (spec, "Events" validation): 'Price TBD' without pricing; 'FREE' when
 * free; the amount when min and max are equal (0 when both are missing); a range when both are
 * known; otherwise 'Price TBD'.
 */
export function priceText(pricing: EventListItem['pricing'], labels: PriceLabels, locale: string): string {
  if (!pricing) return labels.tbd;
  if (pricing.is_free) return labels.free;
  const { min_price: min, max_price: max, currency } = pricing;
  if (min === max) return moneyText(min ?? 0, currency, locale);
  if (min !== null && max !== null) return `${moneyText(min, currency, locale)} - ${moneyText(max, currency, locale)}`;
  return labels.tbd;
}

export interface LocationLabels {
  /** 'Online Event' */
  online: string;
  /** 'TBA' */
  tba: string;
}

/** 'Online Event' if online, else the city, else the venue, else 'TBA' (spec: event card). */
export function locationText(location: EventListItem['location'], labels: LocationLabels): string {
  if (location.is_online) return labels.online;
  return location.city?.trim() || location.venue?.trim() || labels.tba;
}

function readable(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface EventDateOptions {
  locale: string;
  /** An IANA zone; the viewer's own when not given. */
  timeZone?: string;
  /** Name the time zone after the (last) time: '14:30 - 17:00 WET'. */
  zone?: boolean;
}

const plainTag = /^[a-z]{2,3}-([a-z]{2}|[0-9]{3})$/i;

/**
 * The locale dates and times are written in: the language in use, in the visitor's own regional
 * variant when the browser names one ('en' with an en-GB browser writes en-GB's 24-hour times);
 * a language that has its region already (pt-PT) keeps it.
 */
export function regionalLocale(language: string, browserTags: readonly string[]): string {
  if (language.includes('-')) return language;
  const base = language.toLowerCase();
  // Only a plain language-region tag (a malformed one would make the formatters throw).
  const regional = browserTags.find((tag) => tag.toLowerCase().startsWith(`${base}-`) && plainTag.test(tag));
  return regional ?? language;
}

/**
 * The card's date line (spec, "Events" validation): a single date as a long localized date-time;
 * a same-day event as 'MMM d, yyyy • start - end'; a multi-day event as 'MMM d - MMM d, yyyy';
 * the raw start value when it cannot be read. Days are the viewer's (or `timeZone`'s) days.
 */
export function eventDateText(
  start: string,
  end: string | null,
  { locale, timeZone, zone = false }: EventDateOptions,
): string {
  const from = readable(start);
  if (!from) return start;
  const day = { timeZone };
  const to = readable(end);
  const time = (date: Date, named = false) =>
    formatTime(date, { timeZone, seconds: false, zone: zone && named }, locale);
  if (!to || to.getTime() === from.getTime()) return `${formatLongDate(from, day, locale)}, ${time(from, true)}`;
  const sameDay = formatDate(from, day, 'en') === formatDate(to, day, 'en');
  if (sameDay) return `${formatDate(from, day, locale)} • ${time(from)} - ${time(to, true)}`;
  // 'Dec 3 - Dec 4, 2026'; '03/12 - 04/12/2026' where dates are written in figures (pt-PT).
  return `${formatDayMonth(from, day, locale)} - ${formatDate(to, day, locale)}`;
}

/**
 * A schedule item's moment, in the card's date and time format: 'Mar 5, 2026 • 14:30 WET'
 * (with `zone`); the raw value when it cannot be read.
 */
export function momentText(value: string, { locale, timeZone, zone = false }: EventDateOptions): string {
  const date = readable(value);
  if (!date) return value;
  return `${formatDate(date, { timeZone }, locale)} • ${formatTime(date, { timeZone, seconds: false, zone }, locale)}`;
}

/** Whether the event has started (registration closes then). */
export function hasStarted(start: string, now: Date): boolean {
  const from = readable(start);
  return from !== null && from.getTime() <= now.getTime();
}

/** Whether the event is over: its end has passed, or its start when it has no end. */
export function hasEnded(start: string, end: string | null, now: Date): boolean {
  const last = readable(end) ?? readable(start);
  return last !== null && last.getTime() <= now.getTime();
}
