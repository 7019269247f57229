import Stripe from 'stripe';
import type { StripeConfig } from '../../../config.js';
import { formatRate } from '@nuvem/contracts/tax';
import type { BillingOrderRow } from '../billing.repository.js';
import type { PaymentProvider } from './payment-provider.js';

/** The Stripe client the driver and the webhook route share (STRIPE_API_URL points it elsewhere in tests). */
export function createStripeClient(config: StripeConfig): Stripe {
  const api = config.apiUrl;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: 'nuvem-portal' },
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/**
 * The Stripe driver: Checkout Sessions in payment mode (an add-on, at the amount the portal priced
 * before VAT, coupon included) and subscription mode (the plan's price id, the coupon as a Stripe
 * coupon, or the order's whole reduction when a plan change credits unused time or account
 * credit). VAT is added on top: Stripe Tax (`automatic_tax`) when configured, else the order's rate
 * as a Stripe tax rate (one per country and rate, created once). Fulfilment happens when the signed
 * webhook arrives (see billing.webhooks.ts).
 */
export function createStripeProvider(stripe: Stripe, currency: string): PaymentProvider {
  /** Stripe's tax rate id per `country-rateBp`, once found or created. */
  const taxRates = new Map<string, string>();

  /** The exclusive VAT rate for a country (found by its metadata, created when missing). */
  async function mirrorTaxRate(country: string, rateBp: number): Promise<string> {
    const key = `${country}-${String(rateBp)}`;
    const known = taxRates.get(key);
    if (known) return known;
    let id: string | null = null;
    for await (const rate of stripe.taxRates.list({ active: true, inclusive: false, limit: 100 })) {
      if (rate.metadata?.nuvem_rate === key && rate.percentage === rateBp / 100) {
        id = rate.id;
        break;
      }
    }
    if (!id) {
      const created = await stripe.taxRates.create(
        {
          display_name: 'VAT',
          description: `VAT ${country} ${formatRate(rateBp)}%`,
          percentage: rateBp / 100,
          inclusive: false,
          country,
          tax_type: 'vat',
          metadata: { nuvem_rate: key },
        },
        { idempotencyKey: `tax-rate-${key}` },
      );
      id = created.id;
    }
    taxRates.set(key, id);
    return id;
  }

  /** One coupon for this order's whole reduction (coupon, proration and account credit), used once. */
  async function orderCoupon(order: BillingOrderRow, amountOff: number): Promise<string> {
    const created = await stripe.coupons.create(
      {
        id: `order-${order.id}`,
        name: 'Discount and credit',
        amount_off: amountOff,
        currency,
        duration: 'once',
        max_redemptions: 1,
        metadata: { order_id: order.id },
      },
      { idempotencyKey: `order-coupon-${order.id}` },
    );
    return created.id;
  }

  return {
    kind: 'stripe',
    async createCheckout(request) {
      const { order, tax } = request;
      const metadata = { order_id: order.id, user_id: order.userId };
      const taxRateIds =
        !tax.automatic && order.taxRateBp > 0
          ? [await mirrorTaxRate((order.buyerCountry ?? tax.country).toUpperCase(), order.taxRateBp)]
          : [];
      const common = {
        client_reference_id: order.id,
        // The Stripe customer of earlier payments (its cards, its portal); else one is made from the address.
        ...(request.customerId
          ? {
              customer: request.customerId,
              ...(tax.automatic ? { customer_update: { address: 'auto' as const, name: 'auto' as const } } : {}),
            }
          : { customer_email: request.email }),
        ...(tax.automatic
          ? {
              automatic_tax: { enabled: true },
              billing_address_collection: 'required' as const,
              tax_id_collection: { enabled: true },
            }
          : {}),
        metadata,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
      };
      let session: Stripe.Checkout.Session;
      if (request.mode === 'payment') {
        session = await stripe.checkout.sessions.create(
          {
            ...common,
            mode: 'payment',
            ...(request.customerId ? {} : { customer_creation: 'always' as const }),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency,
                  // VAT is added on top of the net amount (prices are shown without it).
                  unit_amount: order.netCents,
                  ...(tax.automatic ? { tax_behavior: 'exclusive' as const } : {}),
                  product_data: { name: order.description },
                },
                ...(taxRateIds.length > 0 ? { tax_rates: taxRateIds } : {}),
              },
            ],
            payment_intent_data: { metadata },
          },
          { idempotencyKey: `checkout-${order.id}` },
        );
      } else {
        const reduction = order.subtotalCents - order.netCents;
        const credited = order.prorationCents + order.creditAppliedCents > 0;
        const couponId = credited && reduction > 0 ? await orderCoupon(order, reduction) : request.providerCouponId;
        session = await stripe.checkout.sessions.create(
          {
            ...common,
            mode: 'subscription',
            line_items: [
              {
                quantity: 1,
                price: request.priceId ?? '',
                ...(taxRateIds.length > 0 ? { tax_rates: taxRateIds } : {}),
              },
            ],
            ...(couponId ? { discounts: [{ coupon: couponId }] } : {}),
            subscription_data: { metadata },
          },
          { idempotencyKey: `checkout-${order.id}` },
        );
      }
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url };
    },

    async customerPortal(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },

    async cancelAtPeriodEnd(providerSubscriptionId) {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    },

    async expireCheckout(sessionId) {
      await stripe.checkout.sessions.expire(sessionId, undefined, { idempotencyKey: `expire-${sessionId}` });
    },

    async cancelNow(providerSubscriptionId, options = {}) {
      // With proration, Stripe credits the unused time to the customer's balance; without, the
      // portal credited it already (the new order's proration) and must not credit it twice.
      const prorate = options.prorate ?? true;
      try {
        await stripe.subscriptions.cancel(
          providerSubscriptionId,
          { prorate },
          { idempotencyKey: `cancel-${providerSubscriptionId}` },
        );
      } catch (error) {
        // Already gone is what was asked for.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
        throw error;
      }
    },

    async mirrorCoupon(coupon) {
      // The portal's code is the Stripe coupon's id: found when it exists, created when it does not.
      try {
        const found = await stripe.coupons.retrieve(coupon.code);
        // A coupon of that name made elsewhere with another discount would charge another price
        // than the portal's (and the payment would then be refused): use it only when it matches.
        if (found.percent_off !== coupon.percentOff) {
          throw new Error(
            `Stripe coupon ${coupon.code} takes ${String(found.percent_off ?? found.amount_off)} off, the portal's ${String(coupon.percentOff)}%`,
          );
        }
        return found.id;
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 404) throw error;
      }
      const created = await stripe.coupons.create(
        {
          id: coupon.code,
          name: coupon.description.slice(0, 40),
          percent_off: coupon.percentOff,
          duration: 'once',
          ...(coupon.expiresAt ? { redeem_by: Math.floor(coupon.expiresAt.getTime() / 1000) } : {}),
          ...(coupon.maxRedemptions !== null ? { max_redemptions: coupon.maxRedemptions } : {}),
        },
        { idempotencyKey: `coupon-${coupon.code}` },
      );
      return created.id;
    },
  };
}
