import {
  billingMessages,
  pricingMessages,
  type AddonCheckoutRequest,
  type Order,
  type SandboxPayBody,
  type SandboxSession,
  type SubscriptionCheckoutRequest,
} from '@nuvem/contracts/billing';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import type { ServerLanguage } from '../../lib/i18n/language.js';
import { taxTreatmentOf } from './account.service.js';
import { newId } from '../../lib/ids.js';
import { currentPlan, invalidCoupon, type BillingContext, type Buyer } from './billing-context.js';
import { AWAITING_PAYMENT, type BillingOrderRow, type BillingQueries } from './billing.repository.js';
import type { Fulfilment } from './fulfilment.service.js';
import type { OrderPricing } from './order-pricing.js';
import { describeItem } from './item-names.js';
import type { Priced, Pricing } from './pricing.service.js';
import { checkSandboxCard } from './providers/sandbox.js';

/** The web app's Billing page: the customer portal comes back there. */
const BILLING_PAGE = '/account/billing';

/** A Stripe order with no session this long after its creation was left by a request that died. */
const ABANDONED_MS = 5 * 60_000;

/** What a new checkout replaces: any open plan purchase (a plan checkout), any open order with its coupon. */
interface Replacing {
  subscription: boolean;
  couponCode: string | null;
}

const checkoutOpen = () => new AppError(409, billingMessages.checkoutOpen, 'CHECKOUT_OPEN');

