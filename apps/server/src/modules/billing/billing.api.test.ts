import { billingMessages, pricingMessages, type Order } from '@nuvem/contracts/billing';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.js';
import { billingCoupons } from '../../db/schema/billing-coupons.js';
import { billingOrders } from '../../db/schema/billing-orders.js';
import { billingSubscriptions } from '../../db/schema/billing-subscriptions.js';
import {
  // Buyers need a verified address (403 EMAIL_NOT_VERIFIED otherwise).
  registerVerifiedUser as registerUser,
  settleJobs,
  testDriver,
  testOrigin,
  useTestApp,
  type TestUser,
} from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { createBillingRepository } from './billing.repository.js';
import { addCoupon, type NewCoupon } from './coupons.js';
import { addTestCoupon, paymentsClient } from './billing.testing.js';
import { createSandboxProvider } from './providers/sandbox.js';

const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ana Lima' };
const declinedCard = { ...goodCard, cardNumber: '4000 0000 0000 0002' };

/** The Payments API as `user` calls it, and a purchase paid with the sandbox's good card. */
function client(app: App, user: TestUser | null) {
  const payments = paymentsClient(app, user);
  return {
    ...payments,
    /** Opens a checkout and pays it with the test card that succeeds. */
    async buy(kind: 'addon' | 'plan', body: object) {
      const res = kind === 'addon' ? await payments.checkout(body) : await payments.subscribe(body);
      expect(res.statusCode, res.body).toBe(200);
      const { url, orderId } = res.json<{ url: string; orderId: string }>();
      const session = url.split('/').pop() ?? '';
      const paid = await payments.call('POST', `/sandbox/sessions/${session}/pay`, goodCard);
      expect(paid.statusCode, paid.body).toBe(200);
      return orderId;
    },
  };
}

const withPlanQuotas = (config: Partial<AppConfig> = {}) => ({
  config: {
    ...config,
    payments: {
      provider: 'sandbox' as const,
      currency: 'eur' as const,
      checkoutTtlMinutes: 60,
      priceIds: {
        free: { monthly: 'price_sandbox_free_monthly' },
        starter: { monthly: 'price_sandbox_starter_monthly', yearly: 'price_sandbox_starter_yearly' },
        pro: { monthly: 'price_sandbox_pro_monthly', yearly: 'price_sandbox_pro_yearly' },
        enterprise: { monthly: 'price_sandbox_enterprise_monthly', yearly: 'price_sandbox_enterprise_yearly' },
      },
      stripe: null,
      planQuotas: true,
      seedDemoCoupon: false,
      seller: { name: 'Nuvem', address: 'Lisboa, Portugal', country: 'PT', vatNumber: null, email: null },
    },
  },
});

