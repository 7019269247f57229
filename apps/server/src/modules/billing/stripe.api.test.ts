import { apiKeyCreatedResponseSchema, applicationCreatedResponseSchema } from '@nuvem/contracts/applications';
import { billingMessages, pricingMessages } from '@nuvem/contracts/billing';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { apiKeys } from '../../db/schema/api-keys.js';
import { billingCoupons } from '../../db/schema/billing-coupons.js';
import { billingOrders } from '../../db/schema/billing-orders.js';
import { billingWebhookEvents } from '../../db/schema/billing-webhook-events.js';
import {
  registerVerifiedUser as registerUser,
  testDriver,
  testOrigin,
  useTestApp,
  type TestUser,
} from '../../test/helper.testing.js';
import {
  startStripeApi,
  type StripeApiRequest,
  type StripeApiStandIn,
} from '../../test/providers/stripe-api.testing.js';
import type { App } from '../../types.js';
import { createBillingRepository } from './billing.repository.js';
import { STRIPE_EVENT_JOB } from './billing.webhooks.js';
import { addCoupon, type NewCoupon } from './coupons.js';
import { addTestCoupon, paymentsClient } from './billing.testing.js';
import { createStripeClient, createStripeProvider } from './providers/stripe.js';

const WEBHOOK_SECRET = 'whsec_test';
/** The SDK's own signing helper, as Stripe signs its deliveries. */
const signer = new Stripe('sk_test_x');

let stripeApi: StripeApiStandIn;

// File-level hooks run before the describe blocks' own, so the stand-in listens before the app is built.
beforeAll(async () => {
  stripeApi = await startStripeApi();
});
afterAll(async () => {
  await stripeApi.close();
});

/** The payments settings, read from STRIPE_* the way the server reads its environment. */
function stripePayments() {
  return loadConfig({ ...stripeApi.env, PLAN_QUOTAS: 'false', SEED_DEMO: 'false' }).payments;
}

const client = (app: App, user: TestUser) => paymentsClient(app, user);

