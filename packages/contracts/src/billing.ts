import { z } from 'zod';
import { addonLimits, addonTypes, billingPeriods, planIds } from './pricing.js';

/** The Payments API: spec 2 section 7, below /api/payments. */
export const PAYMENTS_BASE = '/api/payments';
export const paymentsPaths = {
  config: '/config',
  validateCoupon: '/coupons/validate',
  calculate: '/payments/pricing/calculate',
  checkout: '/payments/pricing/checkout',
  subscriptionCheckout: '/subscriptions/checkout',
  cancelSubscription: '/subscriptions/cancel',
  account: '/account',
  orders: '/orders',
  sandboxSessions: '/sandbox/sessions',
  stripeWebhook: '/webhooks/stripe',
} as const;

/** The pricing texts of spec 2 (toasts, in European Portuguese) and the API layer's failure texts. */
export const pricingMessages = {
  couponEmpty: 'Por favor, insira um código de cupão',
  couponInvalid: 'Código de cupão inválido ou expirado',
  couponApplied: (percent: number) => `Cupão aplicado! ${percent}% de desconto`,
  couponFallback: 'Erro ao validar cupão',
  signInRequired: 'Por favor, faça login para continuar',
  invalidPrice: 'Preço inválido para este plano',
  priceIdMissing: 'Price ID não encontrado para este plano',
  noCheckoutUrl: 'URL de checkout não recebida',
  subscriptionFallback: 'Erro ao processar pagamento',
  addonFallback: 'Erro ao processar compra',
  freeActivated: 'Plano Free ativado com sucesso!',
  calculateFailed: 'Failed to calculate price',
  checkoutFailed: 'Failed to create checkout session',
  subscriptionCheckoutFailed: 'Failed to create subscription checkout',
} as const;

/** The server's own refusals (codes on the error shape). */
export const billingMessages = {
  returnUrl: (field: string, path: string) => `${field} must be this portal's ${path} page`,
  unknownPrice: 'Unknown price for this plan and period',
  freePlanNoCheckout: 'The Free plan needs no checkout',
  alreadySubscribed: 'You already have this plan. Change the period or cancel it from the Billing page.',
  couponPlan: 'This coupon is not valid for this plan',
  cardDeclined: 'Your card was declined.',
  cardIncomplete: 'Your card number is incomplete.',
  sessionClosed: 'This checkout has already been completed or has expired.',
  noSubscription: 'You have no paid subscription to cancel.',
  webhookSignature: 'Invalid webhook signature',
  planContainers: (plan: string, count: number) =>
    `Your ${plan} plan allows ${count} container${count === 1 ? '' : 's'}. Upgrade your plan on the pricing page to create more.`,
  planTier: (plan: string, tier: string) =>
    `The ${plan} plan does not include ${tier} containers. Upgrade your plan on the pricing page.`,
} as const;

export const paymentProviders = ['sandbox', 'stripe'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

const couponCode = z
  .string()
  .trim()
  .min(1, pricingMessages.couponEmpty)
  .max(40, 'must be at most 40 characters')
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9_-]+$/, pricingMessages.couponInvalid));

/** An optional coupon field: blank counts as none. */
const optionalCoupon = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  couponCode.optional(),
);

