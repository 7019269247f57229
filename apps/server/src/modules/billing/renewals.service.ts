import { billingMessages, type BillingAccount } from '@nuvem/contracts/billing';
import { plans, quotePlan, type BillingPeriod } from '@nuvem/contracts/pricing';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { allowancesLedger } from './allowances.js';
import { currentPlan, DAY_MS, isPlanId, type BillingContext } from './billing-context.js';
import type { BillingSubscriptionRow } from './billing.repository.js';
import type { Fulfilment } from './fulfilment.service.js';
import { createOrderPricing } from './order-pricing.js';
import { itemName } from './item-names.js';
import type { Priced } from './pricing.service.js';

/** A change to a subscription that Stripe reports (its webhooks). */
export type SubscriptionChange =
  | { kind: 'renewed'; currentPeriodEnd: Date; currentPeriodStart?: Date | null }
  | { kind: 'past_due' }
  | { kind: 'ended' }
  | { kind: 'cancel_at_period_end'; value: boolean };

/** A plan cancelled (at the period's end): what the audit log records of it. */
export interface CancelledPlan {
  plan: string;
  period: string;
  orderId: string | null;
}

/** Periods a late renewal job catches up at most in one run (the rest on the next run). */
const MAX_RENEWALS_PER_RUN = 24;

