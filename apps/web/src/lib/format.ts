import { useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from './i18n';
import type { Language } from './i18n/languages';

/**
 * Every date, number and currency the web app shows goes through here, in the language in use
 * (or the one given, for tests). Intl formatters are cached per language and options.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => T,
): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}) {
  return cached('n', locale, options, () => new Intl.NumberFormat(locale, options));
}
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  return cached('d', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

function unknown(locale: string): string {
  return i18n.t('format.unknown', { lng: locale });
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 12345.6 -> '12,346' (en) / '12 346' (pt-PT): a whole count. Not a number reads as 0. */
export function formatCount(value: number, locale: string = currentLanguage()): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(Number.isFinite(value) ? value : 0);
}

/** A figure with up to `digits` decimals: 3.14159 -> '3.14'. */
export function formatNumber(value: number, digits = 2, locale: string = currentLanguage()): string {
  return numberFormat(locale, { maximumFractionDigits: digits }).format(Number.isFinite(value) ? value : 0);
}

/** A figure with exactly `digits` decimals: 3 -> '3.0'. */
export function formatFixed(value: number, digits = 1, locale: string = currentLanguage()): string {
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    Number.isFinite(value) ? value : 0,
  );
}

/** 1234567 -> '1.2M' (en) / '1,2 M' (pt-PT). */
export function formatCompact(value: number, locale: string = currentLanguage()): string {
  return numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(
    Number.isFinite(value) ? value : 0,
  );
}

/** A ratio as a percentage: 0.235 -> '23.5%'. */
export function formatPercent(ratio: number, digits = 1, locale: string = currentLanguage()): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(
    Number.isFinite(ratio) ? ratio : 0,
  );
}

/** An amount in a currency: (9.5, 'USD') -> '$9.50' (en) / '9,50 US$' (pt-PT). */
export function formatCurrency(amount: number, currency: string, locale: string = currentLanguage()): string {
  const whole = Number.isInteger(amount);
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(Number.isFinite(amount) ? amount : 0);
}

export interface DateOptions {
  /** An IANA zone; the viewer's own when not given. */
  timeZone?: string;
}

/** 'Mar 5, 2026' (en) / '05/03/2026' (pt-PT); an unreadable date reads 'unknown'. */
export function formatDate(
  value: string | number | Date,
  { timeZone }: DateOptions = {},
  locale: string = currentLanguage(),
): string {
  const date = toDate(value);
  return date ? dateFormat(locale, { dateStyle: 'medium', timeZone }).format(date) : unknown(locale);
}

/** 'March 5, 2026' (en) / '5 de março de 2026' (pt-PT). */
export function formatLongDate(
  value: string | number | Date,
  { timeZone }: DateOptions = {},
  locale: string = currentLanguage(),
): string {
  const date = toDate(value);
  return date ? dateFormat(locale, { dateStyle: 'long', timeZone }).format(date) : unknown(locale);
}

/** 'Mar 5, 2026, 2:30 PM' (en) / '05/03/2026, 14:30' (pt-PT). */
export function formatDateTime(
  value: string | number | Date,
  { timeZone }: DateOptions = {},
  locale: string = currentLanguage(),
): string {
  const date = toDate(value);
  return date
    ? dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date)
    : unknown(locale);
}

/**
 * '2:30:05 PM' (en) / '14:30:05' (pt-PT): a log line's or a chart point's time. With `zone`, the
 * zone's short name follows ('14:30 WET', '02:30 PM GMT+1'), the hour cycle staying the locale's.
 */
export function formatTime(
  value: string | number | Date,
  { timeZone, seconds = true, zone = false }: DateOptions & { seconds?: boolean; zone?: boolean } = {},
  locale: string = currentLanguage(),
): string {
  const date = toDate(value);
  return date
    ? dateFormat(locale, {
        hour: '2-digit',
        minute: '2-digit',
        second: seconds ? '2-digit' : undefined,
        timeZoneName: zone ? 'short' : undefined,
        timeZone,
      }).format(date)
    : unknown(locale);
}

/** 'Mar 5' (en) / '05/03' (pt-PT): a chart axis day. */
export function formatDayMonth(
  value: string | number | Date,
  { timeZone }: DateOptions = {},
  locale: string = currentLanguage(),
): string {
  const date = toDate(value);
  if (!date) return unknown(locale);
  const short = dateFormat(locale, { month: 'short', day: 'numeric', timeZone }).format(date);
  // A locale that writes this in figures ('3/12' in pt-PT) pads them as its full dates do ('03/12/2026').
  return /\p{L}/u.test(short) ? short : dateFormat(locale, { month: '2-digit', day: '2-digit', timeZone }).format(date);
}

const relativeUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '3 days ago', 'yesterday', 'in 2 hours', 'just now': the date relative to `now`. */
export function formatRelative(
  value: string | number | Date,
  now: number = Date.now(),
  locale: string = currentLanguage(),
): string {
  const date = toDate(value);
  if (!date) return unknown(locale);
  const seconds = (date.getTime() - now) / 1000;
  const format = cached(
    'r',
    locale,
    { numeric: 'auto' },
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  );
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return i18n.t('format.justNow', { lng: locale });
}

/**
 * The helpers above, bound to the language in use; a component that calls it re-renders when the
 * language changes, so its figures and dates follow the header's switch.
 */
export function useFormat() {
  const { i18n: instance } = useTranslation();
  const locale = (instance.resolvedLanguage ?? instance.language) as Language;
  return {
    locale,
    count: (value: number) => formatCount(value, locale),
    number: (value: number, digits?: number) => formatNumber(value, digits, locale),
    fixed: (value: number, digits?: number) => formatFixed(value, digits, locale),
    compact: (value: number) => formatCompact(value, locale),
    percent: (ratio: number, digits?: number) => formatPercent(ratio, digits, locale),
    currency: (amount: number, currency: string) => formatCurrency(amount, currency, locale),
    date: (value: string | number | Date, options?: DateOptions) => formatDate(value, options, locale),
    longDate: (value: string | number | Date, options?: DateOptions) => formatLongDate(value, options, locale),
    dateTime: (value: string | number | Date, options?: DateOptions) => formatDateTime(value, options, locale),
    time: (value: string | number | Date, options?: DateOptions & { seconds?: boolean; zone?: boolean }) =>
      formatTime(value, options, locale),
    dayMonth: (value: string | number | Date, options?: DateOptions) => formatDayMonth(value, options, locale),
    relative: (value: string | number | Date, now?: number) => formatRelative(value, now, locale),
  };
}
export type Format = ReturnType<typeof useFormat>;