/** A Stripe event as Stripe delivers it (the fields the portal reads, and the envelope around them). */
function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_${randomBytes(12).toString('hex')}`) {
  return {
    id,
    object: 'event',
    api_version: '2025-09-30.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

function sign(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
}

/** POSTs a body to the webhook as Stripe does (no Origin, no cookie, Stripe's content type). */
function postWebhook(app: App, payload: string, signature: string | null) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature !== null ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });
}

/** Delivers a signed event and waits until its job has run. */
async function deliver(app: App, event: ReturnType<typeof stripeEvent>) {
  const payload = JSON.stringify(event);
  const res = await postWebhook(app, payload, sign(payload));
  await app.queue.drain([STRIPE_EVENT_JOB]);
  return res;
}

/** checkout.session.completed for a session, as Stripe sends it once the card is charged. */
function sessionCompleted(
  session: { id: string; orderId: string; amount: number },
  extra: Record<string, unknown> = {},
  type = 'checkout.session.completed',
) {
  return stripeEvent(type, {
    id: session.id,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: session.orderId,
    amount_subtotal: session.amount,
    amount_total: session.amount,
    currency: 'eur',
    payment_intent: `pi_${randomBytes(8).toString('hex')}`,
    subscription: null,
    ...extra,
  });
}

/** The session id at the end of the checkout url the stand-in answered. */
function sessionOf(url: string): string {
  const id = url.split('/').pop() ?? '';
  expect(id).toMatch(/^cs_test_/);
  return id;
}

/** The requests, as `METHOD path`, without the tax-rate mirroring (done once per rate, whichever test comes first). */
function withoutTaxRates(requests: StripeApiRequest[]): string[] {
  return requests.filter((r) => r.path !== '/v1/tax_rates').map((r) => `${r.method} ${r.path}`);
}

/** The Stripe settings the app was built with. */
function stripeConfig() {
  const config = stripePayments().stripe;
  if (!config) throw new Error('Stripe is not configured');
  return config;
}

function lastRequest(method: string, path: string): StripeApiRequest {
  const request = stripeApi.requestsTo(method, path).at(-1);
  if (!request) throw new Error(`the stand-in received no ${method} ${path}`);
  return request;
}

describe(`checkout on Stripe (a local stand-in for its API), on ${testDriver}`, () => {
  const t = useTestApp({
    config: {
      get payments() {
        return stripePayments();
      },
    },
  });
  const repo = () => createBillingRepository(t.app.db);
  /** A coupon stored as the coupons CLI stores it without Stripe (not yet mirrored). */
  const addCode = (code: string, percentOff: number, extra: Partial<NewCoupon> = {}) =>
    addTestCoupon(t.app, code, percentOff, extra);
  const redemptions = async (code: string) =>
    (await t.app.db.select().from(billingCoupons).where(eq(billingCoupons.code, code)))[0]?.redemptions;

  afterEach(() => {
    stripeApi.recover();
  });

  it('says Stripe is the provider and which six price ids it sells', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      provider: 'stripe',
      currency: 'eur',
      priceIds: {
        starter: { monthly: 'price_test_starter_monthly', yearly: 'price_test_starter_yearly' },
        pro: { monthly: 'price_test_pro_monthly', yearly: 'price_test_pro_yearly' },
        enterprise: { monthly: 'price_test_enterprise_monthly', yearly: 'price_test_enterprise_yearly' },
      },
    });
  });

  it("creates an add-on's Checkout Session at the server's own price, with the order as its reference", async () => {
    const user = await registerUser(t.app);
    const buyer = client(t.app, user);
    const before = stripeApi.requests.length;
    const res = await buyer.checkout({ type: 'tokens', pack: 'medium', unit_amount: 1, totalCents: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const { url, orderId } = res.json<{ url: string; orderId: string }>();

    // The VAT rate is mirrored to Stripe once (looked up, then created), then only sessions.
    const sent = stripeApi.requests.slice(before);
    expect(withoutTaxRates(sent)).toEqual(['POST /v1/checkout/sessions']);
    const request = sent.at(-1);
    if (!request) throw new Error('no request');
    expect(request.headers.authorization).toBe('Bearer sk_test_x');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.headers['idempotency-key']).toBe(`checkout-${orderId}`);
    expect(request.headers['stripe-version']).toBeTruthy();
    expect(request.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      // The price without VAT; Stripe adds the order's 23% (Portugal, the seller's country) on top.
      'line_items[0][price_data][unit_amount]': '5000',
      'line_items[0][price_data][product_data][name]': 'Tokens Extra: pack Medium (20M tokens)',
      client_reference_id: orderId,
      customer_email: user.email,
      customer_creation: 'always',
      'metadata[order_id]': orderId,
      'metadata[user_id]': user.id,
      'payment_intent_data[metadata][order_id]': orderId,
      success_url: `${testOrigin}/success?order=${orderId}`,
      cancel_url: `${testOrigin}/pricing`,
    });
    expect(Object.keys(request.form).filter((key) => key.startsWith('discounts'))).toEqual([]);
    expect(request.form['automatic_tax[enabled]']).toBeUndefined();
    const rate = stripeApi.taxRates.get(request.form['line_items[0][tax_rates][0]'] ?? '');
    expect(rate).toMatchObject({
      percentage: 23,
      inclusive: false,
      country: 'PT',
      tax_type: 'vat',
      metadata: { nuvem_rate: 'PT-2300' },
    });
    // The session ends with the order's checkout window (PAYMENTS_CHECKOUT_TTL_MINUTES).
    const expiresIn = Number(request.form.expires_at) * 1000 - Date.now();
    expect(expiresIn).toBeGreaterThan(t.app.config.payments.checkoutTtlMinutes * 60_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(t.app.config.payments.checkoutTtlMinutes * 60_000);

    expect(url).toMatch(new RegExp(`^${stripeApi.url}/c/pay/cs_test_\\d+$`));
    expect(await buyer.order(orderId)).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      net_cents: 5000,
      tax_rate_bp: 2300,
      tax_cents: 1150,
      tax_treatment: 'domestic',
      total_cents: 6150,
      quantity: 20,
      addon_type: 'tokens',
    });
    const [row] = await t.app.db.select().from(billingOrders).where(eq(billingOrders.id, orderId));
    expect(row?.providerSessionId).toBe(sessionOf(url));
  });

  it('charges an add-on with its coupon taken off by the portal (no Stripe coupon involved)', async () => {
    await addCode('ADDON10', 10);
    const buyer = client(t.app, await registerUser(t.app));
    const before = stripeApi.requests.length;
    const res = await buyer.checkout({ type: 'tokens', pack: 'medium', couponCode: 'addon10' });
    expect(res.statusCode, res.body).toBe(200);
    const { orderId } = res.json<{ orderId: string }>();
    expect(withoutTaxRates(stripeApi.requests.slice(before))).toEqual(['POST /v1/checkout/sessions']);
    expect(lastRequest('POST', '/v1/checkout/sessions').form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '4500',
      client_reference_id: orderId,
    });
    expect(lastRequest('POST', '/v1/checkout/sessions').form['line_items[0][tax_rates][0]']).toMatch(/^txr_/);
    // VAT on the discounted price: 4500 + 23% = 5535.
    expect(await buyer.order(orderId)).toMatchObject({
      coupon_code: 'ADDON10',
      subtotal_cents: 5000,
      discount_cents: 500,
      net_cents: 4500,
      tax_cents: 1035,
      total_cents: 5535,
    });
    expect(await redemptions('ADDON10')).toBe(1);
  });

  it("subscribes with the plan's configured price id and mirrors the coupon to Stripe once", async () => {
    await addCode('LAUNCH30', 30, { description: 'Launch offer' });
    const buyer = client(t.app, await registerUser(t.app));
    const before = stripeApi.requests.length;
    const res = await buyer.subscribe({ priceId: 'price_test_pro_monthly', couponCode: 'LAUNCH30' });
    expect(res.statusCode, res.body).toBe(200);
    const { url, orderId } = res.json<{ url: string; orderId: string }>();

    // Not on Stripe yet: looked up (404), then created with the portal's code as its id.
    expect(withoutTaxRates(stripeApi.requests.slice(before))).toEqual([
      'GET /v1/coupons/LAUNCH30',
      'POST /v1/coupons',
      'POST /v1/checkout/sessions',
    ]);
    const mirrored = lastRequest('POST', '/v1/coupons');
    expect(mirrored.form).toMatchObject({ id: 'LAUNCH30', percent_off: '30', duration: 'once', name: 'Launch offer' });
    expect(mirrored.headers['idempotency-key']).toBe('coupon-LAUNCH30');
    const session = lastRequest('POST', '/v1/checkout/sessions');
    expect(session.headers['idempotency-key']).toBe(`checkout-${orderId}`);
    expect(session.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price]': 'price_test_pro_monthly',
      'discounts[0][coupon]': 'LAUNCH30',
      client_reference_id: orderId,
      'subscription_data[metadata][order_id]': orderId,
      success_url: `${testOrigin}/success?order=${orderId}`,
      cancel_url: `${testOrigin}/pricing`,
    });
    expect(Object.keys(session.form).filter((key) => key.includes('price_data'))).toEqual([]);
    // VAT on the price line (and so on every renewal), at the order's rate.
    expect(stripeApi.taxRates.get(session.form['line_items[0][tax_rates][0]'] ?? '')).toMatchObject({ percentage: 23 });
    expect(url).toBe(`${stripeApi.url}/c/pay/${sessionOf(url)}`);
    expect(await buyer.order(orderId)).toMatchObject({
      kind: 'subscription',
      plan: 'pro',
      period: 'monthly',
      net_cents: 6930,
      // 23% of 69.30 is 15.939: rounded to the cent, as Stripe rounds its tax rate's amount.
      tax_cents: 1594,
      total_cents: 8524,
      status: 'pending',
    });
    const [coupon] = await t.app.db.select().from(billingCoupons).where(eq(billingCoupons.code, 'LAUNCH30'));
    expect(coupon?.stripeCouponId).toBe('LAUNCH30');

    // The next buyer's checkout uses the stored mirror: no coupon call at all.
    const next = client(t.app, await registerUser(t.app));
    const mark = stripeApi.requests.length;
    const second = await next.subscribe({ plan: 'enterprise', period: 'yearly', couponCode: 'LAUNCH30' });
    expect(second.statusCode, second.body).toBe(200);
    expect(withoutTaxRates(stripeApi.requests.slice(mark))).toEqual(['POST /v1/checkout/sessions']);
    expect(lastRequest('POST', '/v1/checkout/sessions').form).toMatchObject({
      'line_items[0][price]': 'price_test_enterprise_yearly',
      'discounts[0][coupon]': 'LAUNCH30',
    });
  });

  it('finds a coupon Stripe already has instead of creating it again', async () => {
    stripeApi.coupons.set('ALREADY', { id: 'ALREADY', object: 'coupon', percent_off: 15, valid: true });
    await addCode('ALREADY', 15);
    const buyer = client(t.app, await registerUser(t.app));
    const before = stripeApi.requests.length;
    const res = await buyer.subscribe({ plan: 'starter', period: 'monthly', couponCode: 'ALREADY' });
    expect(res.statusCode, res.body).toBe(200);
    expect(withoutTaxRates(stripeApi.requests.slice(before))).toEqual([
      'GET /v1/coupons/ALREADY',
      'POST /v1/checkout/sessions',
    ]);
  });

  it('mirrors a coupon at creation when the coupons CLI runs with Stripe configured', async () => {
    const stripe = createStripeProvider(
      createStripeClient(
        t.app.config.payments.stripe ?? { secretKey: '', webhookSecret: null, apiUrl: null, automaticTax: false },
      ),
      'eur',
    );
    const expiresAt = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    const row = await addCoupon(repo(), stripe, {
      code: 'cli25',
      percentOff: 25,
      description: 'From the CLI',
      expiresAt,
      maxRedemptions: 10,
      plan: null,
    });
    expect(row).toMatchObject({ code: 'CLI25', stripeCouponId: 'CLI25' });
    expect(lastRequest('POST', '/v1/coupons').form).toMatchObject({
      id: 'CLI25',
      percent_off: '25',
      duration: 'once',
      max_redemptions: '10',
      redeem_by: String(Math.floor(expiresAt.getTime() / 1000)),
    });
  });

  it('refuses an unknown price id and a price id of another plan with 400 UNKNOWN_PRICE, asking Stripe nothing', async () => {
    const buyer = client(t.app, await registerUser(t.app));
    const before = stripeApi.requests.length;
    const unknown = await buyer.subscribe({ priceId: 'price_made_up' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: billingMessages.unknownPrice, code: 'UNKNOWN_PRICE' });
    // The sandbox's ids mean nothing once Stripe is configured.
    const sandboxId = await buyer.subscribe({ priceId: 'price_sandbox_pro_monthly' });
    expect(sandboxId.statusCode).toBe(400);
    expect(sandboxId.json()).toMatchObject({ code: 'UNKNOWN_PRICE' });
    const otherPlan = await buyer.subscribe({ priceId: 'price_test_starter_monthly', plan: 'pro' });
    expect(otherPlan.statusCode).toBe(400);
    expect(otherPlan.json()).toMatchObject({ code: 'UNKNOWN_PRICE' });
    const otherPeriod = await buyer.subscribe({ priceId: 'price_test_starter_monthly', period: 'yearly' });
    expect(otherPeriod.statusCode).toBe(400);
    expect(stripeApi.requests.length).toBe(before);
    expect(await buyer.orders()).toEqual([]);
  });

  it("answers 502 when Stripe fails an add-on checkout: the order failed, the coupon's redemption given back", async () => {
    await addCode('ONCE', 20, { maxRedemptions: 1 });
    const buyer = client(t.app, await registerUser(t.app));
    stripeApi.fail('POST', '/v1/checkout/sessions', 500);
    const before = stripeApi.requests.length;
    const res = await buyer.checkout({ type: 'consultation', pack: 'basic', couponCode: 'ONCE' });
    expect(res.statusCode).toBe(502);
    // Soft: the rest of the case runs even while the error handler hides the text (see the report).
    expect(res.json()).toMatchObject({ error: pricingMessages.checkoutFailed, code: 'PROVIDER_ERROR' });
    // The SDK retried (maxNetworkRetries 2) with the same idempotency key: one session at most.
    const attempts = stripeApi.requests.slice(before).filter((r) => r.path !== '/v1/tax_rates');
    expect(attempts.map((r) => r.path)).toEqual(Array(3).fill('/v1/checkout/sessions'));
    expect(new Set(attempts.map((r) => r.headers['idempotency-key'])).size).toBe(1);

    const [order] = await buyer.orders();
    expect(order).toMatchObject({
      status: 'failed',
      failure_reason: 'checkout could not be created',
      coupon_code: 'ONCE',
    });
    expect(await redemptions('ONCE')).toBe(0);
    // Usable again, by the same buyer once Stripe is back.
    stripeApi.recover();
    const again = await buyer.checkout({ type: 'consultation', pack: 'basic', couponCode: 'ONCE' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await redemptions('ONCE')).toBe(1);
  });

  it('answers 502 when Stripe fails a subscription checkout or the coupon mirror, giving the redemption back', async () => {
    await addCode('SUBONCE', 20, { maxRedemptions: 1 });
    const buyer = client(t.app, await registerUser(t.app));
    stripeApi.fail('POST', '/v1/checkout/sessions', 500);
    const res = await buyer.subscribe({ plan: 'starter', period: 'yearly', couponCode: 'SUBONCE' });
    expect(res.statusCode).toBe(502);
    expect
      .soft(res.json())
      .toMatchObject({ error: pricingMessages.subscriptionCheckoutFailed, code: 'PROVIDER_ERROR' });
    expect((await buyer.orders()).map((o) => o.status)).toEqual(['failed']);
    expect(await redemptions('SUBONCE')).toBe(0);

    stripeApi.recover();
    await addCode('MIRRORFAIL', 20, { maxRedemptions: 1 });
    stripeApi.fail('POST', '/v1/coupons', 500);
    const mirror = await buyer.subscribe({ plan: 'starter', period: 'yearly', couponCode: 'MIRRORFAIL' });
    expect(mirror.statusCode).toBe(502);
    expect(mirror.json()).toMatchObject({ error: pricingMessages.subscriptionCheckoutFailed });
    expect((await buyer.orders()).map((o) => o.status)).toEqual(['failed', 'failed']);
    expect(await redemptions('MIRRORFAIL')).toBe(0);
    const [coupon] = await t.app.db.select().from(billingCoupons).where(eq(billingCoupons.code, 'MIRRORFAIL'));
    expect(coupon?.stripeCouponId).toBeNull();
  });
  it('keeps one open plan checkout on Stripe: the earlier session is expired there first, one being paid refuses', async () => {
    const user = await registerUser(t.app);
    const buyer = client(t.app, user);
    const first = (await buyer.subscribe({ plan: 'pro', period: 'monthly' })).json<{ url: string; orderId: string }>();
    const second = await buyer.subscribe({ plan: 'pro', period: 'yearly' });
    expect(second.statusCode, second.body).toBe(200);
    const expire = stripeApi.requestsTo('POST', `/v1/checkout/sessions/${sessionOf(first.url)}/expire`);
    expect(expire).toHaveLength(1);
    expect(await buyer.order(first.orderId)).toMatchObject({ status: 'expired' });

    // The open one is being paid (Stripe will not expire it): the new checkout waits for it.
    const open = second.json<{ url: string; orderId: string }>();
    stripeApi.completeSession(sessionOf(open.url));
    const third = await buyer.subscribe({ plan: 'starter', period: 'monthly' });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ error: billingMessages.checkoutOpen, code: 'CHECKOUT_OPEN' });
    expect(await buyer.order(open.orderId)).toMatchObject({ status: 'pending' });

    // Ten at once by another user: one payable order, the rest 409.
    const racer = client(t.app, await registerUser(t.app));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => racer.subscribe({ plan: 'pro', period: 'monthly' })),
    );
    for (const res of results) expect([200, 409], res.body).toContain(res.statusCode);
    expect((await racer.orders()).filter((order) => order.status === 'pending')).toHaveLength(1);
  });

  it("gives Stripe a plan change's whole reduction as one coupon for the order, VAT on the line", async () => {
    const stripe = createStripeProvider(createStripeClient(stripeConfig()), 'eur');
    const buyer = client(t.app, await registerUser(t.app));
    const res = await buyer.subscribe({ plan: 'pro', period: 'monthly' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(billingOrders)
      .where(eq(billingOrders.id, res.json<{ orderId: string }>().orderId));
    if (!row) throw new Error('no order');
    // As the plan-change pricing writes it: 20% coupon (1980), 30.00 unused time, 5.00 account credit.
    const order = {
      ...row,
      id: `${row.id}x`,
      subtotalCents: 9900,
      discountCents: 1980,
      prorationCents: 3000,
      creditAppliedCents: 500,
      netCents: 4420,
      taxRateBp: 2300,
      taxCents: 1017,
      totalCents: 5437,
    };
    const request = {
      order,
      email: 'a@example.com',
      mode: 'subscription' as const,
      priceId: 'price_test_pro_monthly',
      providerCouponId: 'LAUNCH30',
      customerId: null,
      tax: { automatic: false, country: 'PT' },
      successUrl: `${testOrigin}/success`,
      cancelUrl: `${testOrigin}/pricing`,
      expiresAt: new Date(Date.now() + 3_600_000),
    };
    await stripe.createCheckout(request);
    const coupon = lastRequest('POST', '/v1/coupons');
    expect(coupon.form).toEqual({
      id: `order-${order.id}`,
      name: 'Discount and credit',
      amount_off: '5480',
      currency: 'eur',
      duration: 'once',
      max_redemptions: '1',
      'metadata[order_id]': order.id,
    });
    const session = lastRequest('POST', '/v1/checkout/sessions');
    expect(session.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_test_pro_monthly',
      'discounts[0][coupon]': `order-${order.id}`,
      customer_email: 'a@example.com',
    });
    expect(session.form['line_items[0][tax_rates][0]']).toMatch(/^txr_/);
    // Subscriptions make their customer anyway (customer_creation is for payment mode only).
    expect(session.form.customer_creation).toBeUndefined();

    // The replaced subscription ends without Stripe crediting the time the portal credited already.
    await stripe.cancelNow('sub_credited', { prorate: false });
    await stripe.cancelNow('sub_not_credited');
    expect(lastRequest('DELETE', '/v1/subscriptions/sub_credited').form).toEqual({ prorate: 'false' });
    expect(lastRequest('DELETE', '/v1/subscriptions/sub_not_credited').form).toEqual({ prorate: 'true' });
  });

  it('sends a plan costing nothing today through Stripe all the same (its subscription bills the next periods)', async () => {
    await addCode('ALLFREE', 100);
    const buyer = client(t.app, await registerUser(t.app));
    const res = await buyer.subscribe({ plan: 'starter', period: 'monthly', couponCode: 'ALLFREE' });
    expect(res.statusCode, res.body).toBe(200);
    const { url, orderId } = res.json<{ url: string; orderId: string }>();
    expect(url).toBe(`${stripeApi.url}/c/pay/${sessionOf(url)}`);
    expect(await buyer.order(orderId)).toMatchObject({ status: 'pending', total_cents: 0, tax_cents: 0 });
    // An add-on costing nothing is paid at once: nothing to renew.
    const addon = await buyer.checkout({ type: 'tokens', pack: 'small', couponCode: 'ALLFREE' });
    expect(addon.json<{ url: string }>().url).toMatch(/\/success\?order=/);
  });
});

describe(`Stripe's webhook, on ${testDriver}`, () => {
  const t = useTestApp({
    config: {
      get payments() {
        return stripePayments();
      },
    },
  });
  const addCode = (code: string, percentOff: number, extra: Partial<NewCoupon> = {}) =>
    addTestCoupon(t.app, code, percentOff, extra);

  /** A signed-in buyer with an open add-on checkout on the stand-in. */
  async function openCheckout(body: object = { type: 'tokens', pack: 'medium' }) {
    const user = await registerUser(t.app);
    const buyer = client(t.app, user);
    const res = await buyer.checkout(body);
    expect(res.statusCode, res.body).toBe(200);
    const { url, orderId } = res.json<{ url: string; orderId: string }>();
    const order = await buyer.order(orderId);
    return { user, buyer, orderId, session: { id: sessionOf(url), orderId, amount: order.total_cents } };
  }

  async function subscribeWithKey(body: object) {
    const user = await registerUser(t.app);
    const buyer = client(t.app, user);
    const headers = { origin: testOrigin, authorization: `Bearer ${user.accessToken}` };
    const created = await t.app.inject({ method: 'POST', url: '/applications', headers, payload: { name: 'app' } });
    const { application } = applicationCreatedResponseSchema.parse(created.json());
    const keyRes = await t.app.inject({
      method: 'POST',
      url: `/applications/${application.id}/keys`,
      headers,
      payload: { name: 'before the plan' },
    });
    const { apiKey } = apiKeyCreatedResponseSchema.parse(keyRes.json());
    expect(apiKey.rate_limit_tier).toBe('standard');
    const res = await buyer.subscribe(body);
    expect(res.statusCode, res.body).toBe(200);
    const { url, orderId } = res.json<{ url: string; orderId: string }>();
    const order = await buyer.order(orderId);
    const keyTier = async () =>
      (await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id)))[0]?.rateLimitTier;
    return { user, buyer, orderId, keyTier, session: { id: sessionOf(url), orderId, amount: order.total_cents } };
  }

  const subscriptionCompleted = (session: { id: string; orderId: string; amount: number }, subscription: string) =>
    sessionCompleted(session, {
      mode: 'subscription',
      subscription,
      payment_intent: null,
      invoice: `in_${randomBytes(8).toString('hex')}`,
    });

  const webhookEvents = async () =>
    (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(billingWebhookEvents))[0]?.n ?? 0;
  const webhookCount = async (outcome: string) =>
    (await t.app.metrics.webhooks.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? 0;

  it('pays an add-on once on checkout.session.completed: a replay or a second event for the session credits nothing', async () => {
    const { buyer, orderId, session } = await openCheckout();
    // 50 EUR and 23% VAT: what Stripe charges and its event says.
    expect(session.amount).toBe(6150);
    const event = sessionCompleted(session);
    const first = await deliver(t.app, event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await buyer.order(orderId)).toMatchObject({ status: 'paid', provider: 'stripe' });
    expect((await buyer.account()).balances).toEqual({ tokens: 20, consultation: 0, development: 0 });
    const [row] = await t.app.db.select().from(billingWebhookEvents).where(eq(billingWebhookEvents.id, event.id));
    expect(row?.processedAt).toBeInstanceOf(Date);

    // Stripe delivers the same event again: acknowledged, ignored.
    const replay = await deliver(t.app, event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // Another event (a new id) for the same session: handled, but the order is paid already.
    const another = await deliver(t.app, sessionCompleted(session, {}, 'checkout.session.async_payment_succeeded'));
    expect(another.json()).toEqual({ received: true, duplicate: false });
    const again = await deliver(t.app, sessionCompleted(session));
    expect(again.json()).toEqual({ received: true, duplicate: false });
    expect((await buyer.account()).balances.tokens).toBe(20);
    expect((await buyer.orders()).map((o) => o.status)).toEqual(['paid']);
  });

  it('answers a refund made at Stripe with a credit note on the invoice, once per refund', async () => {
    const { user, buyer, orderId, session } = await openCheckout();
    const paymentIntent = `pi_${randomBytes(8).toString('hex')}`;
    await deliver(t.app, sessionCompleted(session, { payment_intent: paymentIntent }));
    expect(await buyer.order(orderId)).toMatchObject({ status: 'paid', total_cents: 6150, tax_cents: 1150 });
    // 12.30 EUR refunded of 61.50 (VAT included): 10.00 net and 2.30 VAT come back on the credit note.
    // Stripe's charge says what has been refunded so far (it no longer lists the refunds).
    const charge = (amountRefunded: number) =>
      stripeEvent('charge.refunded', {
        id: 'ch_refunded',
        object: 'charge',
        payment_intent: paymentIntent,
        amount: 6150,
        amount_refunded: amountRefunded,
        refunded: amountRefunded === 6150,
      });
    expect((await deliver(t.app, charge(1230))).statusCode).toBe(200);
    // The same state again (another event id), then a second refund: nothing is credited twice.
    await deliver(t.app, charge(1230));
    await deliver(t.app, charge(1845));
    const listed = (await paymentsClient(t.app, user).call('GET', '/invoices')).json<{
      invoices: {
        kind: string;
        number: string;
        corrects_number: string | null;
        net_cents: number;
        tax_cents: number;
        total_cents: number;
      }[];
    }>().invoices;
    const invoice = listed.find((row) => row.kind === 'invoice');
    const notes = listed.filter((row) => row.kind === 'credit_note').sort((a, b) => b.total_cents - a.total_cents);
    expect(notes).toEqual([
      expect.objectContaining({ corrects_number: invoice?.number, net_cents: 1000, tax_cents: 230, total_cents: 1230 }),
      expect.objectContaining({ corrects_number: invoice?.number, net_cents: 500, tax_cents: 115, total_cents: 615 }),
    ]);
  });

  it('refuses an event with a bad, missing, stale or re-signed signature with 400, changing nothing', async () => {
    const { buyer, orderId, session } = await openCheckout();
    const event = sessionCompleted(session);
    const payload = JSON.stringify(event);
    const eventsBefore = await webhookEvents();
    const refusedBefore = await webhookCount('bad_signature');
    const queuedBefore = await webhookCount('queued');
    const attempts = [
      ['another secret', await postWebhook(t.app, payload, sign(payload, { secret: 'whsec_someone_else' }))],
      ['no header', await postWebhook(t.app, payload, null)],
      ['garbage header', await postWebhook(t.app, payload, 'not-a-signature')],
      ['empty header', await postWebhook(t.app, payload, '')],
      [
        'body changed after signing',
        await postWebhook(
          t.app,
          payload.replace(`"amount_total":${String(session.amount)}`, '"amount_total":1'),
          sign(payload),
        ),
      ],
      [
        'signed ten minutes ago',
        await postWebhook(t.app, payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 })),
      ],
    ] as const;
    for (const [why, res] of attempts) {
      expect(res.statusCode, why).toBe(400);
      expect(res.json(), why).toMatchObject({ error: billingMessages.webhookSignature, code: 'INVALID_SIGNATURE' });
    }
    await t.app.queue.drain([STRIPE_EVENT_JOB]);
    expect(await webhookEvents()).toBe(eventsBefore);
    expect(await buyer.order(orderId)).toMatchObject({ status: 'pending' });
    expect((await buyer.account()).balances.tokens).toBe(0);

    // The forgeries did not burn the event's id: Stripe's own delivery of it still counts.
    const genuine = await deliver(t.app, event);
    expect(genuine.json()).toEqual({ received: true, duplicate: false });
    expect((await buyer.account()).balances.tokens).toBe(20);
    // GET /metrics counts each delivery by outcome, and the event handled by its type.
    expect((await webhookCount('bad_signature')) - refusedBefore).toBe(attempts.length);
    expect((await webhookCount('queued')) - queuedBefore).toBe(1);
    const handled = await t.app.metrics.payments.get();
    expect(handled.values).toContainEqual(
      expect.objectContaining({ labels: { type: 'checkout.session.completed', outcome: 'handled' } }),
    );
  });

  it('accepts but refuses to fulfil a session paid at another price, in another currency, or for no order of the portal', async () => {
    const { buyer, orderId, session } = await openCheckout({ type: 'development', quantity: 2 });
    const other = await openCheckout();
    for (const event of [
      sessionCompleted(session, { amount_total: 1 }),
      sessionCompleted(session, { amount_total: session.amount + 100 }),
      sessionCompleted(session, { currency: 'usd' }),
      // The order's reference on a session the portal never opened.
      sessionCompleted({ ...session, id: 'cs_test_not_ours' }),
      // The session of one order claiming to be another's.
      sessionCompleted({ ...other.session, orderId }),
      sessionCompleted({ ...session, orderId: other.orderId }),
    ]) {
      const res = await deliver(t.app, event);
      expect(res.statusCode, JSON.stringify(event.data.object)).toBe(200);
      expect(res.json()).toEqual({ received: true, duplicate: false });
    }
    expect(await buyer.order(orderId)).toMatchObject({ status: 'pending' });
    expect(await other.buyer.order(other.orderId)).toMatchObject({ status: 'pending' });
    expect((await buyer.account()).balances.development).toBe(0);
    expect((await other.buyer.account()).balances.tokens).toBe(0);

    // Refusals do not close the order: the right payment still goes through.
    await deliver(t.app, sessionCompleted(session));
    expect(await buyer.order(orderId)).toMatchObject({ status: 'paid' });
    expect((await buyer.account()).balances.development).toBe(2);
  });

  it('waits for a delayed payment (payment_status unpaid) and fulfils on async_payment_succeeded', async () => {
    const { buyer, orderId, session } = await openCheckout({ type: 'consultation', pack: 'basic' });
    await deliver(t.app, sessionCompleted(session, { payment_status: 'unpaid' }));
    expect(await buyer.order(orderId)).toMatchObject({ status: 'pending' });
    expect((await buyer.account()).balances.consultation).toBe(0);
    await deliver(t.app, sessionCompleted(session, {}, 'checkout.session.async_payment_succeeded'));
    expect(await buyer.order(orderId)).toMatchObject({ status: 'paid' });
    expect((await buyer.account()).balances.consultation).toBe(3);
  });

  it("closes an order on checkout.session.expired and gives its coupon's redemption back", async () => {
    await addCode('LASTONE', 50, { maxRedemptions: 1 });
    const { buyer, orderId, session } = await openCheckout({ type: 'tokens', pack: 'small', couponCode: 'LASTONE' });
    const anon = { origin: testOrigin, 'content-type': 'application/json' };
    const validate = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/coupons/validate',
        headers: anon,
        payload: { code: 'LASTONE' },
      });
    expect((await validate()).statusCode).toBe(404);

    const res = await deliver(
      t.app,
      stripeEvent('checkout.session.expired', {
        id: session.id,
        object: 'checkout.session',
        status: 'expired',
        payment_status: 'unpaid',
        client_reference_id: orderId,
        amount_total: session.amount,
        currency: 'eur',
      }),
    );
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await buyer.order(orderId)).toMatchObject({ status: 'expired' });
    expect((await validate()).statusCode).toBe(200);
    const [coupon] = await t.app.db.select().from(billingCoupons).where(eq(billingCoupons.code, 'LASTONE'));
    expect(coupon?.redemptions).toBe(0);

    // A completion arriving for the closed order pays nothing.
    await deliver(t.app, sessionCompleted(session));
    expect(await buyer.order(orderId)).toMatchObject({ status: 'expired' });
    expect((await buyer.account()).balances.tokens).toBe(0);
  });

  it('runs a Stripe subscription: plan and key tier on completion, renewal, cancel at period end, then Free', async () => {
    const { buyer, orderId, session, keyTier } = await subscribeWithKey({ priceId: 'price_test_pro_monthly' });
    expect(session.amount).toBe(12177); // 99 EUR + 23% VAT
    const completed = await deliver(t.app, subscriptionCompleted(session, 'sub_123'));
    expect(completed.json()).toEqual({ received: true, duplicate: false });
    expect(await buyer.order(orderId)).toMatchObject({ status: 'paid', plan: 'pro' });
    const account = await buyer.account();
    expect(account).toMatchObject({
      plan: 'pro',
      period: 'monthly',
      status: 'active',
      key_tier: 'premium',
      cancel_at_period_end: false,
      provider: 'stripe',
    });
    expect(await keyTier()).toBe('premium');
    const firstRenewal = account.renews_at;

    // The first invoice (the subscription's creation) moves nothing.
    const periodEnd = (days: number) => Math.floor((Date.now() + days * 24 * 3600 * 1000) / 1000);
    const invoice = (reason: string, end: number, shape: 'old' | 'new' = 'old') =>
      stripeEvent('invoice.paid', {
        id: `in_${randomBytes(8).toString('hex')}`,
        object: 'invoice',
        billing_reason: reason,
        status: 'paid',
        ...(shape === 'old'
          ? { subscription: 'sub_123' }
          : { parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_123' } } }),
        lines: { object: 'list', data: [{ id: 'il_1', period: { start: periodEnd(0), end } }] },
      });
    await deliver(t.app, invoice('subscription_create', periodEnd(90)));
    expect((await buyer.account()).renews_at).toBe(firstRenewal);

    const cycleEnd = periodEnd(61);
    await deliver(t.app, invoice('subscription_cycle', cycleEnd));
    expect((await buyer.account()).renews_at).toBe(new Date(cycleEnd * 1000).toISOString());
    // The newer API versions name the subscription under parent.subscription_details.
    const laterEnd = periodEnd(92);
    await deliver(t.app, invoice('subscription_cycle', laterEnd, 'new'));
    expect((await buyer.account()).renews_at).toBe(new Date(laterEnd * 1000).toISOString());

    const updated = (cancel: boolean) =>
      stripeEvent('customer.subscription.updated', {
        id: 'sub_123',
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: cancel,
      });
    await deliver(t.app, updated(true));
    expect(await buyer.account()).toMatchObject({ plan: 'pro', cancel_at_period_end: true, key_tier: 'premium' });
    await deliver(t.app, updated(false));
    expect((await buyer.account()).cancel_at_period_end).toBe(false);

    await deliver(
      t.app,
      stripeEvent('invoice.payment_failed', { id: 'in_failed', object: 'invoice', subscription: 'sub_123' }),
    );
    expect(await buyer.account()).toMatchObject({ plan: 'pro', status: 'past_due' });

    await deliver(
      t.app,
      stripeEvent('customer.subscription.deleted', { id: 'sub_123', object: 'subscription', status: 'canceled' }),
    );
    expect(await buyer.account()).toMatchObject({
      plan: 'free',
      key_tier: 'standard',
      renews_at: null,
      status: null,
    });
    expect(await keyTier()).toBe('standard');
  });

  it('cancels a Stripe subscription at the end of its period on Stripe too, once', async () => {
    const { buyer, session } = await subscribeWithKey({ plan: 'starter', period: 'monthly' });
    await deliver(t.app, subscriptionCompleted(session, 'sub_456'));
    expect((await buyer.account()).plan).toBe('starter');

    const res = await buyer.call('POST', '/subscriptions/cancel');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ plan: 'starter', cancel_at_period_end: true });
    const calls = stripeApi.requestsTo('POST', '/v1/subscriptions/sub_456');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.form).toEqual({ cancel_at_period_end: 'true' });
    expect(calls[0]?.headers.authorization).toBe('Bearer sk_test_x');

    // Cancelled already: Stripe is not asked again.
    const again = await buyer.call('POST', '/subscriptions/cancel');
    expect(again.statusCode).toBe(200);
    expect(stripeApi.requestsTo('POST', '/v1/subscriptions/sub_456')).toHaveLength(1);
  });

  it('stops the old Stripe subscription when a plan change replaces it (else Stripe bills both)', async () => {
    const { buyer, session } = await subscribeWithKey({ plan: 'pro', period: 'monthly' });
    await deliver(t.app, subscriptionCompleted(session, 'sub_old'));
    const change = await buyer.subscribe({ plan: 'pro', period: 'yearly' });
    expect(change.statusCode, change.body).toBe(200);
    const { url, orderId } = change.json<{ url: string; orderId: string }>();
    const order = await buyer.order(orderId);
    await deliver(t.app, subscriptionCompleted({ id: sessionOf(url), orderId, amount: order.total_cents }, 'sub_new'));
    expect(await buyer.account()).toMatchObject({ plan: 'pro', period: 'yearly', key_tier: 'premium' });

    // Stripe is told to stop billing the replaced subscription (a queued, retried job).
    await t.app.queue.drain(['billing.cancel-replaced']);
    const stopped = stripeApi.requests.filter(
      (r) =>
        r.path === '/v1/subscriptions/sub_old' &&
        (r.method === 'DELETE' || (r.method === 'POST' && r.form.cancel_at_period_end === 'true')),
    );
    expect(stopped.length, 'requests ending sub_old on Stripe').toBe(1);

    // When Stripe ends the old one, the new plan stays.
    await deliver(
      t.app,
      stripeEvent('customer.subscription.deleted', { id: 'sub_old', object: 'subscription', status: 'canceled' }),
    );
    expect(await buyer.account()).toMatchObject({ plan: 'pro', period: 'yearly', key_tier: 'premium' });
  });

  it('keeps an order open while Stripe collects its delayed payment, past the checkout window', async () => {
    const { buyer, orderId, session } = await openCheckout({ type: 'tokens', pack: 'small' });
    // Completed with a delayed method (SEPA Direct Debit: days): Stripe will not send checkout.session.expired.
    await deliver(t.app, sessionCompleted(session, { payment_status: 'unpaid' }));
    await t.app.db
      .update(billingOrders)
      .set({ expiresAt: new Date(Date.now() - 2 * 3600 * 1000) })
      .where(eq(billingOrders.id, orderId));
    await t.app.billing.expireOverdue();
    expect((await buyer.order(orderId)).status, 'after expireOverdue').toBe('pending');

    await deliver(t.app, sessionCompleted(session, {}, 'checkout.session.async_payment_succeeded'));
    expect(await buyer.order(orderId)).toMatchObject({ status: 'paid' });
    expect((await buyer.account()).balances.tokens).toBe(5);
  });

  it("keeps the subscription uncancelled when Stripe refuses the cancellation, without passing Stripe's words on", async () => {
    const { buyer, session } = await subscribeWithKey({ plan: 'enterprise', period: 'monthly' });
    await deliver(t.app, subscriptionCompleted(session, 'sub_789'));
    const refusals = [
      { status: 500, error: { type: 'api_error', message: 'Something went wrong on our end.' } },
      // Ended on Stripe's side (the dashboard) before its customer.subscription.deleted arrived.
      {
        status: 404,
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'id',
          message: "No such subscription: 'sub_789'",
        },
      },
    ];
    for (const { status, error } of refusals) {
      stripeApi.fail('POST', '/v1/subscriptions/sub_789', status, error);
      const res = await buyer.call('POST', '/subscriptions/cancel');
      stripeApi.recover();
      expect(res.statusCode, `Stripe answered ${String(status)}`).toBeGreaterThanOrEqual(400);
      expect(res.body, `Stripe answered ${String(status)}`).not.toContain(error.message);
      expect(await buyer.account()).toMatchObject({ plan: 'enterprise', cancel_at_period_end: false });
    }
  });
  it('remembers the Stripe customer of a checkout: the next checkout and the customer portal use it', async () => {
    const { user, buyer, orderId, session } = await openCheckout({ type: 'tokens', pack: 'small' });
    expect((await buyer.account()).customer_portal).toBe(false);
    const billingPage = `${testOrigin}/account/billing`;
    const none = await buyer.call('POST', '/customer-portal', { returnUrl: billingPage });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ error: billingMessages.noStripeCustomer, code: 'NO_STRIPE_CUSTOMER' });

    await deliver(t.app, sessionCompleted(session, { customer: 'cus_Nuvem1' }));
    expect(await buyer.order(orderId)).toMatchObject({ status: 'paid' });
    expect((await buyer.account()).customer_portal).toBe(true);

    const next = await buyer.checkout({ type: 'consultation', pack: 'basic' });
    expect(next.statusCode, next.body).toBe(200);
    const form = lastRequest('POST', '/v1/checkout/sessions').form;
    expect(form.customer).toBe('cus_Nuvem1');
    expect(form.customer_email).toBeUndefined();
    expect(form.customer_creation).toBeUndefined();

    const portal = await buyer.call('POST', '/customer-portal', { returnUrl: billingPage });
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json<{ url: string }>().url).toMatch(new RegExp(`^${stripeApi.url}/p/session/bps_test_`));
    expect(lastRequest('POST', '/v1/billing_portal/sessions').form).toEqual({
      customer: 'cus_Nuvem1',
      return_url: billingPage,
    });
    for (const returnUrl of ['https://evil.example/account/billing', `${testOrigin}/pricing`, 'nope']) {
      const bad = await buyer.call('POST', '/customer-portal', { returnUrl });
      expect(bad.statusCode, returnUrl).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'INVALID_RETURN_URL' });
    }
    // Another account has no customer of its own, and never this one's.
    const other = client(t.app, await registerUser(t.app));
    expect((await other.call('POST', '/customer-portal', { returnUrl: billingPage })).statusCode).toBe(409);
    const anon = await paymentsClient(t.app, null).call('POST', '/customer-portal', { returnUrl: billingPage });
    expect(anon.statusCode).toBe(401);
    expect(user.id).toBeTruthy();
  });

  it("leaves the VAT to Stripe Tax when configured, and checks the amount before Stripe's tax", async () => {
    const stripe = t.app.config.payments.stripe;
    if (!stripe) throw new Error('Stripe is not configured');
    stripe.automaticTax = true;
    try {
      const { buyer, orderId, session } = await openCheckout({ type: 'development', quantity: 1 });
      const form = lastRequest('POST', '/v1/checkout/sessions').form;
      expect(form).toMatchObject({
        'automatic_tax[enabled]': 'true',
        'line_items[0][price_data][unit_amount]': '9000',
        'line_items[0][price_data][tax_behavior]': 'exclusive',
        billing_address_collection: 'required',
        'tax_id_collection[enabled]': 'true',
      });
      expect(form['line_items[0][tax_rates][0]']).toBeUndefined();
      const order = await buyer.order(orderId);
      expect(order).toMatchObject({ net_cents: 9000, tax_cents: 2070 });

      // Stripe charged German VAT (19%) on the same net: accepted. Another net: refused.
      const stripeTax = (net: number, tax: number) =>
        sessionCompleted(
          { ...session, amount: net + tax },
          {
            automatic_tax: { enabled: true, status: 'complete' },
            total_details: { amount_tax: tax, amount_discount: 0 },
          },
        );
      await deliver(t.app, stripeTax(8000, 1520));
      expect(await buyer.order(orderId)).toMatchObject({ status: 'pending' });
      await deliver(t.app, stripeTax(9000, 1710));
      expect(await buyer.order(orderId)).toMatchObject({ status: 'paid' });
      expect((await buyer.account()).balances.development).toBe(1);
    } finally {
      stripe.automaticTax = false;
    }
  });
});

describe(`the Stripe webhook without Stripe (the sandbox), on ${testDriver}`, () => {
  const t = useTestApp();

  it('answers 404, signed or not', async () => {
    const payload = JSON.stringify(stripeEvent('checkout.session.completed', { id: 'cs_test_x' }));
    for (const signature of [sign(payload), null]) {
      const res = await postWebhook(t.app, payload, signature);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toMatchObject({
      provider: 'sandbox',
    });
  });

  it('has no customer portal: 409 CUSTOMER_PORTAL_UNAVAILABLE', async () => {
    const buyer = client(t.app, await registerUser(t.app));
    const res = await buyer.call('POST', '/customer-portal', { returnUrl: `${testOrigin}/account/billing` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: billingMessages.customerPortalUnavailable,
      code: 'CUSTOMER_PORTAL_UNAVAILABLE',
    });
  });
});
