import {
  billingMessages,
  pricingMessages,
  type AddonCheckoutRequest,
  type BillingAccount,
  type CalculateRequest,
  type CouponResult,
  type Order,
  type QuoteResponse,
  type SandboxPayBody,
  type SandboxSession,
  type SubscriptionCheckoutRequest,
} from '@nuvem/contracts/billing';
import {
  addonTypes,
  findPack,
  planIds,
  plans,
  quoteCustom,
  quotePack,
  quotePlan,
  type AddonType,
  type BillingPeriod,
  type PlanId,
  type Quote,
} from '@nuvem/contracts/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { BillingCouponRow } from '../../db/schema/billing-coupons.js';
import type { BillingOrderRow } from '../../db/schema/billing-orders.js';
import type { BillingSubscriptionRow } from '../../db/schema/billing-subscriptions.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { EventBus } from '../../plugins/app/events.js';
import { AWAITING_PAYMENT, type BillingRepository } from './billing.repository.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import { checkSandboxCard } from './providers/sandbox.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a paid period lasts when the provider does not say (the sandbox). */
const periodDays: Record<BillingPeriod, number> = { monthly: 30, yearly: 365 };

const addonNames: Record<AddonType, { unit: string; title: string }> = {
  tokens: { unit: 'M tokens', title: 'Tokens Extra' },
  consultation: { unit: 'h', title: 'Horas de Consultoria' },
  development: { unit: 'h', title: 'Horas de Desenvolvimento' },
};

/** What fulfilment needs from the provider's side: its reference, receipt and (Stripe) period end. */
export interface PaymentConfirmation {
  providerRef: string | null;
  receiptUrl: string | null;
  subscriptionId?: string | null;
  currentPeriodEnd?: Date | null;
}

export interface BillingDeps {
  repo: BillingRepository;
  config: AppConfig;
  provider: PaymentProvider;
  events: EventBus;
  log: FastifyBaseLogger;
  /** The account's e-mail (receipts go there, whatever the client sent). */
  emailOf(userId: string): Promise<string | null>;
  /** Puts the user's working API keys on their plan's tier. */
  setKeyTier(userId: string, tier: 'standard' | 'premium' | 'enterprise'): Promise<number>;
  /** Ends, at the provider, a subscription a new plan replaced (durably: queued and retried). */
  cancelReplaced(providerSubscriptionId: string): Promise<void>;
  now?: () => Date;
}

function invalidCoupon(): AppError {
  return new AppError(404, pricingMessages.couponInvalid, 'INVALID_COUPON');
}

function isPlanId(value: string | null | undefined): value is PlanId {
  return value !== null && value !== undefined && (planIds as readonly string[]).includes(value);
}

