import type { EventListItem } from '@nuvem/contracts/events';
import { formatCount, formatDate, formatDayMonth, formatFixed, formatLongDate, formatTime } from '@/lib/format';

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
}

/**
 * The card's date line (spec, "Events" validation): a single date as a long localized date-time;
 * a same-day event as 'MMM d, yyyy • start - end'; a multi-day event as 'MMM d - MMM d, yyyy';
 * the raw start value when it cannot be read. Days are the viewer's (or `timeZone`'s) days.
 */
export function eventDateText(start: string, end: string | null, { locale, timeZone }: EventDateOptions): string {
  const from = readable(start);
  if (!from) return start;
  const zone = { timeZone };
  const to = readable(end);
  const time = (date: Date) => formatTime(date, { timeZone, seconds: false }, locale);
  if (!to || to.getTime() === from.getTime()) return `${formatLongDate(from, zone, locale)}, ${time(from)}`;
  const sameDay = formatDate(from, zone, 'en') === formatDate(to, zone, 'en');
  if (sameDay) return `${formatDate(from, zone, locale)} • ${time(from)} - ${time(to)}`;
  return `${formatDayMonth(from, zone, locale)} - ${formatDate(to, zone, locale)}`;
}

/** Whether the event has started (registration closes then). */
export function hasStarted(start: string, now: Date): boolean {
  const from = readable(start);
  return from !== null && from.getTime() <= now.getTime();
}