describe(`pricing and coupons, on ${testDriver}`, () => {
  const t = useTestApp();
  const addCode = (code: string, percentOff: number, extra: Partial<NewCoupon> = {}) =>
    addTestCoupon(t.app, code, percentOff, extra);

  it('quotes a custom quantity at the graduated bands, coupon last, for anybody', async () => {
    await addCode('TEN', 10);
    const res = await client(t.app, null).call('POST', '/payments/pricing/calculate', {
      type: 'tokens',
      quantity: 26,
      couponCode: ' ten ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      currency: 'eur',
      description: 'Tokens Extra: 26M tokens',
      subtotalCents: 10 * 300 + 15 * 280 + 260,
      percentOff: 10,
      discountCents: 746,
      totalCents: 7460 - 746,
      lines: [
        { from: 1, to: 10, units: 10, unitCents: 300, amountCents: 3000 },
        { from: 11, to: 25, units: 15, unitCents: 280, amountCents: 4200 },
        { from: 26, to: 26, units: 1, unitCents: 260, amountCents: 260 },
      ],
    });
  });

  it('refuses quantities outside the sliders and unknown packs with 400, never a 500', async () => {
    const anon = client(t.app, null);
    for (const body of [
      { type: 'tokens', quantity: 0 },
      { type: 'tokens', quantity: 501 },
      { type: 'consultation', quantity: 101 },
      { type: 'development', quantity: 2.5 },
      { type: 'tokens', pack: 'huge' },
      { type: 'gold', quantity: 1 },
      {},
    ]) {
      const res = await anon.call('POST', '/payments/pricing/calculate', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('validates a coupon upper-cased, and refuses an unknown, expired, disabled or used-up one with the spec text', async () => {
    await addCode('SPRING20', 20, { description: 'Spring sale' });
    const anon = client(t.app, null);
    const ok = await anon.call('POST', '/coupons/validate', { code: 'spring20' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      valid: true,
      code: 'SPRING20',
      percentOff: 20,
      description: 'Spring sale',
      plan: null,
    });

    await addCode('OLD', 50);
    await t.app.db
      .update(billingCoupons)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(billingCoupons.code, 'OLD'));
    await addCode('OFF', 50);
    await t.app.db.update(billingCoupons).set({ disabledAt: new Date() }).where(eq(billingCoupons.code, 'OFF'));
    await addCode('GONE', 50, { maxRedemptions: 1 });
    await t.app.db.update(billingCoupons).set({ redemptions: 1 }).where(eq(billingCoupons.code, 'GONE'));
    for (const code of ['NOPE', 'old', 'OFF', 'GONE']) {
      const res = await anon.call('POST', '/coupons/validate', { code });
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toMatchObject({ error: pricingMessages.couponInvalid, code: 'INVALID_COUPON' });
    }
    const blank = await anon.call('POST', '/coupons/validate', { code: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(pricingMessages.couponEmpty);
  });

  it("keeps a plan's coupon to that plan's subscription", async () => {
    await addCode('PROONLY', 30, { plan: 'pro' });
    const anon = client(t.app, null);
    expect((await anon.call('POST', '/coupons/validate', { code: 'PROONLY' })).json()).toMatchObject({ plan: 'pro' });
    const wrong = await anon.call('POST', '/coupons/validate', { code: 'PROONLY', plan: 'starter' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: billingMessages.couponPlan });
    const addon = await anon.call('POST', '/payments/pricing/calculate', {
      type: 'tokens',
      quantity: 5,
      couponCode: 'PROONLY',
    });
    expect(addon.statusCode).toBe(400);
    const plan = await anon.call('POST', '/payments/pricing/calculate', {
      plan: 'pro',
      period: 'monthly',
      couponCode: 'PROONLY',
    });
    expect(plan.json()).toMatchObject({ subtotalCents: 9900, discountCents: 2970, totalCents: 6930 });
  });

  it('gives the last redemption of a coupon to one of two buyers racing for it', async () => {
    await addCode('LAST', 25, { maxRedemptions: 1 });
    const [a, b] = [client(t.app, await registerUser(t.app)), client(t.app, await registerUser(t.app))];
    const results = await Promise.all([
      a.checkout({ type: 'tokens', pack: 'small', couponCode: 'LAST' }),
      b.checkout({ type: 'tokens', pack: 'small', couponCode: 'LAST' }),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 404]);
    const [coupon] = await t.app.db.select().from(billingCoupons).where(eq(billingCoupons.code, 'LAST'));
    expect(coupon?.redemptions).toBe(1);
    const orders = await t.app.db.select().from(billingOrders).where(eq(billingOrders.couponCode, 'LAST'));
    expect(orders).toHaveLength(1);
  });

  it('lets one user hold one redemption of a coupon: a new checkout with it closes the earlier one', async () => {
    await addCode('HOLD', 15, { maxRedemptions: 2 });
    const buyer = client(t.app, await registerUser(t.app));
    for (let i = 0; i < 5; i += 1) {
      expect((await buyer.checkout({ type: 'tokens', pack: 'small', couponCode: 'HOLD' })).statusCode).toBe(200);
    }
    const [coupon] = await t.app.db.select().from(billingCoupons).where(eq(billingCoupons.code, 'HOLD'));
    expect(coupon?.redemptions).toBe(1);
    const other = client(t.app, await registerUser(t.app));
    expect((await other.checkout({ type: 'tokens', pack: 'small', couponCode: 'HOLD' })).statusCode).toBe(200);
  });

  it('limits coupon guesses through quotes too', async () => {
    const anon = client(t.app, null);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/payments/pricing/calculate',
        remoteAddress: '198.51.100.77',
        payload: { type: 'tokens', quantity: 1, couponCode: `GUESS${String(i)}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // Without a coupon a quote is not limited.
    expect((await anon.call('POST', '/payments/pricing/calculate', { type: 'tokens', quantity: 1 })).statusCode).toBe(
      200,
    );
  });

  it('gives an expired checkout’s redemption back', async () => {
    await addCode('BACK', 25, { maxRedemptions: 1 });
    const buyer = client(t.app, await registerUser(t.app));
    const res = await buyer.checkout({ type: 'tokens', pack: 'small', couponCode: 'BACK' });
    const { orderId } = res.json<{ orderId: string }>();
    await t.app.db
      .update(billingOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(billingOrders.id, orderId));
    expect(await t.app.billing.expireOverdue()).toBeGreaterThanOrEqual(1);
    expect((await buyer.order(orderId)).status).toBe('expired');
    expect((await client(t.app, null).call('POST', '/coupons/validate', { code: 'BACK' })).statusCode).toBe(200);
  });
});

describe(`checkout and fulfilment on the sandbox, on ${testDriver}`, () => {
  const t = useTestApp();

  it('refuses a signed-out purchase with 401 and the spec text', async () => {
    const anon = client(t.app, null);
    for (const res of [
      await anon.checkout({ type: 'tokens', pack: 'small' }),
      await anon.subscribe({ plan: 'pro', period: 'monthly' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: pricingMessages.signInRequired });
    }
  });

  it('prices on the server: a price sent by the client is ignored', async () => {
    const buyer = client(t.app, await registerUser(t.app));
    const res = await buyer.checkout({
      type: 'development',
      quantity: 9,
      price: 1,
      amount: 1,
      totalCents: 1,
      unit_amount: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = await buyer.order(res.json<{ orderId: string }>().orderId);
    // The bands' price, then VAT on top (no billing details yet: the seller's country, PT, 23%).
    expect(order).toMatchObject({
      subtotal_cents: 8 * 9000 + 8500,
      net_cents: 80500,
      tax_rate_bp: 2300,
      tax_cents: 18515,
      tax_treatment: 'domestic',
      total_cents: 80500 + 18515,
      status: 'pending',
      quantity: 9,
    });
  });

  it("refuses return addresses other than the portal's own /success and /pricing", async () => {
    const buyer = client(t.app, await registerUser(t.app));
    for (const urls of [
      { successUrl: 'https://evil.example/success' },
      { cancelUrl: 'https://evil.example/pricing' },
      { successUrl: `${testOrigin}/profile` },
      { successUrl: `${testOrigin.replace('http:', 'https:')}/success` },
      { successUrl: 'javascript:alert(1)' },
      { successUrl: `${testOrigin}/success?from=x#frag` },
      { cancelUrl: `${testOrigin}/pricing#x` },
      { successUrl: `http://user:pw@${new URL(testOrigin).host}/success` },
    ]) {
      const res = await buyer.checkout({ type: 'tokens', pack: 'small', ...urls });
      expect(res.statusCode, JSON.stringify(urls)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_RETURN_URL' });
    }
    expect((await buyer.call('GET', '/orders')).json<{ orders: unknown[] }>().orders).toEqual([]);
  });

  it('declines the declined test card (the order stays open), then pays with the good one, exactly once', async () => {
    const buyer = client(t.app, await registerUser(t.app));
    const res = await buyer.checkout({ type: 'tokens', pack: 'medium' });
    const { url, orderId } = res.json<{ url: string; orderId: string }>();
    expect(url).toMatch(new RegExp(`^${testOrigin}/checkout/sandbox/cs_sandbox_`));
    const session = url.split('/').pop() ?? '';
    const view = await buyer.call('GET', `/sandbox/sessions/${session}`);
    expect(view.json()).toMatchObject({
      order_id: orderId,
      subtotal_cents: 5000,
      net_cents: 5000,
      tax_rate_bp: 2300,
      tax_cents: 1150,
      tax_treatment: 'domestic',
      total_cents: 6150,
      status: 'pending',
    });

    const declined = await buyer.call('POST', `/sandbox/sessions/${session}/pay`, declinedCard);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ error: 'Your card was declined.', code: 'card_declined' });
    expect((await buyer.account()).balances.tokens).toBe(0);

    const paid = await buyer.call('POST', `/sandbox/sessions/${session}/pay`, goodCard);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ url: `${testOrigin}/success?order=${orderId}` });
    const again = await buyer.call('POST', `/sandbox/sessions/${session}/pay`, goodCard);
    expect(again.statusCode).toBe(409);
    // Fulfilment called twice more (a replay) credits nothing.
    expect(await t.app.billing.fulfil(orderId, { providerRef: null, receiptUrl: null })).toBeNull();
    expect((await buyer.account()).balances.tokens).toBe(20);
    expect(await buyer.order(orderId)).toMatchObject({ status: 'paid', net_cents: 5000, total_cents: 6150 });
  });

  it("closes the order when the buyer cancels the sandbox checkout, giving the coupon's redemption back", async () => {
    const buyer = client(t.app, await registerUser(t.app));
    const { url, orderId } = (await buyer.checkout({ type: 'tokens', pack: 'small' })).json<{
      url: string;
      orderId: string;
    }>();
    const session = url.split('/').pop() ?? '';
    const other = client(t.app, await registerUser(t.app));
    expect((await other.call('POST', `/sandbox/sessions/${session}/cancel`)).statusCode).toBe(404);
    const cancelled = await buyer.call('POST', `/sandbox/sessions/${session}/cancel`);
    expect(cancelled.json()).toEqual({ url: `${testOrigin}/pricing` });
    expect(await buyer.order(orderId)).toMatchObject({ status: 'expired', failure_reason: 'cancelled by the buyer' });
    expect((await buyer.call('POST', `/sandbox/sessions/${session}/pay`, goodCard)).statusCode).toBe(409);
  });

  it('refuses cards the sandbox does not know, incomplete ones and expired ones with clear errors', async () => {
    const buyer = client(t.app, await registerUser(t.app));
    const { url } = (await buyer.checkout({ type: 'consultation', pack: 'basic' })).json<{ url: string }>();
    const session = url.split('/').pop() ?? '';
    for (const [card, status, code] of [
      [{ cardNumber: '4242' }, 400, 'incomplete_number'],
      [{ cardNumber: '4242 4242 4242 4241' }, 400, 'incorrect_number'],
      [{ expiry: '01/20' }, 400, 'expired_card'],
      [{ expiry: '13/40' }, 400, 'invalid_expiry'],
      [{ cvc: '1' }, 400, 'incomplete_cvc'],
      [{ cardNumber: '4012 8888 8888 1881' }, 402, 'test_mode_live_card'],
    ] as const) {
      const res = await buyer.call('POST', `/sandbox/sessions/${session}/pay`, { ...goodCard, ...card });
      expect(res.statusCode, JSON.stringify(card)).toBe(status);
      expect(res.json()).toMatchObject({ code });
    }
    expect((await buyer.account()).balances.consultation).toBe(0);
  });

  it('credits hours, keeps the balance per user, and lists orders newest first', async () => {
    const buyer = client(t.app, await registerUser(t.app));
    const other = client(t.app, await registerUser(t.app));
    await buyer.buy('addon', { type: 'consultation', quantity: 7 });
    await buyer.buy('addon', { type: 'development', pack: 'growth' });
    expect((await buyer.account()).balances).toEqual({ tokens: 0, consultation: 7, development: 15 });
    expect((await other.account()).balances).toEqual({ tokens: 0, consultation: 0, development: 0 });
    const { orders } = (await buyer.call('GET', '/orders')).json<{ orders: Order[] }>();
    expect(orders.map((o) => o.addon_type)).toEqual(['development', 'consultation']);
    expect((await other.call('GET', '/orders')).json<{ orders: Order[] }>().orders).toEqual([]);
    expect((await other.call('GET', `/orders/${orders[0]?.id ?? ''}`)).statusCode).toBe(404);
  });

  it('pays a 100% coupon at once, with no card', async () => {
    await addCoupon(createBillingRepository(t.app.db), createSandboxProvider(new URL(testOrigin)), {
      code: 'FREEBIE',
      percentOff: 100,
      description: 'on the house',
      expiresAt: null,
      maxRedemptions: null,
      plan: null,
    });
    const buyer = client(t.app, await registerUser(t.app));
    const res = await buyer.checkout({ type: 'tokens', quantity: 3, couponCode: 'FREEBIE' });
    const { url, orderId } = res.json<{ url: string; orderId: string }>();
    expect(url).toBe(`${testOrigin}/success?order=${orderId}`);
    expect(await buyer.order(orderId)).toMatchObject({
      status: 'paid',
      net_cents: 0,
      tax_cents: 0,
      total_cents: 0,
      discount_cents: 900,
    });
    expect((await buyer.account()).balances.tokens).toBe(3);
  });

  it('subscribes by price id: the plan, its renewal date and its API-key tier, on every key the user holds', async () => {
    const user = await registerUser(t.app);
    const buyer = client(t.app, user);
    const headers = { origin: testOrigin, cookie: `nuvem_session=${user.cookie}` };
    const application = await t.app.inject({ method: 'POST', url: '/applications', headers, payload: { name: 'app' } });
    const applicationId = application.json<{ application: { id: string } }>().application.id;
    const before = await t.app.inject({
      method: 'POST',
      url: `/applications/${applicationId}/keys`,
      headers,
      payload: { name: 'before' },
    });
    expect(before.json()).toMatchObject({ apiKey: { rate_limit_tier: 'standard' } });

    expect(await buyer.account()).toMatchObject({ plan: 'free', key_tier: 'standard', renews_at: null });
    const orderId = await buyer.buy('plan', { priceId: 'price_sandbox_pro_yearly' });
    const account = await buyer.account();
    expect(account).toMatchObject({ plan: 'pro', period: 'yearly', status: 'active', key_tier: 'premium' });
    const renews = new Date(account.renews_at ?? 0).getTime();
    expect(renews - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    // 990 EUR a year, plus 23% VAT.
    expect(await buyer.order(orderId)).toMatchObject({
      net_cents: 99000,
      tax_cents: 22770,
      total_cents: 121770,
      plan: 'pro',
      period: 'yearly',
    });

    const keys = await t.app.inject({ method: 'GET', url: `/applications/${applicationId}/keys`, headers });
    expect(keys.json<{ keys: { rate_limit_tier: string }[] }>().keys.map((k) => k.rate_limit_tier)).toEqual([
      'premium',
    ]);
    const after = await t.app.inject({
      method: 'POST',
      url: `/applications/${applicationId}/keys`,
      headers,
      payload: { name: 'after' },
    });
    expect(after.json()).toMatchObject({ apiKey: { rate_limit_tier: 'premium' } });

    // The same plan and period again is refused; another period is a change.
    const same = await buyer.subscribe({ plan: 'pro', period: 'yearly' });
    expect(same.statusCode).toBe(409);
  });

  it('keeps one open checkout per plan purchase: the earlier one is closed, so a plan is never paid twice', async () => {
    const buyer = client(t.app, await registerUser(t.app));
    const first = (await buyer.subscribe({ plan: 'starter', period: 'yearly' })).json<{
      url: string;
      orderId: string;
    }>();
    const second = (await buyer.subscribe({ plan: 'starter', period: 'yearly' })).json<{ url: string }>();
    const pay = (url: string) => buyer.call('POST', `/sandbox/sessions/${url.split('/').pop() ?? ''}/pay`, goodCard);
    expect((await pay(first.url)).statusCode).toBe(409);
    expect(await buyer.order(first.orderId)).toMatchObject({ status: 'expired' });
    expect((await pay(second.url)).statusCode).toBe(200);
    const { orders } = (await buyer.call('GET', '/orders')).json<{ orders: Order[] }>();
    expect(orders.filter((o) => o.status === 'paid')).toHaveLength(1);
  });

  it('adds a period after the current one when a cancelled plan is bought again', async () => {
    const buyer = client(t.app, await registerUser(t.app));
    await buyer.buy('plan', { plan: 'starter', period: 'monthly' });
    const before = new Date((await buyer.account()).renews_at ?? 0).getTime();
    await buyer.call('POST', '/subscriptions/cancel');
    await buyer.buy('plan', { plan: 'starter', period: 'monthly' });
    const after = await buyer.account();
    expect(after).toMatchObject({ plan: 'starter', cancel_at_period_end: false });
    expect(new Date(after.renews_at ?? 0).getTime() - before).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it('refuses an unknown price, a price id of another plan, and the Free plan', async () => {
    const buyer = client(t.app, await registerUser(t.app));
    const unknown = await buyer.subscribe({ priceId: 'price_made_up' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_PRICE' });
    const mismatch = await buyer.subscribe({ priceId: 'price_sandbox_starter_monthly', plan: 'enterprise' });
    expect(mismatch.statusCode).toBe(400);
    const free = await buyer.subscribe({ plan: 'free', period: 'monthly' });
    expect(free.statusCode).toBe(400);
    expect(free.json()).toMatchObject({ code: 'FREE_PLAN' });
  });

  it('cancels at the end of the period: the plan stays until then, then Free and standard keys', async () => {
    const buyer = client(t.app, await registerUser(t.app));
    await buyer.buy('plan', { plan: 'enterprise', period: 'monthly' });
    const cancelled = await buyer.call('POST', '/subscriptions/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ plan: 'enterprise', cancel_at_period_end: true, key_tier: 'enterprise' });

    await t.app.db
      .update(billingSubscriptions)
      .set({ currentPeriodEnd: sql`now() - interval '1 minute'` })
      .where(eq(billingSubscriptions.plan, 'enterprise'));
    await t.app.billing.renewOrEnd();
    expect(await buyer.account()).toMatchObject({ plan: 'free', key_tier: 'standard', cancel_at_period_end: false });
    const none = await buyer.call('POST', '/subscriptions/cancel');
    expect(none.statusCode).toBe(409);
  });

  it('renews a sandbox subscription at the end of its period with a paid renewal order', async () => {
    const user = await registerUser(t.app);
    const buyer = client(t.app, user);
    await buyer.buy('plan', { plan: 'starter', period: 'monthly' });
    const first = await buyer.account();
    // A month later: the period (from the billing anchor) has just ended.
    const monthAgo = sql`now() - interval '1 month' - interval '1 minute'`;
    await t.app.db
      .update(billingSubscriptions)
      .set({ anchorAt: monthAgo, currentPeriodStart: monthAgo, currentPeriodEnd: sql`now() - interval '1 minute'` })
      .where(eq(billingSubscriptions.userId, user.id));
    await t.app.billing.renewOrEnd();
    const renewed = await buyer.account();
    expect(renewed).toMatchObject({ plan: 'starter', status: 'active' });
    expect(new Date(renewed.renews_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 28 * 24 * 3600 * 1000);
    expect(first.renews_at).not.toBeNull();
    const { orders } = (await buyer.call('GET', '/orders')).json<{ orders: Order[] }>();
    expect(orders.map((o) => o.status)).toEqual(['paid', 'paid']);
    expect(orders[0]?.description).toContain('renovação');
  });
});

describe(`what a plan unlocks: container quotas, on ${testDriver}`, () => {
  const t = useTestApp(withPlanQuotas());

  const create = async (user: TestUser, name: string, tier: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/containers',
      headers: { origin: testOrigin, authorization: `Bearer ${user.accessToken}` },
      payload: { name, tier },
    });
    await settleJobs(t.app);
    return res;
  };

  it('keeps Free to 3 small or medium containers with a clear 403, and Pro past both', async () => {
    const user = await registerUser(t.app);
    const large = await create(user, 'big-one', 'large');
    expect(large.statusCode).toBe(403);
    expect(large.json()).toMatchObject({ error: billingMessages.planTier('Free', 'large'), code: 'PLAN_LIMIT' });
    for (const name of ['one', 'two', 'three']) expect((await create(user, name, 'small')).statusCode).toBe(202);
    const fourth = await create(user, 'four', 'medium');
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toMatchObject({ error: billingMessages.planContainers('Free', 3) });

    await client(t.app, user).buy('plan', { plan: 'pro', period: 'monthly' });
    expect((await create(user, 'four', 'large')).statusCode).toBe(202);
    // Another user is still on Free.
    expect((await create(await registerUser(t.app), 'theirs', 'large')).statusCode).toBe(403);
  });
});
