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

    const sent = stripeApi.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/checkout/sessions']);
    const request = sent[0];
    if (!request) throw new Error('no request');
    expect(request.headers.authorization).toBe('Bearer sk_test_x');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.headers['idempotency-key']).toBe(`checkout-${orderId}`);
    expect(request.headers['stripe-version']).toBeTruthy();
    expect(request.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '5000',
      'line_items[0][price_data][product_data][name]': 'Tokens Extra: pack Medium (20M tokens)',
      client_reference_id: orderId,
      customer_email: user.email,
      'metadata[order_id]': orderId,
      'metadata[user_id]': user.id,
      'payment_intent_data[metadata][order_id]': orderId,
      success_url: `${testOrigin}/success?order=${orderId}`,
      cancel_url: `${testOrigin}/pricing`,
    });
    expect(Object.keys(request.form).filter((key) => key.startsWith('discounts'))).toEqual([]);
    // The session ends with the order's checkout window (PAYMENTS_CHECKOUT_TTL_MINUTES).
    const expiresIn = Number(request.form.expires_at) * 1000 - Date.now();
    expect(expiresIn).toBeGreaterThan(t.app.config.payments.checkoutTtlMinutes * 60_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(t.app.config.payments.checkoutTtlMinutes * 60_000);

    expect(url).toMatch(new RegExp(`^${stripeApi.url}/c/pay/cs_test_\\d+$`));
    expect(await buyer.order(orderId)).toMatchObject({
      status: 'pending',
      provider: 'stripe',
      total_cents: 5000,
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
    expect(stripeApi.requests.slice(before).map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
    expect(lastRequest('POST', '/v1/checkout/sessions').form).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '4500',
      client_reference_id: orderId,
    });
    expect(await buyer.order(orderId)).toMatchObject({
      coupon_code: 'ADDON10',
      subtotal_cents: 5000,
      discount_cents: 500,
      total_cents: 4500,
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
    expect(stripeApi.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
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
    expect(url).toBe(`${stripeApi.url}/c/pay/${sessionOf(url)}`);
    expect(await buyer.order(orderId)).toMatchObject({
      kind: 'subscription',
      plan: 'pro',
      period: 'monthly',
      total_cents: 6930,
      status: 'pending',
    });
    const [coupon] = await t.app.db.select().from(billingCoupons).where(eq(billingCoupons.code, 'LAUNCH30'));
    expect(coupon?.stripeCouponId).toBe('LAUNCH30');

    // The next buyer's checkout uses the stored mirror: no coupon call at all.
    const next = client(t.app, await registerUser(t.app));
    const mark = stripeApi.requests.length;
    const second = await next.subscribe({ plan: 'enterprise', period: 'yearly', couponCode: 'LAUNCH30' });
    expect(second.statusCode, second.body).toBe(200);
    expect(stripeApi.requests.slice(mark).map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
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
    expect(stripeApi.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/coupons/ALREADY',
      'POST /v1/checkout/sessions',
    ]);
  });

  it('mirrors a coupon at creation when the coupons CLI runs with Stripe configured', async () => {
    const stripe = createStripeProvider(
      createStripeClient(t.app.config.payments.stripe ?? { secretKey: '', webhookSecret: null, apiUrl: null }),
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
    const attempts = stripeApi.requests.slice(before);
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

  it('pays an add-on once on checkout.session.completed: a replay or a second event for the session credits nothing', async () => {
    const { buyer, orderId, session } = await openCheckout();
    expect(session.amount).toBe(5000);
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

  it('refuses an event with a bad, missing, stale or re-signed signature with 400, changing nothing', async () => {
    const { buyer, orderId, session } = await openCheckout();
    const event = sessionCompleted(session);
    const payload = JSON.stringify(event);
    const eventsBefore = await webhookEvents();
    const attempts = [
      ['another secret', await postWebhook(t.app, payload, sign(payload, { secret: 'whsec_someone_else' }))],
      ['no header', await postWebhook(t.app, payload, null)],
      ['garbage header', await postWebhook(t.app, payload, 'not-a-signature')],
      ['empty header', await postWebhook(t.app, payload, '')],
      [
        'body changed after signing',
        await postWebhook(t.app, payload.replace('"amount_total":5000', '"amount_total":1'), sign(payload)),
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
    expect(session.amount).toBe(9900);
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
});
