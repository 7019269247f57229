import Stripe from 'stripe';
import type { StripeConfig } from '../../../config.js';
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
 * The Stripe driver: Checkout Sessions in payment mode (an add-on, at the amount the portal priced,
 * coupon included) and subscription mode (the plan's price id, the coupon as a Stripe coupon).
 * Fulfilment happens when the signed webhook arrives (see billing.webhooks.ts).
 */
export function createStripeProvider(stripe: Stripe, currency: string): PaymentProvider {
  return {
    kind: 'stripe',
    async createCheckout(request) {
      const { order } = request;
      const metadata = { order_id: order.id, user_id: order.userId };
      const common = {
        client_reference_id: order.id,
        customer_email: request.email,
        metadata,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
      };
      const session =
        request.mode === 'payment'
          ? await stripe.checkout.sessions.create(
              {
                ...common,
                mode: 'payment',
                line_items: [
                  {
                    quantity: 1,
                    price_data: {
                      currency,
                      unit_amount: order.totalCents,
                      product_data: { name: order.description },
                    },
                  },
                ],
                payment_intent_data: { metadata },
              },
              { idempotencyKey: `checkout-${order.id}` },
            )
          : await stripe.checkout.sessions.create(
              {
                ...common,
                mode: 'subscription',
                line_items: [{ quantity: 1, price: request.priceId ?? '' }],
                ...(request.providerCouponId ? { discounts: [{ coupon: request.providerCouponId }] } : {}),
                subscription_data: { metadata },
              },
              { idempotencyKey: `checkout-${order.id}` },
            );
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url };
    },

    async cancelAtPeriodEnd(providerSubscriptionId) {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    },

    async expireCheckout(sessionId) {
      await stripe.checkout.sessions.expire(sessionId, undefined, { idempotencyKey: `expire-${sessionId}` });
    },

    async cancelNow(providerSubscriptionId) {
      try {
        // The unused time of the replaced plan is credited to the customer's Stripe balance.
        await stripe.subscriptions.cancel(
          providerSubscriptionId,
          { prorate: true },
          {
            idempotencyKey: `cancel-${providerSubscriptionId}`,
          },
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