/** Checkout: orders (the coupon's redemption taken with them), the provider's sessions, the sandbox's card form. */
export function createCheckout(
  ctx: BillingContext,
  use: { pricing: Pricing; fulfilment: Fulfilment; orderPricing: OrderPricing },
) {
  const { repo, config, provider, log, now } = ctx;
  const { pricing, fulfilment, orderPricing } = use;
  const payments = config.payments;
  const origin = config.publicUrl.origin;

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

  /** Whether `open` is the same purchase as the new checkout: a plan bought (any plan), or the same coupon. */
  function replaces(open: BillingOrderRow, which: Replacing): boolean {
    const samePurchase = which.subscription && open.kind === 'subscription' && open.purpose === 'purchase';
    const sameCoupon = which.couponCode !== null && open.couponCode === which.couponCode;
    return samePurchase || sameCoupon;
  }

  /**
   * Before the transaction (a network call holds no lock): asks the provider to close the sessions
   * of the open checkouts the new one replaces. Returns the orders whose session is closed; one that
   * Stripe would not close is being paid, and is left to its webhook.
   */
  async function closeReplacedSessions(workspaceId: string, which: Replacing): Promise<Set<string>> {
    const closed = new Set<string>();
    for (const open of await repo.pendingOrders(workspaceId)) {
      if (!replaces(open, which) || open.failureReason === AWAITING_PAYMENT) continue;
      if (open.provider !== 'stripe' || !open.providerSessionId) continue;
      try {
        await provider.expireCheckout(open.providerSessionId);
        closed.add(open.id);
      } catch (error) {
        log.warn({ err: error, orderId: open.id }, 'an earlier checkout could not be closed');
      }
    }
    return closed;
  }

  /**
   * One open checkout per plan purchase, and per coupon, per workspace (whichever member opened
   * it): under the workspace's lock, in the
   * transaction that inserts the new order, an earlier open one is closed (its coupon redemption
   * given back), so a plan cannot be paid twice nor a coupon hoarded. One that cannot be closed
   * (its Stripe session is open or being paid, or its money is on its way) refuses the new one.
   */
  async function supersedeLocked(
    tx: BillingQueries,
    workspaceId: string,
    which: Replacing,
    sessionsClosed: Set<string>,
  ): Promise<void> {
    await tx.lockUser(workspaceId);
    for (const open of await tx.pendingOrders(workspaceId)) {
      if (!replaces(open, which)) continue;
      if (open.failureReason === AWAITING_PAYMENT) throw checkoutOpen();
      if (open.provider === 'stripe' && !sessionsClosed.has(open.id)) {
        // Without a session yet: another request is creating it (refuse), unless that request died long ago.
        const abandoned = !open.providerSessionId && now().getTime() - open.createdAt.getTime() > ABANDONED_MS;
        if (!abandoned) throw checkoutOpen();
      }
      await tx.closeOrder(open.id, 'expired', 'replaced by a newer checkout');
    }
  }

  /**
   * Creates the workspace's order, placed by the buyer (the coupon's redemption taken in the same
   * transaction, so the last one goes to one buyer), then the provider's checkout with the buyer's
   * address and the workspace's Stripe customer. A total of 0 (a 100% coupon) is paid at once.
   */
  async function startCheckout(
    buyer: Buyer,
    priced: Priced,
    mode: 'payment' | 'subscription',
    priceId: string | null,
  ): Promise<{ url: string; orderId: string }> {
    const { workspaceId } = buyer;
    const email = await ctx.emailOf(buyer.userId);
    if (!email) throw new AppError(401, pricingMessages.signInRequired, 'UNAUTHORIZED');
    const id = newId('order');
    const at = now();
    const expiresAt = new Date(at.getTime() + payments.checkoutTtlMinutes * 60_000);
    // The checked addresses, written the portal's way (what was sent may differ in case or spacing).
    const success = new URL('/success', origin);
    success.searchParams.set('order', id);
    const successUrl = success.toString();
    const cancelUrl = new URL('/pricing', origin).toString();
    const which: Replacing = { subscription: mode === 'subscription', couponCode: priced.coupon?.code ?? null };
    const sessionsClosed = await closeReplacedSessions(workspaceId, which);
    const order = await repo
      .transaction(async (tx, db) => {
        await supersedeLocked(tx, workspaceId, which, sessionsClosed);
        if (priced.coupon && !(await tx.redeemCoupon(priced.coupon.code, at))) throw invalidCoupon();
        const { creditLeftCents: _left, ...amounts } = await orderPricing.amounts(workspaceId, priced, { tx, db });
        return tx.insertOrder({
          id,
          userId: workspaceId,
          placedBy: buyer.userId,
          kind: mode === 'subscription' ? 'subscription' : 'addon',
          description: priced.description,
          addonType: priced.addonType,
          pack: priced.pack,
          quantity: priced.quantity,
          plan: priced.plan,
          period: priced.period,
          couponCode: priced.coupon?.code ?? null,
          ...amounts,
          currency: payments.currency,
          lines: priced.quote.lines,
          status: 'pending',
          provider: provider.kind,
          successUrl,
          cancelUrl,
          expiresAt,
        });
      })
      .catch((error: unknown) => {
        // The partial unique indexes hold the rule even if a writer skipped the lock.
        if (isUniqueViolation(error)) throw checkoutOpen();
        throw error;
      });
    // Nothing to pay is paid at once, except a plan on Stripe: its subscription (the next periods'
    // charges) exists only once Stripe's checkout has run, even for 0 today.
    if (order.totalCents === 0 && (mode === 'payment' || provider.kind !== 'stripe')) {
      await fulfilment.fulfil(order.id, { providerRef: null, receiptUrl: null });
      return { url: successUrl, orderId: order.id };
    }
    try {
      // A plan change's credit goes to Stripe as one coupon of the order's whole reduction (the provider makes it).
      const credited = order.prorationCents + order.creditAppliedCents > 0;
      const providerCouponId =
        mode === 'subscription' && priced.coupon && !credited ? await pricing.ensureMirrored(priced.coupon) : null;
      const customer = provider.kind === 'stripe' ? await repo.customers.findCustomer(workspaceId) : undefined;
      const session = await provider.createCheckout({
        order,
        email,
        mode,
        priceId,
        providerCouponId,
        customerId: customer?.stripeCustomerId ?? null,
        tax: { automatic: payments.stripe?.automaticTax ?? false, country: payments.seller.country },
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

  /** A sandbox checkout of the workspace's (another workspace's is answered like a missing one). */
  async function ownedSandboxOrder(workspaceId: string, sessionId: string): Promise<BillingOrderRow> {
    if (provider.kind !== 'sandbox') throw AppError.notFound('Checkout not found', 'CHECKOUT_NOT_FOUND');
    const order = await repo.findOrderBySession(sessionId);
    if (order?.userId !== workspaceId) throw AppError.notFound('Checkout not found', 'CHECKOUT_NOT_FOUND');
    return order;
  }

  async function checkoutAddon(buyer: Buyer, body: AddonCheckoutRequest) {
    checkReturnUrls(body);
    const priced = await pricing.price({
      type: body.type,
      ...(body.pack !== undefined ? { pack: body.pack } : { quantity: body.quantity }),
      couponCode: body.couponCode,
    });
    if (priced.quote.subtotalCents <= 0) throw AppError.badRequest(pricingMessages.invalidPrice, 'INVALID_PRICE');
    return startCheckout(buyer, priced, 'payment', null);
  }

  async function checkoutSubscription(buyer: Buyer, body: SubscriptionCheckoutRequest) {
    checkReturnUrls(body);
    // The price id names the plan and period; given both ways, they must agree.
    let plan = body.plan;
    let period = body.period;
    if (body.priceId !== undefined) {
      const found = pricing.findPrice(body.priceId);
      if (!found || (plan && plan !== found.plan) || (period && period !== found.period)) {
        throw AppError.badRequest(billingMessages.unknownPrice, 'UNKNOWN_PRICE');
      }
      ({ plan, period } = found);
    }
    if (!plan || !period) throw AppError.badRequest(billingMessages.unknownPrice, 'UNKNOWN_PRICE');
    if (plan === 'free') throw AppError.badRequest(billingMessages.freePlanNoCheckout, 'FREE_PLAN');
    const priceId = payments.priceIds[plan]?.[period];
    if (!priceId) throw AppError.badRequest(pricingMessages.priceIdMissing, 'UNKNOWN_PRICE');
    const subscription = await repo.findSubscription(buyer.workspaceId);
    if (
      currentPlan(subscription, now()) === plan &&
      subscription?.period === period &&
      !subscription.cancelAtPeriodEnd
    ) {
      throw new AppError(409, billingMessages.alreadySubscribed, 'ALREADY_SUBSCRIBED');
    }
    const priced = await pricing.price({ plan, period, couponCode: body.couponCode });
    if (priced.quote.subtotalCents <= 0) throw AppError.badRequest(pricingMessages.invalidPrice, 'INVALID_PRICE');
    return startCheckout(buyer, priced, 'subscription', priceId);
  }

  async function sandboxSession(
    workspaceId: string,
    sessionId: string,
    language: ServerLanguage | null = null,
  ): Promise<SandboxSession> {
    const order = await ownedSandboxOrder(workspaceId, sessionId);
    return {
      id: sessionId,
      order_id: order.id,
      description: describeItem(order, order.description, language),
      // The address of whoever placed it (as Stripe's checkout shows the buyer's).
      email: (await ctx.emailOf(order.placedBy ?? workspaceId)) ?? '',
      subtotal_cents: order.subtotalCents,
      discount_cents: order.discountCents,
      proration_cents: order.prorationCents,
      credit_applied_cents: order.creditAppliedCents,
      net_cents: order.netCents,
      tax_rate_bp: order.taxRateBp,
      tax_cents: order.taxCents,
      tax_treatment: taxTreatmentOf(order.taxTreatment),
      total_cents: order.totalCents,
      currency: order.currency,
      status: order.status === 'pending' && order.expiresAt <= now() ? 'expired' : (order.status as Order['status']),
      cancel_url: order.cancelUrl,
    };
  }

  /**
   * A session of Stripe's customer portal (cards, Stripe's receipts) for the workspace's Stripe
   * customer, coming back to this portal's Billing page.
   */
  async function customerPortal(workspaceId: string, body: { returnUrl: string }): Promise<{ url: string }> {
    const billingPage = new URL(BILLING_PAGE, origin).toString();
    let returnUrl: URL | null = null;
    try {
      returnUrl = new URL(body.returnUrl);
    } catch {
      returnUrl = null;
    }
    if (returnUrl?.toString() !== billingPage) {
      throw AppError.badRequest(billingMessages.returnUrl('returnUrl', BILLING_PAGE), 'INVALID_RETURN_URL');
    }
    if (provider.kind !== 'stripe') {
      throw new AppError(409, billingMessages.customerPortalUnavailable, 'CUSTOMER_PORTAL_UNAVAILABLE');
    }
    const customerId = (await repo.customers.findCustomer(workspaceId))?.stripeCustomerId;
    if (!customerId) throw new AppError(409, billingMessages.noStripeCustomer, 'NO_STRIPE_CUSTOMER');
    try {
      return { url: await provider.customerPortal(customerId, billingPage) };
    } catch (error) {
      log.error({ err: error, workspaceId }, 'Stripe could not open a customer portal session');
      throw new AppError(502, 'Stripe could not open the customer portal. Try again in a moment.', 'PROVIDER_ERROR');
    }
  }

  /** The sandbox's card form: a test card that succeeds pays the order through the one fulfilment. */
  async function sandboxPay(workspaceId: string, sessionId: string, card: SandboxPayBody): Promise<{ url: string }> {
    const order = await ownedSandboxOrder(workspaceId, sessionId);
    if (order.status !== 'pending' || order.expiresAt <= now()) {
      throw new AppError(409, billingMessages.sessionClosed, 'CHECKOUT_CLOSED');
    }
    const result = checkSandboxCard(card, now());
    if (!result.ok) {
      if (result.status === 402) await repo.noteDecline(order.id, result.code);
      throw new AppError(result.status, result.message, result.code);
    }
    const paid = await fulfilment.fulfil(order.id, {
      providerRef: `pi_sandbox_${order.id.slice(4)}`,
      receiptUrl: null,
    });
    if (!paid) throw new AppError(409, billingMessages.sessionClosed, 'CHECKOUT_CLOSED');
    return { url: order.successUrl };
  }

  /** The buyer left the sandbox checkout ('Cancel and go back'): the order is closed, its coupon given back. */
  async function sandboxCancel(workspaceId: string, sessionId: string): Promise<{ url: string }> {
    const order = await ownedSandboxOrder(workspaceId, sessionId);
    if (order.status === 'pending') await repo.closeOrder(order.id, 'expired', 'cancelled by the buyer');
    return { url: order.cancelUrl };
  }

  /** Closes pending orders whose checkout ended (their coupon redemption is given back). */
  async function expireOverdue(): Promise<number> {
    const at = now();
    // Stripe says so itself (checkout.session.expired); an hour later the portal stops waiting.
    const grace = provider.kind === 'stripe' ? 60 * 60 * 1000 : 0;
    const overdue = await repo.overdueOrders(provider.kind, new Date(at.getTime() - grace));
    for (const { id } of overdue) await repo.closeOrder(id, 'expired', null);
    return overdue.length;
  }

  /** A completed checkout whose money is on its way (a bank debit): the order is not expired meanwhile. */
  async function markAwaitingPayment(orderId: string): Promise<void> {
    await repo.updateOrder(orderId, { failureReason: AWAITING_PAYMENT });
  }

  /** The order behind a provider checkout session (webhooks). */
  function orderForSession(sessionId: string) {
    return repo.findOrderBySession(sessionId);
  }

  function findOrder(orderId: string) {
    return repo.findOrder(orderId);
  }

  function closeOrder(orderId: string, status: 'expired' | 'failed', reason: string | null) {
    return repo.closeOrder(orderId, status, reason);
  }

  return {
    customerPortal,
    checkoutAddon,
    checkoutSubscription,
    sandboxSession,
    sandboxPay,
    sandboxCancel,
    expireOverdue,
    markAwaitingPayment,
    orderForSession,
    findOrder,
    closeOrder,
  };
}
