import { z } from 'zod';
import { addonLimits, addonTypes, billingPeriods, planIds } from './pricing.js';
import { isCountryCode, taxTreatments } from './tax.js';

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
  /** GET: what changing to a plan would cost now (proration, credit, VAT), before paying. */
  planChangePreview: '/subscriptions/preview',
  /** GET and PUT: the buyer's country, VAT number, name and address. */
  taxProfile: '/tax-profile',
  /** GET: the account's invoices and credit notes. */
  invoices: '/invoices',
  /** POST: a Stripe customer-portal session (cards and Stripe's invoices), when Stripe is configured. */
  customerPortal: '/customer-portal',
} as const;

/** The PDF of an order's invoice, and of any invoice or credit note by its id. */
export const orderInvoicePdfPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/invoice.pdf`;
export const invoicePdfPath = (invoiceId: string) => `/invoices/${encodeURIComponent(invoiceId)}/pdf`;

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
  checkoutOpen: 'A checkout for this purchase is already open. Finish or cancel it first.',
  invalidEvent: 'Malformed Stripe event',
  noInvoice: 'This order has no invoice (it is not paid).',
  customerPortalUnavailable: 'The customer portal needs Stripe: this portal takes sandbox payments.',
  noStripeCustomer: 'There is no Stripe customer for this account yet: it is created with the first payment.',
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
  /** The pack's code ('medium') when a pack was bought: with the fields around it, what names the item in any language. */
  pack: z.string().nullable().optional(),
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
  /** 'renewal': a period renewed by the portal (sandbox); 'purchase': a checkout. */
  purpose: z.enum(['purchase', 'renewal']),
  /** Unused time of the replaced plan credited against this order (net of VAT). */
  proration_cents: z.number(),
  /** Account credit used on it. */
  credit_applied_cents: z.number(),
  /** What VAT is charged on: subtotal - discount - proration - credit, never below 0. */
  net_cents: z.number(),
  tax_rate_bp: z.number(),
  tax_cents: z.number(),
  tax_treatment: z.enum(taxTreatments),
  /** The invoice's number once paid ('FT 2026/7'), and its PDF below /api/payments. */
  invoice_number: z.string().nullable(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Where the provider's receipt is (Stripe), or the portal's own receipt. */
  receipt_url: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const ordersResponseSchema = z.object({ orders: z.array(orderSchema) });

export const subscriptionStatuses = ['active', 'past_due', 'cancelled'] as const;

/** A plan's monthly allowance credited to the ledger for one period: what it is and when it lapses. */
export const allowanceSchema = z.object({
  kind: z.enum(['tokens', 'consultation']),
  /** Millions of tokens, or hours. */
  amount: z.number(),
  plan: z.enum(planIds),
  period_start: z.string(),
  expires_at: z.string(),
});
export type Allowance = z.infer<typeof allowanceSchema>;
export const accountResponseSchema = z.object({
  plan: z.enum(planIds),
  period: z.enum(billingPeriods).nullable(),
  status: z.enum(subscriptionStatuses).nullable(),
  renews_at: z.string().nullable(),
  /** When the current period began (periods follow the calendar from the billing anchor). */
  period_start: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** Everything usable now: purchases plus the live allowances (tokens in millions, hours). */
  balances: z.object({ tokens: z.number(), consultation: z.number(), development: z.number() }),
  /** The allowances inside `balances` and when each lapses. */
  allowances: z.array(allowanceSchema),
  /** Account credit (cents) left by a plan change whose credit exceeded the new price; used by the next plan charges. */
  credit_cents: z.number(),
  /** Whether a Stripe customer portal can be opened for this account. */
  customer_portal: z.boolean(),
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
  proration_cents: z.number(),
  credit_applied_cents: z.number(),
  net_cents: z.number(),
  tax_rate_bp: z.number(),
  tax_cents: z.number(),
  tax_treatment: z.enum(taxTreatments),
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

/** GET /subscriptions/preview: the plan and period to change to, and a coupon. */
export const planChangeQuerySchema = z.object({
  plan: z.enum(planIds),
  period: z.enum(billingPeriods),
  couponCode: optionalCoupon,
});
export type PlanChangeQuery = z.infer<typeof planChangeQuerySchema>;

/** What a plan checkout would charge now: the figures the order will carry, computed the same way. */
export const planChangePreviewSchema = z.object({
  plan: z.enum(planIds),
  period: z.enum(billingPeriods),
  currency: z.string(),
  /** The plan the change replaces (its unused time credited), or null. */
  replaces: z.object({ plan: z.enum(planIds), period: z.enum(billingPeriods), ends_at: z.string() }).nullable(),
  subtotal_cents: z.number(),
  discount_cents: z.number(),
  proration_cents: z.number(),
  credit_applied_cents: z.number(),
  net_cents: z.number(),
  tax_rate_bp: z.number(),
  tax_cents: z.number(),
  tax_treatment: z.enum(taxTreatments),
  total_cents: z.number(),
  /** Proration beyond the new price, kept as account credit for the next charges. */
  credit_left_cents: z.number(),
  /** The new period: from now to its calendar end. */
  period_start: z.string(),
  period_end: z.string(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;

/** The buyer's billing details: the country decides the VAT; a business in the EU gives its VAT number. */
export const taxProfileBodySchema = z.object({
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Choose the country you are billed in (two letters, as PT).')
    .transform((code) => code.toUpperCase())
    .refine(isCountryCode, 'This is not a country code (ISO 3166, as PT; Greece is GR).'),
  /** Empty: a consumer. */
  vatNumber: z.string().trim().max(40).optional(),
  name: z.string().trim().max(200).optional(),
  address: z.string().trim().max(500).optional(),
});
export type TaxProfileBody = z.input<typeof taxProfileBodySchema>;
export const taxProfileSchema = z.object({
  country: z.string().nullable(),
  vat_number: z.string().nullable(),
  name: z.string().nullable(),
  address: z.string().nullable(),
  /** What the profile means for VAT now (the seller's country and rates decide). */
  tax_rate_bp: z.number(),
  tax_treatment: z.enum(taxTreatments),
  /** VAT numbers are checked for their format only: VIES cannot be reached from this server. */
  vat_number_checked_online: z.boolean(),
  /** Whether the plan prices on the pricing page include VAT (false: VAT is added at checkout). */
  prices_include_vat: z.boolean(),
});
export type TaxProfile = z.infer<typeof taxProfileSchema>;

export const invoiceKinds = ['invoice', 'credit_note'] as const;
export const invoiceSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(invoiceKinds),
  number: z.string(),
  order_id: z.string(),
  /** The invoice a credit note corrects (its number). */
  corrects_number: z.string().nullable(),
  issued_at: z.string(),
  net_cents: z.number(),
  tax_cents: z.number(),
  total_cents: z.number(),
  currency: z.string(),
  reason: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoicesResponseSchema = z.object({ invoices: z.array(invoiceSummarySchema) });

export const customerPortalBodySchema = z.object({ returnUrl: z.string().max(2048) });
export const customerPortalResponseSchema = z.object({ url: z.string() });