/** Renewals: a plan's period renewed, ended or cancelled, by the renewal job, Stripe or the user. */
export function createRenewals(
  ctx: BillingContext,
  use: { fulfilment: Fulfilment; account: (userId: string) => Promise<BillingAccount> },
) {
  const { repo, config, provider, log, now } = ctx;
  const { fulfilment } = use;
  const orderPricing = createOrderPricing(ctx);
  const origin = config.publicUrl.origin;

  /**
   * A sandbox subscription's next calendar period: a paid renewal order (purpose 'renewal', VAT
   * and account credit as a checkout prices them) through the one fulfilment, in one transaction
   * with the subscription's row locked, so two runs never renew the same period twice. Returns the
   * subscription after it, or null when it was not due any more.
   */
  async function renewSandbox(subscription: BillingSubscriptionRow, at: Date): Promise<BillingSubscriptionRow | null> {
    const { userId } = subscription;
    const renewed = await repo.transaction(async (tx, db) => {
      // The user's lock first, as checkouts and payments take it: one lock order, no deadlock.
      await tx.lockUser(userId);
      const locked = await allowancesLedger(db).lockedSubscription(userId);
      if (
        !locked ||
        !isPlanId(locked.plan) ||
        locked.status !== 'active' ||
        locked.cancelAtPeriodEnd ||
        locked.currentPeriodEnd.getTime() !== subscription.currentPeriodEnd.getTime() ||
        locked.currentPeriodEnd > at
      ) {
        return null;
      }
      const plan = locked.plan;
      const period: BillingPeriod = locked.period === 'yearly' ? 'yearly' : 'monthly';
      // Stored in pt-PT as orders always were; readers get it from the codes in their language.
      const description =
        itemName({ plan, period, purpose: 'renewal', addonType: null, pack: null, quantity: null }, 'pt-PT') ?? '';
      const priced: Priced = {
        quote: quotePlan(plan, period),
        description,
        addonType: null,
        pack: null,
        quantity: null,
        plan,
        period,
        coupon: null,
      };
      const { creditLeftCents: _left, ...amounts } = await orderPricing.amounts(
        userId,
        priced,
        { tx, db },
        { purpose: 'renewal', at },
      );
      const order = await tx.insertOrder({
        id: newId('order'),
        userId,
        kind: 'subscription',
        purpose: 'renewal',
        description,
        plan,
        period,
        ...amounts,
        currency: config.payments.currency,
        lines: priced.quote.lines,
        status: 'pending',
        provider: 'sandbox',
        successUrl: `${origin}/success`,
        cancelUrl: `${origin}/pricing`,
        expiresAt: at,
      });
      const fulfilled = await fulfilment.fulfilIn(
        tx,
        db,
        order.id,
        { providerRef: `pi_sandbox_${order.id.slice(4)}`, receiptUrl: null },
        at,
      );
      return { orderId: order.id, fulfilled };
    });
    if (!renewed) return null;
    await fulfilment.afterPaid(renewed.orderId, renewed.fulfilled);
    return (await repo.findSubscription(userId)) ?? null;
  }

  /**
   * Subscriptions whose period ended: a sandbox one renews (a paid renewal order per period, a
   * late job catching up) unless it was cancelled; one cancelled, past due or not renewed by
   * Stripe goes back to Free. Then each active plan's allowance for the month it is in (yearly
   * plans get theirs every month from the anchor), exactly once.
   */
  async function renewOrEnd(): Promise<void> {
    const at = now();
    for (const subscription of await repo.endedSubscriptions(at)) {
      if (
        subscription.provider === 'sandbox' &&
        subscription.status === 'active' &&
        !subscription.cancelAtPeriodEnd &&
        isPlanId(subscription.plan)
      ) {
        let current: BillingSubscriptionRow | null = subscription;
        for (let runs = 0; current && current.currentPeriodEnd <= at && runs < MAX_RENEWALS_PER_RUN; runs += 1) {
          current = await renewSandbox(current, at);
        }
        continue;
      }
      // Stripe renews through invoice.paid: a day's grace for its webhook before the plan is
      // cancelled. Meanwhile the plan counts as ended (user_plans), and so do the key tiers; a late
      // renewal puts both back.
      if (subscription.provider === 'stripe' && subscription.status === 'active' && !subscription.cancelAtPeriodEnd) {
        if (subscription.currentPeriodEnd.getTime() > at.getTime() - DAY_MS) {
          await fulfilment.syncEntitlements(subscription.userId);
          continue;
        }
      }
      await repo.updateSubscription(subscription.userId, { status: 'cancelled' });
      await fulfilment.syncEntitlements(subscription.userId);
      log.info({ userId: subscription.userId, plan: subscription.plan }, 'subscription ended: back to Free');
    }
    await repo.transaction((_tx, db) => allowancesLedger(db).creditAllDue(at));
  }

  /** Stripe's side of a subscription, by its id: renewed (invoice paid), past due, or ended. */
  async function subscriptionChanged(providerSubscriptionId: string, change: SubscriptionChange): Promise<void> {
    const subscription = await repo.findSubscriptionByProviderId(providerSubscriptionId);
    if (!subscription) {
      log.warn({ providerSubscriptionId }, 'stripe event for a subscription the portal does not know');
      return;
    }
    if (change.kind === 'renewed') {
      // The next period begins where the last one ended (or where Stripe says). A renewal never moves
      // the paid period back (Stripe's events may come out of order, or an invoice's first line may
      // be a proration of an earlier period): an older end is ignored.
      const moved = change.currentPeriodEnd.getTime() > subscription.currentPeriodEnd.getTime();
      if (!moved) {
        // The same period paid late (it was past due): active again, the period as it was.
        if (change.currentPeriodEnd.getTime() === subscription.currentPeriodEnd.getTime()) {
          await repo.updateSubscription(subscription.userId, { status: 'active' });
          await fulfilment.syncEntitlements(subscription.userId);
        } else log.warn({ providerSubscriptionId }, 'stripe renewal for a period that ended earlier: ignored');
        return;
      }
      await repo.updateSubscription(subscription.userId, {
        status: 'active',
        currentPeriodEnd: change.currentPeriodEnd,
        currentPeriodStart: change.currentPeriodStart ?? subscription.currentPeriodEnd,
      });
      await repo.transaction((_tx, db) => allowancesLedger(db).creditDueFor(subscription.userId, now()));
    } else if (change.kind === 'past_due') {
      await repo.updateSubscription(subscription.userId, { status: 'past_due' });
    } else if (change.kind === 'ended') {
      // Ended before its period did (at Stripe): what is left of the month's allowance goes with it.
      await repo.transaction(async (tx, db) => {
        await tx.updateSubscription(subscription.userId, { status: 'cancelled' });
        await allowancesLedger(db).lapse(subscription.userId, now());
      });
    } else {
      await repo.updateSubscription(subscription.userId, { cancelAtPeriodEnd: change.value });
    }
    await fulfilment.syncEntitlements(subscription.userId);
    // Cancelled at Stripe (its customer portal, its dashboard): in the workspace's audit log too.
    const cancelledThere =
      (change.kind === 'cancel_at_period_end' && change.value && !subscription.cancelAtPeriodEnd) ||
      (change.kind === 'ended' && !subscription.cancelAtPeriodEnd && subscription.status !== 'cancelled');
    if (cancelledThere) {
      await auditCancelled(subscription.userId, { userId: null, via: 'stripe' }, cancelledOf(subscription));
    }
  }

  function cancelledOf(subscription: BillingSubscriptionRow): CancelledPlan {
    return { plan: subscription.plan, period: subscription.period, orderId: subscription.orderId };
  }

  async function auditCancelled(
    workspaceId: string,
    actor: { userId: string | null; via: string },
    cancelled: CancelledPlan,
  ): Promise<void> {
    const label = isPlanId(cancelled.plan) ? plans[cancelled.plan].name : cancelled.plan;
    try {
      await ctx.audit?.(workspaceId, actor, {
        action: 'plan.cancelled',
        target: { type: 'plan', id: cancelled.plan, label },
        details: { plan: cancelled.plan, period: cancelled.period, order_id: cancelled.orderId },
      });
    } catch (error) {
      log.warn({ err: error, workspaceId }, 'could not audit plan.cancelled');
    }
  }

  /**
   * Cancels the workspace's plan at the end of the period: the plan stays until then, then the
   * workspace is on Free. `cancelled` is the plan cancelled now (null when it already was).
   */
  async function cancelPlan(
    workspaceId: string,
  ): Promise<{ account: BillingAccount; cancelled: CancelledPlan | null }> {
    const subscription = await repo.findSubscription(workspaceId);
    if (!subscription || currentPlan(subscription, now()) === 'free') {
      throw new AppError(409, billingMessages.noSubscription, 'NO_SUBSCRIPTION');
    }
    if (!subscription.cancelAtPeriodEnd) {
      if (subscription.provider === 'stripe' && subscription.providerSubscriptionId) {
        try {
          await provider.cancelAtPeriodEnd(subscription.providerSubscriptionId);
        } catch (error) {
          log.error({ err: error, workspaceId }, 'the payment provider could not cancel a subscription');
          throw new AppError(
            502,
            'The payment provider could not cancel the subscription. Nothing changed; try again in a moment.',
            'PROVIDER_ERROR',
          );
        }
      }
      await repo.updateSubscription(workspaceId, { cancelAtPeriodEnd: true });
      return { account: await use.account(workspaceId), cancelled: cancelledOf(subscription) };
    }
    return { account: await use.account(workspaceId), cancelled: null };
  }

  /** Cancels at the end of the period (see cancelPlan): the workspace's account after it. */
  async function cancelSubscription(workspaceId: string): Promise<BillingAccount> {
    return (await cancelPlan(workspaceId)).account;
  }

  return { renewOrEnd, subscriptionChanged, cancelPlan, cancelSubscription };
}