/** Pricing, coupons, checkout on the configured provider, the one fulfilment, and what a plan unlocks. */
export function createBillingService(deps: BillingDeps) {
  const { repo, config, provider, events, log } = deps;
  const now = deps.now ?? (() => new Date());
  const payments = config.payments;
  const currency = payments.currency;
  const origin = config.publicUrl.origin;

  /** A coupon that can be used now (for `plan`, when it is restricted to one), or 404 INVALID_COUPON. */
  async function usableCoupon(code: string, purchase: { plan: PlanId | null }): Promise<BillingCouponRow> {
    const coupon = await repo.findCoupon(code);
    const at = now();
    if (
      !coupon ||
      coupon.disabledAt ||
      (coupon.expiresAt && coupon.expiresAt <= at) ||
      (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions)
    ) {
      throw invalidCoupon();
    }
    if (coupon.plan && coupon.plan !== purchase.plan) {
      throw new AppError(400, billingMessages.couponPlan, 'COUPON_NOT_APPLICABLE');
    }
    return coupon;
  }

  function couponResult(coupon: BillingCouponRow): CouponResult {
    return {
      valid: true,
      code: coupon.code,
      percentOff: coupon.percentOff,
      description: coupon.description,
      plan: isPlanId(coupon.plan) ? coupon.plan : null,
    };
  }

  interface Priced {
    quote: Quote;
    description: string;
    addonType: AddonType | null;
    pack: string | null;
    quantity: number | null;
    plan: PlanId | null;
    period: BillingPeriod | null;
    coupon: BillingCouponRow | null;
  }

  /** Prices a request on the server's own tables (a client's price is never read). */
  async function price(body: CalculateRequest): Promise<Priced> {
    if ('plan' in body) {
      const coupon = body.couponCode ? await usableCoupon(body.couponCode, { plan: body.plan }) : null;
      const plan = plans[body.plan];
      return {
        quote: quotePlan(body.plan, body.period, coupon?.percentOff ?? 0),
        description: `Plano ${plan.name} (${body.period === 'yearly' ? 'anual' : 'mensal'})`,
        addonType: null,
        pack: null,
        quantity: null,
        plan: body.plan,
        period: body.period,
        coupon,
      };
    }
    const coupon = body.couponCode ? await usableCoupon(body.couponCode, { plan: null }) : null;
    const percent = coupon?.percentOff ?? 0;
    const names = addonNames[body.type];
    if (body.pack !== undefined) {
      const pack = findPack(body.type, body.pack);
      if (!pack) throw AppError.badRequest(`Unknown ${body.type} pack '${body.pack}'`, 'UNKNOWN_PACK');
      return {
        quote: quotePack(pack, percent),
        description: `${names.title}: pack ${pack.name} (${pack.quantity}${names.unit === 'h' ? ' h' : names.unit})`,
        addonType: body.type,
        pack: pack.id,
        quantity: pack.quantity,
        plan: null,
        period: null,
        coupon,
      };
    }
    const quantity = body.quantity ?? 0;
    return {
      quote: quoteCustom(body.type, quantity, percent),
      description: `${names.title}: ${quantity}${names.unit === 'h' ? ' h' : names.unit}`,
      addonType: body.type,
      pack: null,
      quantity,
      plan: null,
      period: null,
      coupon,
    };
  }

  function quoteView(priced: Priced): QuoteResponse {
    return { currency, description: priced.description, ...priced.quote };
  }

  /** successUrl and cancelUrl must be this portal's /success and /pricing (anything else: 400). */
  function checkReturnUrls(body: { successUrl: string; cancelUrl: string }): void {
    const expect = (value: string, field: string, path: string) => {
      let url: URL | null = null;
      try {
        url = new URL(value);
      } catch {
        url = null;
      }
      // Exactly the page: no query or fragment (the order is added to the query here).
      if (
        !url ||
        url.origin !== origin ||
        url.pathname !== path ||
        url.username ||
        url.password ||
        url.search ||
        url.hash
      ) {
        throw AppError.badRequest(billingMessages.returnUrl(field, path), 'INVALID_RETURN_URL');
      }
    };
    expect(body.successUrl, 'successUrl', '/success');
    expect(body.cancelUrl, 'cancelUrl', '/pricing');
  }

  function orderView(row: BillingOrderRow): Order {
    return {
      id: row.id,
      kind: row.kind === 'subscription' ? 'subscription' : 'addon',
      description: row.description,
      addon_type: (addonTypes as readonly string[]).includes(row.addonType ?? '') ? (row.addonType as AddonType) : null,
      quantity: row.quantity,
      plan: isPlanId(row.plan) ? row.plan : null,
      period: row.period === 'monthly' || row.period === 'yearly' ? row.period : null,
      coupon_code: row.couponCode,
      subtotal_cents: row.subtotalCents,
      discount_cents: row.discountCents,
      total_cents: row.totalCents,
      currency: row.currency,
      status: row.status as Order['status'],
      provider: row.provider === 'stripe' ? 'stripe' : 'sandbox',
      failure_reason: row.failureReason,
      created_at: row.createdAt.toISOString(),
      paid_at: row.paidAt?.toISOString() ?? null,
      receipt_url: row.receiptUrl,
    };
  }

  /** The plan a subscription row gives now: Free without one, once it ended, or when cancelled. */
  function currentPlan(subscription: BillingSubscriptionRow | undefined): PlanId {
    if (!subscription || subscription.status === 'cancelled' || subscription.currentPeriodEnd <= now()) return 'free';
    return isPlanId(subscription.plan) ? subscription.plan : 'free';
  }

  /** Makes what the plan unlocks true now: the user's API keys on the plan's tier. */
  async function syncEntitlements(userId: string): Promise<PlanId> {
    const plan = currentPlan(await repo.findSubscription(userId));
    await deps.setKeyTier(userId, plans[plan].entitlements.keyTier);
    return plan;
  }

  /**
   * Creates the order (the coupon's redemption taken in the same transaction, so the last one goes
   * to one buyer), then the provider's checkout. A total of 0 (a 100% coupon) is paid at once.
   */
  async function supersedePending(
    userId: string,
    which: { subscription: boolean; couponCode: string | null },
  ): Promise<void> {
    const open = await repo.pendingOrders(userId);
    for (const order of open) {
      const samePurchase = which.subscription && order.kind === 'subscription';
      const sameCoupon = which.couponCode !== null && order.couponCode === which.couponCode;
      if (!samePurchase && !sameCoupon) continue;
      if (order.failureReason === AWAITING_PAYMENT) continue;
      if (order.provider === 'stripe' && order.providerSessionId) {
        try {
          await provider.expireCheckout(order.providerSessionId);
        } catch (error) {
          // Stripe would not close it (it is being paid): leave it to its webhook.
          log.warn({ err: error, orderId: order.id }, 'an earlier checkout could not be closed');
          continue;
        }
      }
      await repo.closeOrder(order.id, 'expired', 'replaced by a newer checkout');
    }
  }

  async function startCheckout(
    userId: string,
    priced: Priced,
    body: { successUrl: string; cancelUrl: string },
    mode: 'payment' | 'subscription',
    priceId: string | null,
  ): Promise<{ url: string; orderId: string }> {
    const email = await deps.emailOf(userId);
    if (!email) throw new AppError(401, pricingMessages.signInRequired, 'UNAUTHORIZED');
    const id = newId('order');
    const at = now();
    const expiresAt = new Date(at.getTime() + payments.checkoutTtlMinutes * 60_000);
    // The checked addresses, written the portal's way (what was sent may differ in case or spacing).
    const success = new URL('/success', origin);
    success.searchParams.set('order', id);
    const successUrl = success.toString();
    const cancelUrl = new URL('/pricing', origin).toString();
    // One open checkout per plan purchase, and per coupon: an earlier unpaid one is closed (its
    // coupon redemption given back), so a plan cannot be paid twice and a coupon not hoarded.
    await supersedePending(userId, { subscription: mode === 'subscription', couponCode: priced.coupon?.code ?? null });
    const order = await repo.db.transaction(async (tx) => {
      if (priced.coupon && !(await repo.redeemCoupon(tx, priced.coupon.code, at))) throw invalidCoupon();
      return repo.insertOrder(tx, {
        id,
        userId,
        kind: mode === 'subscription' ? 'subscription' : 'addon',
        description: priced.description,
        addonType: priced.addonType,
        pack: priced.pack,
        quantity: priced.quantity,
        plan: priced.plan,
        period: priced.period,
        couponCode: priced.coupon?.code ?? null,
        subtotalCents: priced.quote.subtotalCents,
        discountCents: priced.quote.discountCents,
        totalCents: priced.quote.totalCents,
        currency,
        lines: priced.quote.lines,
        status: 'pending',
        provider: provider.kind,
        successUrl,
        cancelUrl,
        expiresAt,
      });
    });
    if (order.totalCents === 0) {
      await fulfil(order.id, { providerRef: null, receiptUrl: null });
      return { url: successUrl, orderId: order.id };
    }
    try {
      const providerCouponId = mode === 'subscription' && priced.coupon ? await ensureMirrored(priced.coupon) : null;
      const session = await provider.createCheckout({
        order,
        email,
        mode,
        priceId,
        providerCouponId,
        successUrl,
        cancelUrl,
        expiresAt,
      });
      await repo.updateOrder(order.id, { providerSessionId: session.sessionId });
      return { url: session.url, orderId: order.id };
    } catch (error) {
      log.error({ err: error, orderId: order.id }, 'the payment provider could not create a checkout');
      await repo.closeOrder(order.id, 'failed', 'checkout could not be created');
      throw new AppError(
        502,
        mode === 'subscription' ? pricingMessages.subscriptionCheckoutFailed : pricingMessages.checkoutFailed,
        'PROVIDER_ERROR',
      );
    }
  }

  async function ensureMirrored(coupon: BillingCouponRow): Promise<string | null> {
    if (coupon.stripeCouponId) return coupon.stripeCouponId;
    const id = await provider.mirrorCoupon({
      code: coupon.code,
      percentOff: coupon.percentOff,
      description: coupon.description,
      expiresAt: coupon.expiresAt,
      maxRedemptions: coupon.maxRedemptions,
    });
    if (id) await repo.updateCoupon(coupon.code, { stripeCouponId: id });
    return id;
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
    const paid = await repo.db.transaction(async (tx) => {
      const order = await repo.markPaid(tx, orderId, {
        providerRef: confirmation.subscriptionId ?? confirmation.providerRef,
        receiptUrl: confirmation.receiptUrl,
        paidAt: at,
      });
      if (!order) return null;
      if (order.kind === 'addon' && order.addonType && order.quantity) {
        await repo.credit(tx, {
          id: newId('ledger'),
          userId: order.userId,
          kind: order.addonType,
          delta: order.quantity,
          orderId: order.id,
          reason: order.description,
        });
      } else if (order.kind === 'subscription' && isPlanId(order.plan)) {
        const period: BillingPeriod = order.period === 'yearly' ? 'yearly' : 'monthly';
        const previous = await repo.findSubscription(order.userId, tx);
        const previousId = previous?.providerSubscriptionId ?? null;
        if (previousId && previousId !== (confirmation.subscriptionId ?? null) && previous?.status !== 'cancelled') {
          replaced.id = previousId;
        }
        // Paying again for the plan one has (the sandbox) adds a period after the current one;
        // another plan starts now (Stripe prorates the replaced subscription).
        const continues =
          previous && previous.plan === order.plan && currentPlan(previous) === order.plan
            ? previous.currentPeriodEnd
            : at;
        await repo.upsertSubscription(tx, {
          userId: order.userId,
          plan: order.plan,
          period,
          status: 'active',
          currentPeriodEnd:
            confirmation.currentPeriodEnd ?? new Date(continues.getTime() + periodDays[period] * DAY_MS),
          cancelAtPeriodEnd: false,
          provider: order.provider,
          providerSubscriptionId: confirmation.subscriptionId ?? null,
          orderId: order.id,
        });
      }
      return order;
    });
    if (replaced.id) await deps.cancelReplaced(replaced.id);
    const userId = paid?.userId ?? (await repo.findOrder(orderId))?.userId;
    if (userId) await syncEntitlements(userId);
    if (paid) {
      log.info({ orderId, userId: paid.userId, kind: paid.kind, totalCents: paid.totalCents }, 'order paid');
      await events
        .publish(paid.userId, 'billing.updated', { order_id: paid.id, status: 'paid' })
        .catch((error: unknown) => log.warn({ err: error }, 'could not publish billing.updated'));
    }
    return paid;
  }

  async function ownedOrder(userId: string, orderId: string): Promise<BillingOrderRow> {
    const order = await repo.findOrder(orderId);
    // Another user's order is answered like a missing one.
    if (order?.userId !== userId) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
    return order;
  }

  async function ownedSandboxOrder(userId: string, sessionId: string): Promise<BillingOrderRow> {
    if (provider.kind !== 'sandbox') throw AppError.notFound('Checkout not found', 'CHECKOUT_NOT_FOUND');
    const order = await repo.findOrderBySession(sessionId);
    if (order?.userId !== userId) throw AppError.notFound('Checkout not found', 'CHECKOUT_NOT_FOUND');
    return order;
  }

  return {
    provider: provider.kind,
    fulfil,
    syncEntitlements,

    paymentsConfig() {
      return { provider: provider.kind, currency, priceIds: payments.priceIds };
    },

    async validateCoupon(code: string, plan: PlanId | undefined): Promise<CouponResult> {
      const coupon = await usableCoupon(code, { plan: plan ?? null }).catch((error: unknown) => {
        // Without a plan, a coupon restricted to one is still a valid code (the page says which plan).
        if (plan === undefined && error instanceof AppError && error.code === 'COUPON_NOT_APPLICABLE') return null;
        throw error;
      });
      return couponResult(coupon ?? (await repo.findCoupon(code)) ?? throwInvalid());
    },

    async calculate(body: CalculateRequest): Promise<QuoteResponse> {
      return quoteView(await price(body));
    },

    async checkoutAddon(userId: string, body: AddonCheckoutRequest) {
      checkReturnUrls(body);
      const priced = await price({
        type: body.type,
        ...(body.pack !== undefined ? { pack: body.pack } : { quantity: body.quantity }),
        couponCode: body.couponCode,
      });
      if (priced.quote.subtotalCents <= 0) throw AppError.badRequest(pricingMessages.invalidPrice, 'INVALID_PRICE');
      return startCheckout(userId, priced, body, 'payment', null);
    },

    async checkoutSubscription(userId: string, body: SubscriptionCheckoutRequest) {
      checkReturnUrls(body);
      // The price id names the plan and period; given both ways, they must agree.
      let plan = body.plan;
      let period = body.period;
      if (body.priceId !== undefined) {
        const found = findPrice(body.priceId);
        if (!found || (plan && plan !== found.plan) || (period && period !== found.period)) {
          throw AppError.badRequest(billingMessages.unknownPrice, 'UNKNOWN_PRICE');
        }
        ({ plan, period } = found);
      }
      if (!plan || !period) throw AppError.badRequest(billingMessages.unknownPrice, 'UNKNOWN_PRICE');
      if (plan === 'free') throw AppError.badRequest(billingMessages.freePlanNoCheckout, 'FREE_PLAN');
      const priceId = payments.priceIds[plan]?.[period];
      if (!priceId) throw AppError.badRequest(pricingMessages.priceIdMissing, 'UNKNOWN_PRICE');
      const subscription = await repo.findSubscription(userId);
      if (currentPlan(subscription) === plan && subscription?.period === period && !subscription.cancelAtPeriodEnd) {
        throw new AppError(409, billingMessages.alreadySubscribed, 'ALREADY_SUBSCRIBED');
      }
      const priced = await price({ plan, period, couponCode: body.couponCode });
      if (priced.quote.subtotalCents <= 0) throw AppError.badRequest(pricingMessages.invalidPrice, 'INVALID_PRICE');
      return startCheckout(userId, priced, body, 'subscription', priceId);
    },

    /**
     * Model tokens for the `llm` agents this calendar month (UTC): the plan's monthly tokens plus
     * every token pack bought, less what the agents used this month.
     */
    async tokenBalance(
      userId: string,
    ): Promise<{ included: number; purchased: number; used: number; remaining: number }> {
      const at = now();
      const monthStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
      const [subscription, balances, used] = await Promise.all([
        repo.findSubscription(userId),
        repo.balances(userId),
        repo.tokensUsedSince(userId, monthStart),
      ]);
      // Plans and packs count tokens in millions.
      const included = plans[currentPlan(subscription)].tokensIncluded * 1_000_000;
      const purchased = (balances.tokens ?? 0) * 1_000_000;
      return { included, purchased, used, remaining: Math.max(0, included + purchased - used) };
    },

    /** Counts model tokens an agent used (one row per step or chat answer). */
    async recordTokenUse(userId: string, tokens: number, source: 'workflow' | 'chat', ref: string): Promise<void> {
      if (tokens <= 0) return;
      await repo.insertTokenUse({ id: newId('tokenUsage'), userId, tokens: Math.round(tokens), source, ref });
    },

    async account(userId: string): Promise<BillingAccount> {
      const [subscription, balances] = await Promise.all([repo.findSubscription(userId), repo.balances(userId)]);
      const plan = currentPlan(subscription);
      const counted = plan !== 'free' && subscription;
      return {
        plan,
        period: counted ? (subscription.period as BillingPeriod) : null,
        status: counted ? (subscription.status as BillingAccount['status']) : null,
        renews_at: counted ? subscription.currentPeriodEnd.toISOString() : null,
        cancel_at_period_end: counted ? subscription.cancelAtPeriodEnd : false,
        balances: {
          tokens: balances.tokens ?? 0,
          consultation: balances.consultation ?? 0,
          development: balances.development ?? 0,
        },
        key_tier: plans[plan].entitlements.keyTier,
        containers: {
          limit: Math.min(plans[plan].entitlements.containers, config.userLimits.containers.count),
          tiers: [...plans[plan].entitlements.containerTiers],
        },
        provider: provider.kind,
      };
    },

    /** Cancels at the end of the period: the plan stays until then, then the user is on Free. */
    async cancelSubscription(userId: string): Promise<BillingAccount> {
      const subscription = await repo.findSubscription(userId);
      if (!subscription || currentPlan(subscription) === 'free') {
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
      return this.account(userId);
    },

    async orders(userId: string): Promise<Order[]> {
      return (await repo.listOrders(userId)).map(orderView);
    },

    async order(userId: string, orderId: string): Promise<Order> {
      return orderView(await ownedOrder(userId, orderId));
    },

    async sandboxSession(userId: string, sessionId: string): Promise<SandboxSession> {
      const order = await ownedSandboxOrder(userId, sessionId);
      return {
        id: sessionId,
        order_id: order.id,
        description: order.description,
        email: (await deps.emailOf(userId)) ?? '',
        subtotal_cents: order.subtotalCents,
        discount_cents: order.discountCents,
        total_cents: order.totalCents,
        currency: order.currency,
        status: order.status === 'pending' && order.expiresAt <= now() ? 'expired' : (order.status as Order['status']),
        cancel_url: order.cancelUrl,
      };
    },

    /** The sandbox's card form: a test card that succeeds pays the order through the one fulfilment. */
    async sandboxPay(userId: string, sessionId: string, card: SandboxPayBody): Promise<{ url: string }> {
      const order = await ownedSandboxOrder(userId, sessionId);
      if (order.status !== 'pending' || order.expiresAt <= now()) {
        throw new AppError(409, billingMessages.sessionClosed, 'CHECKOUT_CLOSED');
      }
      const result = checkSandboxCard(card, now());
      if (!result.ok) {
        if (result.status === 402) await repo.noteDecline(order.id, result.code);
        throw new AppError(result.status, result.message, result.code);
      }
      const paid = await fulfil(order.id, {
        providerRef: `pi_sandbox_${order.id.slice(4)}`,
        receiptUrl: null,
      });
      if (!paid) throw new AppError(409, billingMessages.sessionClosed, 'CHECKOUT_CLOSED');
      return { url: order.successUrl };
    },

    /** The buyer left the sandbox checkout ('Cancel and go back'): the order is closed, its coupon given back. */
    async sandboxCancel(userId: string, sessionId: string): Promise<{ url: string }> {
      const order = await ownedSandboxOrder(userId, sessionId);
      if (order.status === 'pending') await repo.closeOrder(order.id, 'expired', 'cancelled by the buyer');
      return { url: order.cancelUrl };
    },

    /** Closes pending orders whose checkout ended (their coupon redemption is given back). */
    async expireOverdue(): Promise<number> {
      const at = now();
      // Stripe says so itself (checkout.session.expired); an hour later the portal stops waiting.
      const grace = provider.kind === 'stripe' ? 60 * 60 * 1000 : 0;
      const overdue = await repo.overdueOrders(provider.kind, new Date(at.getTime() - grace));
      for (const { id } of overdue) await repo.closeOrder(id, 'expired', null);
      return overdue.length;
    },

    /**
     * Subscriptions whose period ended: a sandbox one renews (a paid renewal order) unless it was
     * cancelled; one cancelled, past due or not renewed by Stripe goes back to Free.
     */
    async renewOrEnd(): Promise<void> {
      const at = now();
      for (const subscription of await repo.endedSubscriptions(at)) {
        const period: BillingPeriod = subscription.period === 'yearly' ? 'yearly' : 'monthly';
        if (
          subscription.provider === 'sandbox' &&
          subscription.status === 'active' &&
          !subscription.cancelAtPeriodEnd &&
          isPlanId(subscription.plan)
        ) {
          const renewal = await repo.db.transaction(async (tx: Database) => {
            const plan = plans[subscription.plan as PlanId];
            const quote = quotePlan(plan.id, period);
            const order = await repo.insertOrder(tx, {
              id: newId('order'),
              userId: subscription.userId,
              kind: 'subscription',
              description: `Plano ${plan.name} (${period === 'yearly' ? 'anual' : 'mensal'}): renovação`,
              plan: plan.id,
              period,
              subtotalCents: quote.subtotalCents,
              discountCents: 0,
              totalCents: quote.totalCents,
              currency,
              status: 'pending',
              provider: 'sandbox',
              successUrl: `${origin}/success`,
              cancelUrl: `${origin}/pricing`,
              expiresAt: at,
            });
            return order;
          });
          await fulfil(renewal.id, {
            providerRef: `pi_sandbox_${renewal.id.slice(4)}`,
            receiptUrl: null,
            currentPeriodEnd: new Date(subscription.currentPeriodEnd.getTime() + periodDays[period] * DAY_MS),
          });
          continue;
        }
        // Stripe renews through invoice.paid: a day's grace for its webhook before the plan is
        // cancelled. Meanwhile the plan counts as ended (user_plans), and so do the key tiers; a late
        // renewal puts both back.
        if (subscription.provider === 'stripe' && subscription.status === 'active' && !subscription.cancelAtPeriodEnd) {
          if (subscription.currentPeriodEnd.getTime() > at.getTime() - DAY_MS) {
            await syncEntitlements(subscription.userId);
            continue;
          }
        }
        await repo.updateSubscription(subscription.userId, { status: 'cancelled' });
        await syncEntitlements(subscription.userId);
        log.info({ userId: subscription.userId, plan: subscription.plan }, 'subscription ended: back to Free');
      }
    },

    /** Stripe's side of a subscription, by its id: renewed (invoice paid), past due, or ended. */
    async subscriptionChanged(
      providerSubscriptionId: string,
      change:
        | { kind: 'renewed'; currentPeriodEnd: Date }
        | { kind: 'past_due' }
        | { kind: 'ended' }
        | { kind: 'cancel_at_period_end'; value: boolean },
    ): Promise<void> {
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
      await syncEntitlements(subscription.userId);
    },

    /** A completed checkout whose money is on its way (a bank debit): the order is not expired meanwhile. */
    async markAwaitingPayment(orderId: string): Promise<void> {
      await repo.updateOrder(orderId, { failureReason: AWAITING_PAYMENT });
    },

    /** The order behind a provider checkout session (webhooks). */
    orderForSession(sessionId: string) {
      return repo.findOrderBySession(sessionId);
    },
    findOrder(orderId: string) {
      return repo.findOrder(orderId);
    },
    closeOrder(orderId: string, status: 'expired' | 'failed', reason: string | null) {
      return repo.closeOrder(orderId, status, reason);
    },
  };

  function findPrice(priceId: string): { plan: PlanId; period: BillingPeriod } | null {
    for (const plan of planIds) {
      for (const [period, id] of Object.entries(payments.priceIds[plan] ?? {})) {
        if (id === priceId) return { plan, period: period as BillingPeriod };
      }
    }
    return null;
  }

  function throwInvalid(): never {
    throw invalidCoupon();
  }
}

export type BillingService = ReturnType<typeof createBillingService>;
