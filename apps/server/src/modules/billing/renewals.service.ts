import { billingMessages, type BillingAccount } from '@nuvem/contracts/billing';
import { plans, quotePlan, type BillingPeriod, type PlanId } from '@nuvem/contracts/pricing';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { currentPlan, DAY_MS, isPlanId, periodDays, type BillingContext } from './billing-context.js';
import type { BillingSubscriptionRow } from './billing.repository.js';
import type { Fulfilment } from './fulfilment.service.js';

/** A change to a subscription that Stripe reports (its webhooks). */
export type SubscriptionChange =
  | { kind: 'renewed'; currentPeriodEnd: Date }
  | { kind: 'past_due' }
  | { kind: 'ended' }
  | { kind: 'cancel_at_period_end'; value: boolean };

/** Renewals: a plan's period renewed, ended or cancelled, by the renewal job, Stripe or the user. */
export function createRenewals(
  ctx: BillingContext,
  use: { fulfilment: Fulfilment; account: (userId: string) => Promise<BillingAccount> },
) {
  const { repo, config, provider, log, now } = ctx;
  const { fulfilment } = use;
  const origin = config.publicUrl.origin;

  /** A sandbox subscription's next period: a paid renewal order through the one fulfilment. */
  async function renewSandbox(subscription: BillingSubscriptionRow, plan: PlanId, at: Date): Promise<void> {
    const period: BillingPeriod = subscription.period === 'yearly' ? 'yearly' : 'monthly';
    const { name } = plans[plan];
    const quote = quotePlan(plan, period);
    const renewal = await repo.insertOrder({
      id: newId('order'),
      userId: subscription.userId,
      kind: 'subscription',
      description: `Plano ${name} (${period === 'yearly' ? 'anual' : 'mensal'}): renovação`,
      plan,
      period,
      subtotalCents: quote.subtotalCents,
      discountCents: 0,
      totalCents: quote.totalCents,
      currency: config.payments.currency,
      status: 'pending',
      provider: 'sandbox',
      successUrl: `${origin}/success`,
      cancelUrl: `${origin}/pricing`,
      expiresAt: at,
    });
    await fulfilment.fulfil(renewal.id, {
      providerRef: `pi_sandbox_${renewal.id.slice(4)}`,
      receiptUrl: null,
      currentPeriodEnd: new Date(subscription.currentPeriodEnd.getTime() + periodDays[period] * DAY_MS),
    });
  }

  /**
   * Subscriptions whose period ended: a sandbox one renews (a paid renewal order) unless it was
   * cancelled; one cancelled, past due or not renewed by Stripe goes back to Free.
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
        await renewSandbox(subscription, subscription.plan, at);
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
  }

  /** Stripe's side of a subscription, by its id: renewed (invoice paid), past due, or ended. */
  async function subscriptionChanged(providerSubscriptionId: string, change: SubscriptionChange): Promise<void> {
    const subscription = await repo.findSubscriptionByProviderId(providerSubscriptionId);
    if (!subscription) {
      log.warn({ providerSubscriptionId }, 'stripe event for a subscription the portal does not know');
      return;
    }
    if (change.kind === 'renewed') {
      await repo.updateSubscription(subscription.userId, {
        status: 'active',
        currentPeriodEnd: change.currentPeriodEnd,
      });
    } else if (change.kind === 'past_due') {
      await repo.updateSubscription(subscription.userId, { status: 'past_due' });
    } else if (change.kind === 'ended') {
      await repo.updateSubscription(subscription.userId, { status: 'cancelled' });
    } else {
      await repo.updateSubscription(subscription.userId, { cancelAtPeriodEnd: change.value });
    }
    await fulfilment.syncEntitlements(subscription.userId);
  }

  /** Cancels at the end of the period: the plan stays until then, then the user is on Free. */
  async function cancelSubscription(userId: string): Promise<BillingAccount> {
    const subscription = await repo.findSubscription(userId);
    if (!subscription || currentPlan(subscription, now()) === 'free') {
      throw new AppError(409, billingMessages.noSubscription, 'NO_SUBSCRIPTION');
    }
    if (!subscription.cancelAtPeriodEnd) {
      if (subscription.provider === 'stripe' && subscription.providerSubscriptionId) {
        try {
          await provider.cancelAtPeriodEnd(subscription.providerSubscriptionId);
        } catch (error) {
          log.error({ err: error, userId }, 'the payment provider could not cancel a subscription');
          throw new AppError(
            502,
            'The payment provider could not cancel the subscription. Nothing changed; try again in a moment.',
            'PROVIDER_ERROR',
          );
        }
      }
      await repo.updateSubscription(userId, { cancelAtPeriodEnd: true });
    }
    return use.account(userId);
  }

  return { renewOrEnd, subscriptionChanged, cancelSubscription };
}
