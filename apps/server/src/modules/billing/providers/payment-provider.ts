import type { BillingOrderRow } from '../billing.repository.js';

/** What a checkout asks the provider for: one order, paid once (add-on) or as a subscription (plan). */
export interface CheckoutRequest {
  order: BillingOrderRow;
  email: string;
  mode: 'payment' | 'subscription';
  /** The plan's price id for the period (subscription mode). */
  priceId: string | null;
  /**
   * The provider's coupon for the order's code (subscription mode: the provider applies it). An
   * order with proration or account credit instead gets one coupon of its whole reduction.
   */
  providerCouponId: string | null;
  /** The buyer's customer at the provider (Stripe), when a payment made one. */
  customerId: string | null;
  /** VAT: the provider's own tax calculation (Stripe Tax), or the order's rate for `country`. */
  tax: { automatic: boolean; country: string };
  /** Where the provider sends the browser: the portal's /success (with the order) and /pricing. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface CouponMirror {
  code: string;
  percentOff: number;
  description: string;
  expiresAt: Date | null;
  maxRedemptions: number | null;
}

/**
 * Where the card payment happens. Both drivers end in the billing service's one fulfilment: the
 * sandbox when its test card succeeds, Stripe when its signed webhook says the session was paid.
 */
export interface PaymentProvider {
  readonly kind: 'sandbox' | 'stripe';
  /** A hosted checkout for the order: its session id and the address to send the browser to. */
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** Closes an unpaid checkout (a newer one replaced it); throws when it cannot be closed (being paid). */
  expireCheckout(sessionId: string): Promise<void>;
  /** Ends a subscription at the end of its period. */
  cancelAtPeriodEnd(providerSubscriptionId: string): Promise<void>;
  /**
   * Ends a subscription now (another one replaced it). `prorate` (the default) lets the provider
   * credit its unused time; false when the portal credited it already (the order's proration).
   */
  cancelNow(providerSubscriptionId: string, options?: { prorate?: boolean }): Promise<void>;
  /** A session of the provider's customer portal (cards, the provider's invoices): its address. */
  customerPortal(customerId: string, returnUrl: string): Promise<string>;
  /** The provider's coupon for a portal coupon (created when missing); null when the provider has none. */
  mirrorCoupon(coupon: CouponMirror): Promise<string | null>;
}