export const paymentsConfigSchema = z.object({
  provider: z.enum(paymentProviders),
  currency: z.string(),
  /** The six subscription price identifiers (plan -> period -> id); a missing one cannot be bought. */
  priceIds: z.record(z.string(), z.record(z.string(), z.string())),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

export const validateCouponBodySchema = z.object({ code: couponCode, plan: z.enum(planIds).optional() });
export const couponResultSchema = z.object({
  valid: z.literal(true),
  code: z.string(),
  percentOff: z.number(),
  description: z.string(),
  /** The only plan it applies to, or null for any purchase. */
  plan: z.enum(planIds).nullable(),
});
export type CouponResult = z.infer<typeof couponResultSchema>;

const addonBase = {
  type: z.enum(addonTypes),
  /** A predefined pack of the type (its own price); without it, `quantity` at the graduated bands. */
  pack: z.string().max(40).optional(),
  quantity: z.number().int('must be a whole number').min(1).optional(),
  couponCode: optionalCoupon,
};

/** A pricing request: an add-on (pack or custom quantity) or a plan and period. */
export const calculateBodySchema = z.union([
  z
    .object(addonBase)
    .refine((body) => body.pack !== undefined || body.quantity !== undefined, 'give a pack or a quantity')
    .refine(
      (body) => body.quantity === undefined || body.quantity <= addonLimits[body.type].max,
      'quantity is above the most that can be bought at once',
    ),
  z.object({ plan: z.enum(planIds), period: z.enum(billingPeriods), couponCode: optionalCoupon }),
]);
export type CalculateBody = z.input<typeof calculateBodySchema>;
export type CalculateRequest = z.infer<typeof calculateBodySchema>;

export const quoteLineSchema = z.object({
  from: z.number(),
  to: z.number(),
  units: z.number(),
  unitCents: z.number(),
  amountCents: z.number(),
});
export const quoteResponseSchema = z.object({
  currency: z.string(),
  description: z.string(),
  subtotalCents: z.number(),
  percentOff: z.number(),
  discountCents: z.number(),
  totalCents: z.number(),
  lines: z.array(quoteLineSchema),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

const returnUrls = { successUrl: z.string().max(2048), cancelUrl: z.string().max(2048) };

export const addonCheckoutBodySchema = z
  .object({
    ...addonBase,
    /** Ignored: the receipt goes to the signed-in account's address. */
    customerEmail: z.string().max(320).optional(),
    ...returnUrls,
  })
  .refine((body) => body.pack !== undefined || body.quantity !== undefined, 'give a pack or a quantity')
  .refine(
    (body) => body.quantity === undefined || body.quantity <= addonLimits[body.type].max,
    'quantity is above the most that can be bought at once',
  );
export type AddonCheckoutBody = z.input<typeof addonCheckoutBodySchema>;
export type AddonCheckoutRequest = z.infer<typeof addonCheckoutBodySchema>;

export const subscriptionCheckoutBodySchema = z
  .object({
    /** One of the six price identifiers (GET /config), or `plan` and `period`. */
    priceId: z.string().min(1).max(200).optional(),
    plan: z.enum(planIds).optional(),
    period: z.enum(billingPeriods).optional(),
    customerEmail: z.string().max(320).optional(),
    couponCode: optionalCoupon,
    ...returnUrls,
  })
  .refine(
    (body) => body.priceId !== undefined || (body.plan !== undefined && body.period !== undefined),
    'give a priceId, or a plan and a period',
  );
export type SubscriptionCheckoutBody = z.input<typeof subscriptionCheckoutBodySchema>;
export type SubscriptionCheckoutRequest = z.infer<typeof subscriptionCheckoutBodySchema>;

export const checkoutResponseSchema = z.object({ url: z.string(), orderId: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const orderStatuses = ['pending', 'paid', 'failed', 'expired'] as const;
export const orderSchema = z.object({
  id: z.string(),
  kind: z.enum(['addon', 'subscription']),
  description: z.string(),
  addon_type: z.enum(addonTypes).nullable(),
  quantity: z.number().nullable(),
  plan: z.enum(planIds).nullable(),
  period: z.enum(billingPeriods).nullable(),
  coupon_code: z.string().nullable(),
  subtotal_cents: z.number(),
  discount_cents: z.number(),
  total_cents: z.number(),
  currency: z.string(),
  status: z.enum(orderStatuses),
  provider: z.enum(paymentProviders),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Where the provider's receipt is (Stripe), or the portal's own receipt. */
  receipt_url: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const ordersResponseSchema = z.object({ orders: z.array(orderSchema) });

export const subscriptionStatuses = ['active', 'past_due', 'cancelled'] as const;
export const accountResponseSchema = z.object({
  plan: z.enum(planIds),
  period: z.enum(billingPeriods).nullable(),
  status: z.enum(subscriptionStatuses).nullable(),
  renews_at: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  balances: z.object({ tokens: z.number(), consultation: z.number(), development: z.number() }),
  key_tier: z.enum(['standard', 'premium', 'enterprise']),
  containers: z.object({ limit: z.number(), tiers: z.array(z.string()) }),
  provider: z.enum(paymentProviders),
});
export type BillingAccount = z.infer<typeof accountResponseSchema>;

export const sandboxSessionSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  description: z.string(),
  email: z.string(),
  subtotal_cents: z.number(),
  discount_cents: z.number(),
  total_cents: z.number(),
  currency: z.string(),
  status: z.enum(orderStatuses),
  cancel_url: z.string(),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;

export const sandboxPayBodySchema = z.object({
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(8),
  name: z.string().trim().min(1, 'Enter the name on the card').max(200),
});
export type SandboxPayBody = z.infer<typeof sandboxPayBodySchema>;
export const sandboxPayResponseSchema = z.object({ url: z.string() });

/** Test cards of the sandbox checkout (Stripe's own test numbers). */
export const sandboxCards = { succeeds: '4242424242424242', declined: '4000000000000002' } as const;
