import type { BillingPeriod } from '@nuvem/contracts/pricing';

/** A span of time [start, end): one billing period, or one allowance month. */
export interface Span {
  start: Date;
  end: Date;
}

const monthsIn: Record<BillingPeriod, number> = { monthly: 1, yearly: 12 };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * `anchor` moved by `months` calendar months (UTC), its day clamped to the target month's last
 * day: 31 Jan + 1 -> 28/29 Feb, 31 Jan + 2 -> 31 Mar. Always computed from the anchor (never
 * chained from the previous boundary), as Stripe's billing cycle anchor does.
 */
export function addMonths(anchor: Date, months: number): Date {
  const total = anchor.getUTCFullYear() * 12 + anchor.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(
    Date.UTC(
      year,
      month,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The `index`-th boundary of a billing period from the anchor (0: the anchor itself). */
export function periodBoundary(anchor: Date, period: BillingPeriod, index: number): Date {
  return addMonths(anchor, index * monthsIn[period]);
}

/**
 * The period (monthly or yearly, from the anchor) that contains `at`: start <= at < end. Before
 * the anchor, the periods count back from it (index below 0): a subscription recorded before
 * anchors were kept has its anchor at its period's end.
 */
export function periodAt(anchor: Date, period: BillingPeriod, at: Date): Span & { index: number } {
  const months = (at.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (at.getUTCMonth() - anchor.getUTCMonth());
  // An estimate from the calendar months between them, then corrected by a step either way.
  let index = Math.floor(months / monthsIn[period]);
  while (periodBoundary(anchor, period, index).getTime() > at.getTime()) index -= 1;
  while (periodBoundary(anchor, period, index + 1).getTime() <= at.getTime()) index += 1;
  return { index, start: periodBoundary(anchor, period, index), end: periodBoundary(anchor, period, index + 1) };
}

/** The period after the one that ends at (or contains) `end`: where a renewal or a period paid again goes. */
export function periodAfter(anchor: Date, period: BillingPeriod, end: Date): Span {
  return { start: end, end: periodAt(anchor, period, end).end };
}

/** The allowance month (months from the anchor, whatever the billing period) that contains `at`. */
export function allowanceMonthAt(anchor: Date, at: Date): Span {
  const { start, end } = periodAt(anchor, 'monthly', at);
  return { start, end };
}
