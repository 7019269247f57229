import type { BillingPeriod, PlanId } from '@nuvem/contracts/pricing';
import { currentPlan } from './billing-context.js';
import type { BillingOrderRow, BillingSubscriptionRow } from './billing.repository.js';
import { addMonths, periodAfter, periodBoundary, type Span } from './periods.js';

/**
 * How a plan purchase relates to the plan the user has:
 * - 'new': no paid plan now: it starts now (the anchor is now);
 * - 'continues': the same plan and period bought again (a plan cancelled at its period end): a
 *   period is added after the current one, from the same anchor;
 * - 'replaces': another plan or period: it starts now, the old one's unused time is credited.
 */
export type PlanChange =
  | { kind: 'new'; anchor: Date; span: Span }
  | { kind: 'continues'; anchor: Date; span: Span; currentStart: Date }
  | { kind: 'replaces'; anchor: Date; span: Span; previous: BillingSubscriptionRow };

/** The start of a subscription's current period (rows from before periods were recorded: one period before its end). */
export function periodStartOf(subscription: BillingSubscriptionRow): Date {
  const period: BillingPeriod = subscription.period === 'yearly' ? 'yearly' : 'monthly';
  return subscription.currentPeriodStart ?? addMonths(subscription.currentPeriodEnd, period === 'yearly' ? -12 : -1);
}

export function planChangeOf(
  subscription: BillingSubscriptionRow | undefined,
  plan: PlanId,
  period: BillingPeriod,
  at: Date,
): PlanChange {
  const startsNow = { anchor: at, span: { start: at, end: periodBoundary(at, period, 1) } };
  if (!subscription || currentPlan(subscription, at) === 'free') return { kind: 'new', ...startsNow };
  if (subscription.plan === plan && subscription.period === period) {
    const anchor = subscription.anchorAt ?? subscription.currentPeriodEnd;
    return {
      kind: 'continues',
      anchor,
      span: periodAfter(anchor, period, subscription.currentPeriodEnd),
      currentStart: periodStartOf(subscription),
    };
  }
  return { kind: 'replaces', ...startsNow, previous: subscription };
}

/**
 * The unused time of the replaced plan, credited as Stripe prorates: round(what the old order's
 * period was worth x remaining / period length), the old order being the one that bought or last renewed the plan
 * (the subscription's `orderId`). Nothing for a plan whose renewal is not paid (past due).
 */
export function unusedCents(change: PlanChange, oldOrder: BillingOrderRow | undefined, at: Date): number {
  if (change.kind !== 'replaces' || change.previous.status !== 'active') return 0;
  if (oldOrder?.status !== 'paid') return 0;
  // What the period was worth, however it was paid: money, an earlier plan's unused time, or
  // account credit (all net of VAT), never more than its price after the coupon.
  const worth = Math.min(
    Math.max(0, oldOrder.subtotalCents - oldOrder.discountCents),
    oldOrder.netCents + oldOrder.prorationCents + oldOrder.creditAppliedCents,
  );
  if (worth <= 0) return 0;
  const start = periodStartOf(change.previous).getTime();
  const end = change.previous.currentPeriodEnd.getTime();
  const length = end - start;
  if (length <= 0) return 0;
  const remaining = Math.min(Math.max(end - at.getTime(), 0), length);
  return Math.min(worth, Math.round((worth * remaining) / length));
}

/**
 * What a plan charge takes off the price after the coupon: the proration, then account credit;
 * proration beyond the price is left as account credit (given once the order is paid).
 */
export function applyCredits(input: {
  subtotalCents: number;
  discountCents: number;
  prorationCents: number;
  creditBalanceCents: number;
}): { netCents: number; creditAppliedCents: number; creditLeftCents: number } {
  const due = Math.max(0, input.subtotalCents - input.discountCents);
  const afterProration = due - input.prorationCents;
  const creditLeftCents = Math.max(0, -afterProration);
  const creditAppliedCents = Math.max(0, Math.min(input.creditBalanceCents, Math.max(0, afterProration)));
  return { netCents: Math.max(0, afterProration - creditAppliedCents), creditAppliedCents, creditLeftCents };
}

/** Proration beyond the order's price after its coupon: the account credit it leaves once paid. */
export function creditLeftOf(order: BillingOrderRow): number {
  return Math.max(0, order.prorationCents - Math.max(0, order.subtotalCents - order.discountCents));
}
