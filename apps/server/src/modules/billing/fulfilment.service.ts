import { plans, type BillingPeriod, type PlanId } from '@nuvem/contracts/pricing';
import { newId } from '../../lib/ids.js';
import {
  currentPlan,
  DAY_MS,
  isPlanId,
  periodDays,
  type BillingContext,
  type PaymentConfirmation,
} from './billing-context.js';
import type { BillingOrderRow, BillingQueries } from './billing.repository.js';

/** Fulfilment: a paid order becomes tokens or hours on the ledger, or a plan, and what the plan unlocks. */
export function createFulfilment(ctx: BillingContext) {
  const { repo, bus, log, now } = ctx;

  /** Makes what the plan unlocks true now: the user's API keys on the plan's tier. */
  async function syncEntitlements(userId: string): Promise<PlanId> {
    const plan = currentPlan(await repo.findSubscription(userId), now());
    await ctx.setKeyTier(userId, plans[plan].entitlements.keyTier);
    return plan;
  }

  /**
   * The one fulfilment, for the sandbox's card form and Stripe's webhook alike, exactly once per
   * order: pending -> paid, then tokens or hours credited to the ledger (one entry per order), or
   * the plan set with its renewal date; all in one transaction. Then the plan's entitlements are
   * applied (repeated safely when a retry comes back here). Returns the order, or null when it was
   * not pending (already fulfilled: nothing happens twice).
   */
  async function fulfil(orderId: string, confirmation: PaymentConfirmation): Promise<BillingOrderRow | null> {
    const at = now();
    // A new plan replaces a subscription the provider still bills: it is ended (a retried job).
    const replaced: { id: string | null } = { id: null };
    const paid = await repo.transaction(async (tx) => {
      const order = await tx.markPaid(orderId, {
        providerRef: confirmation.subscriptionId ?? confirmation.providerRef,
        receiptUrl: confirmation.receiptUrl,
        paidAt: at,
      });
      if (!order) return null;
      if (order.kind === 'addon' && order.addonType && order.quantity) {
        await tx.credit({
          id: newId('ledger'),
          userId: order.userId,
          kind: order.addonType,
          delta: order.quantity,
          orderId: order.id,
          reason: order.description,
        });
      } else if (order.kind === 'subscription' && isPlanId(order.plan)) {
        replaced.id = await setPlan(tx, order, order.plan, confirmation, at);
      }
      return order;
    });
    if (replaced.id) await ctx.cancelReplaced(replaced.id);
    const userId = paid?.userId ?? (await repo.findOrder(orderId))?.userId;
    if (userId) await syncEntitlements(userId);
    if (paid) {
      log.info({ orderId, userId: paid.userId, kind: paid.kind, totalCents: paid.totalCents }, 'order paid');
      await ctx.sendReceipt?.(paid);
      await bus
        .publish(paid.userId, 'billing.updated', { order_id: paid.id, status: 'paid' })
        .catch((error: unknown) => log.warn({ err: error }, 'could not publish billing.updated'));
    }
    return paid;
  }

  /**
   * Sets the plan a paid subscription order bought, in the fulfilment's transaction. Returns the
   * provider's id of a subscription this one replaces (to be ended there), or null.
   */
  async function setPlan(
    tx: BillingQueries,
    order: BillingOrderRow,
    plan: PlanId,
    confirmation: PaymentConfirmation,
    at: Date,
  ): Promise<string | null> {
    const period: BillingPeriod = order.period === 'yearly' ? 'yearly' : 'monthly';
    const previous = await tx.findSubscription(order.userId);
    const previousId = previous?.providerSubscriptionId ?? null;
    const replaced =
      previousId && previousId !== (confirmation.subscriptionId ?? null) && previous?.status !== 'cancelled'
        ? previousId
        : null;
    // Paying again for the plan one has (the sandbox) adds a period after the current one;
    // another plan starts now (Stripe prorates the replaced subscription).
    const continues =
      previous && previous.plan === plan && currentPlan(previous, now()) === plan ? previous.currentPeriodEnd : at;
    await tx.upsertSubscription({
      userId: order.userId,
      plan,
      period,
      status: 'active',
      currentPeriodEnd: confirmation.currentPeriodEnd ?? new Date(continues.getTime() + periodDays[period] * DAY_MS),
      cancelAtPeriodEnd: false,
      provider: order.provider,
      providerSubscriptionId: confirmation.subscriptionId ?? null,
      orderId: order.id,
    });
    return replaced;
  }

  return { fulfil, syncEntitlements };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
