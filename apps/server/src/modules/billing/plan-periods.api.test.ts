import type { InvoiceSummary, Order, PlanChangePreview } from '@nuvem/contracts/billing';
import type { BillingPeriod, PlanId } from '@nuvem/contracts/pricing';
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingLedger } from '../../db/schema/billing-ledger.js';
import { billingOrders } from '../../db/schema/billing-orders.js';
import {
  registerVerifiedUser as registerUser,
  testDriver,
  testOrigin,
  useTestApp,
  type TestUser,
} from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { createBillingRepository } from './billing.repository.js';
import { createBillingService } from './billing.service.js';
import { addTestCoupon, paymentsClient, personal, returnUrls } from './billing.testing.js';
import { createSandboxProvider } from './providers/sandbox.js';

const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ana Lima' };
const DAY = 24 * 3600 * 1000;

/**
 * The billing service on the test app's database with a clock the test moves: periods, months
 * and proration at chosen moments (the app's own service runs on the real clock).
 */
function clockedBilling(app: App, start: string) {
  let clock = new Date(start);
  const service = createBillingService({
    repo: createBillingRepository(app.db),
    config: app.config,
    provider: createSandboxProvider(new URL(testOrigin)),
    bus: app.eventBus,
    log: app.log,
    emailOf: (userId) => app.auth.emailOf(userId),
    setKeyTier: (userId, tier) => app.applications.setKeyTierForUser(userId, tier),
    cancelReplaced: async () => {},
    now: () => clock,
  });
  return {
    service,
    at(iso: string) {
      clock = new Date(iso);
    },
    /** Opens a plan checkout and pays it with the card that succeeds (a total of 0 is paid at once). */
    async buyPlan(userId: string, plan: PlanId, period: BillingPeriod, couponCode?: string): Promise<string> {
      const { url, orderId } = await service.checkoutSubscription(personal(userId), {
        plan,
        period,
        ...returnUrls,
        ...(couponCode ? { couponCode } : {}),
      });
      const order = await service.findOrder(orderId);
      if (order?.status === 'pending') await service.sandboxPay(userId, url.split('/').pop() ?? '', goodCard);
      return orderId;
    },
    async preview(userId: string, plan: PlanId, period: BillingPeriod): Promise<PlanChangePreview> {
      const priced = await service.parts.pricing.price({ plan, period, couponCode: undefined });
      return service.parts.orderPricing.preview(userId, priced);
    },
  };
}

async function allowanceRows(app: App, userId: string) {
  return app.db
    .select()
    .from(billingLedger)
    .where(and(eq(billingLedger.userId, userId), isNotNull(billingLedger.periodKey)))
    .orderBy(billingLedger.periodKey, billingLedger.kind);
}

async function orderRows(app: App, userId: string) {
  return app.db.select().from(billingOrders).where(eq(billingOrders.userId, userId)).orderBy(billingOrders.createdAt);
}

/** The preview's figures, named as the order's. */
function amountsOf(preview: PlanChangePreview) {
  return {
    subtotal_cents: preview.subtotal_cents,
    discount_cents: preview.discount_cents,
    proration_cents: preview.proration_cents,
    credit_applied_cents: preview.credit_applied_cents,
    net_cents: preview.net_cents,
    tax_rate_bp: preview.tax_rate_bp,
    tax_cents: preview.tax_cents,
    tax_treatment: preview.tax_treatment,
    total_cents: preview.total_cents,
  };
}

// One app for the file: both blocks use it.
const t = useTestApp();

describe(`calendar periods, allowances and proration, on ${testDriver}`, () => {
  it('runs a month by the calendar from the anchor: 31 Jan -> 28 Feb -> 31 Mar, and a late job catches up', async () => {
    const user = await registerUser(t.app);
    const billing = clockedBilling(t.app, '2026-01-31T08:00:00.000Z');
    await billing.buyPlan(user.id, 'starter', 'monthly');
    expect(await billing.service.account(user.id)).toMatchObject({
      plan: 'starter',
      period_start: '2026-01-31T08:00:00.000Z',
      renews_at: '2026-02-28T08:00:00.000Z',
    });

    billing.at('2026-02-28T08:00:01.000Z');
    await billing.service.renewOrEnd();
    await billing.service.renewOrEnd(); // a replayed run renews nothing twice
    expect(await billing.service.account(user.id)).toMatchObject({
      plan: 'starter',
      period_start: '2026-02-28T08:00:00.000Z',
      renews_at: '2026-03-31T08:00:00.000Z',
    });

    // The job was down for weeks: each missed period is renewed (and charged) once, up to now.
    billing.at('2026-05-05T00:00:00.000Z');
    await billing.service.renewOrEnd();
    expect(await billing.service.account(user.id)).toMatchObject({
      period_start: '2026-04-30T08:00:00.000Z',
      renews_at: '2026-05-31T08:00:00.000Z',
    });
    const orders = await orderRows(t.app, user.id);
    expect(orders.map((o) => [o.purpose, o.status])).toEqual([
      ['purchase', 'paid'],
      ['renewal', 'paid'],
      ['renewal', 'paid'],
      ['renewal', 'paid'],
    ]);
    // Renewals are priced like a checkout: VAT (23% in the seller's country) on top.
    expect(orders[1]).toMatchObject({ subtotalCents: 2900, netCents: 2900, taxRateBp: 2300, taxCents: 667 });
    expect(orders[1]?.totalCents).toBe(3567);
  });

  it('credits a plan allowance once per month: on payment, on renewal, never twice on a replay', async () => {
    const user = await registerUser(t.app);
    const billing = clockedBilling(t.app, '2026-03-10T12:00:00.000Z');
    const orderId = await billing.buyPlan(user.id, 'pro', 'monthly');
    const first = await billing.service.account(user.id);
    expect(first.balances).toMatchObject({ tokens: 30, consultation: 1 });
    expect(first.allowances).toEqual([
      {
        kind: 'consultation',
        amount: 1,
        plan: 'pro',
        period_start: '2026-03-10T12:00:00.000Z',
        expires_at: '2026-04-10T12:00:00.000Z',
      },
      {
        kind: 'tokens',
        amount: 30,
        plan: 'pro',
        period_start: '2026-03-10T12:00:00.000Z',
        expires_at: '2026-04-10T12:00:00.000Z',
      },
    ]);
    const [entry] = await allowanceRows(t.app, user.id);
    expect(entry?.reason).toContain('Plano Pro');
    expect(entry?.reason).toContain('expiram a 2026-04-10T12:00:00.000Z');

    // A replayed fulfilment (the webhook again) does nothing.
    expect(await billing.service.fulfil(orderId, { providerRef: 'again', receiptUrl: null })).toBeNull();
    expect(await allowanceRows(t.app, user.id)).toHaveLength(2);

    billing.at('2026-04-10T12:05:00.000Z');
    await Promise.all([billing.service.renewOrEnd(), billing.service.renewOrEnd()]);
    await billing.service.renewOrEnd();
    const renewed = await billing.service.account(user.id);
    // The old month lapsed; the new month's allowance is there once.
    expect(renewed.balances).toMatchObject({ tokens: 30, consultation: 1 });
    expect(renewed.allowances.map((a) => a.expires_at)).toEqual([
      '2026-05-10T12:00:00.000Z',
      '2026-05-10T12:00:00.000Z',
    ]);
    expect(await allowanceRows(t.app, user.id)).toHaveLength(4);
    expect((await orderRows(t.app, user.id)).filter((o) => o.purpose === 'renewal')).toHaveLength(1);
  });

  it('gives a yearly plan its allowance every month of the year, by the job or when read if the job is late', async () => {
    const user = await registerUser(t.app);
    const billing = clockedBilling(t.app, '2026-01-31T09:00:00.000Z');
    await billing.buyPlan(user.id, 'enterprise', 'yearly');
    expect((await billing.service.account(user.id)).balances).toMatchObject({ tokens: 100, consultation: 3 });

    // The job at the month boundary (28 Feb: the 31st clamped), twice.
    billing.at('2026-02-28T09:00:00.000Z');
    await billing.service.renewOrEnd();
    await billing.service.renewOrEnd();
    const february = await billing.service.account(user.id);
    expect(february.balances).toMatchObject({ tokens: 100, consultation: 3 });
    expect(february.allowances[0]).toMatchObject({
      period_start: '2026-02-28T09:00:00.000Z',
      expires_at: '2026-03-31T09:00:00.000Z',
    });
    expect(february).toMatchObject({ period_start: '2026-01-31T09:00:00.000Z', renews_at: '2027-01-31T09:00:00.000Z' });

    // No job ran in April: reading the account (or the token balance) credits the month, once.
    billing.at('2026-04-02T00:00:00.000Z');
    const tokens = await billing.service.tokenBalance(user.id);
    expect(tokens).toMatchObject({ included: 100_000_000, purchased: 0 });
    const april = await billing.service.account(user.id);
    expect(april.allowances[0]).toMatchObject({ period_start: '2026-03-31T09:00:00.000Z' });
    await billing.service.renewOrEnd();
    expect(await allowanceRows(t.app, user.id)).toHaveLength(6); // three months x (tokens, consultation)
  });

  it('credits the unused time of Starter yearly against Pro monthly, keeps the excess as credit, and uses it on renewal', async () => {
    await addTestCoupon(t.app, 'YEAR20', 20);
    const user = await registerUser(t.app);
    const billing = clockedBilling(t.app, '2026-01-31T10:00:00.000Z');
    const starterId = await billing.buyPlan(user.id, 'starter', 'yearly', 'YEAR20');
    const starter = (await orderRows(t.app, user.id))[0];
    expect(starter).toMatchObject({ id: starterId, netCents: 23200 }); // 232 EUR before VAT

    billing.at('2026-04-15T10:00:00.000Z');
    const length = Date.parse('2027-01-31T10:00:00.000Z') - Date.parse('2026-01-31T10:00:00.000Z');
    const remaining = Date.parse('2027-01-31T10:00:00.000Z') - Date.parse('2026-04-15T10:00:00.000Z');
    const proration = Math.round((23200 * remaining) / length);
    expect(length).toBe(365 * DAY);

    const preview = await billing.preview(user.id, 'pro', 'monthly');
    expect(preview).toMatchObject({
      replaces: { plan: 'starter', period: 'yearly', ends_at: '2027-01-31T10:00:00.000Z' },
      subtotal_cents: 9900,
      proration_cents: proration,
      credit_applied_cents: 0,
      net_cents: 0,
      tax_cents: 0,
      total_cents: 0,
      credit_left_cents: proration - 9900,
      period_start: '2026-04-15T10:00:00.000Z',
      period_end: '2026-05-15T10:00:00.000Z',
    });

    // Nothing to pay: the change is paid at once, with exactly the previewed figures.
    const proId = await billing.buyPlan(user.id, 'pro', 'monthly');
    const pro = await billing.service.order(user.id, proId);
    expect(pro).toMatchObject({ status: 'paid', ...amountsOf(preview) });
    expect((await orderRows(t.app, user.id)).find((o) => o.id === proId)?.prorationOfOrderId).toBe(starterId);
    // The credited time is a line of Pro's invoice (as Stripe invoices a proration), whose VAT
    // follows it; no credit note takes that VAT off a second time.
    const invoices = (await paymentsClient(t.app, user).call('GET', '/invoices')).json<{
      invoices: InvoiceSummary[];
    }>().invoices;
    expect(invoices.filter((i) => i.kind === 'credit_note')).toEqual([]);
    expect(invoices.find((i) => i.kind === 'invoice' && i.order_id === proId)).toMatchObject({
      net_cents: 0,
      tax_cents: 0,
      total_cents: 0,
    });

    const account = await billing.service.account(user.id);
    expect(account).toMatchObject({
      plan: 'pro',
      period: 'monthly',
      period_start: '2026-04-15T10:00:00.000Z',
      renews_at: '2026-05-15T10:00:00.000Z',
      credit_cents: proration - 9900,
    });
    // Starter's allowance lapsed with it; Pro's is credited from now.
    expect(account.balances).toMatchObject({ tokens: 30, consultation: 1 });
    expect(account.allowances.every((a) => a.plan === 'pro')).toBe(true);

    // The renewal uses the credit left before charging (291 of 365 days were left: 18496 - 9900).
    expect(proration - 9900).toBe(8596);
    billing.at('2026-05-15T10:01:00.000Z');
    await billing.service.renewOrEnd();
    const renewal = (await orderRows(t.app, user.id)).find((o) => o.purpose === 'renewal');
    expect(renewal).toMatchObject({ creditAppliedCents: 8596, netCents: 1304, taxCents: 300, totalCents: 1604 });
    expect(renewal?.status).toBe('paid');
    expect((await billing.service.account(user.id)).credit_cents).toBe(0);
  });

  it('charges an upgrade the new price less the unused time, VAT on the rest', async () => {
    const user = await registerUser(t.app);
    const billing = clockedBilling(t.app, '2026-03-01T00:00:00.000Z');
    await billing.buyPlan(user.id, 'starter', 'monthly');
    billing.at('2026-03-11T00:00:00.000Z'); // 21 of 31 days left
    const proration = Math.round((2900 * 21) / 31);
    const preview = await billing.preview(user.id, 'pro', 'yearly');
    const net = 99000 - proration;
    expect(preview).toMatchObject({
      proration_cents: proration,
      net_cents: net,
      tax_rate_bp: 2300,
      tax_cents: Math.round(net * 0.23),
      total_cents: net + Math.round(net * 0.23),
      credit_left_cents: 0,
      period_end: '2027-03-11T00:00:00.000Z',
    });
    const proId = await billing.buyPlan(user.id, 'pro', 'yearly');
    expect(await billing.service.order(user.id, proId)).toMatchObject({ status: 'paid', ...amountsOf(preview) });
    expect(await billing.service.account(user.id)).toMatchObject({ plan: 'pro', period: 'yearly', credit_cents: 0 });
  });

  it('counts model tokens from the live allowance, purchases apart, Free at its 2M', async () => {
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const billing = clockedBilling(t.app, '2026-06-01T00:00:00.000Z');
    expect(await billing.service.tokenBalance(user.id)).toMatchObject({ included: 2_000_000, purchased: 0 });
    await billing.buyPlan(user.id, 'starter', 'monthly');
    const { url } = await billing.service.checkoutAddon(personal(user.id), {
      type: 'tokens',
      pack: 'small',
      ...returnUrls,
    });
    await billing.service.sandboxPay(user.id, url.split('/').pop() ?? '', goodCard);
    expect(await billing.service.tokenBalance(user.id)).toMatchObject({ included: 10_000_000, purchased: 5_000_000 });
    // After the month's end without a renewal (cancelled): Free again, the pack stays.
    await billing.service.cancelSubscription(user.id);
    billing.at('2026-07-02T00:00:00.000Z');
    await billing.service.renewOrEnd();
    expect(await billing.service.tokenBalance(user.id)).toMatchObject({ included: 2_000_000, purchased: 5_000_000 });
    // Another user's ledger is not theirs.
    expect((await billing.service.account(other.id)).allowances).toEqual([]);
  });

  it('spends the allowance first, then packs for good: a plan change brings a new allowance but never refills packs', async () => {
    const user = await registerUser(t.app);
    const billing = clockedBilling(t.app, '2026-06-01T00:00:00.000Z');
    await billing.buyPlan(user.id, 'starter', 'monthly');
    const { url } = await billing.service.checkoutAddon(personal(user.id), {
      type: 'tokens',
      pack: 'small',
      ...returnUrls,
    });
    await billing.service.sandboxPay(user.id, url.split('/').pop() ?? '', goodCard);
    // 10M of Starter's allowance, then the 5M pack.
    await billing.service.recordTokenUse(user.id, 12_000_000, 'workflow', 'run_a');
    expect(await billing.service.tokenBalance(user.id)).toMatchObject({ allowanceLeft: 0, remaining: 3_000_000 });
    await billing.service.recordTokenUse(user.id, 3_000_000, 'workflow', 'run_b');
    expect((await billing.service.tokenBalance(user.id)).remaining).toBe(0);
    // Pro, paid for, brings its 30M; the pack spent stays spent.
    billing.at('2026-06-10T00:00:00.000Z');
    await billing.buyPlan(user.id, 'pro', 'monthly');
    expect(await billing.service.tokenBalance(user.id)).toMatchObject({
      included: 30_000_000,
      purchased: 5_000_000,
      remaining: 30_000_000,
    });
  });
});

describe(`GET /api/payments/subscriptions/preview, on ${testDriver}`, () => {
  const preview = (user: TestUser | null, query: string) =>
    paymentsClient(t.app, user).call('GET', `/subscriptions/preview?${query}`);

  async function subscribe(user: TestUser, body: object): Promise<string> {
    const payments = paymentsClient(t.app, user);
    const res = await payments.subscribe(body);
    expect(res.statusCode, res.body).toBe(200);
    const { url, orderId } = res.json<{ url: string; orderId: string }>();
    if ((await payments.order(orderId)).status === 'pending') {
      const paid = await payments.call('POST', `/sandbox/sessions/${url.split('/').pop() ?? ''}/pay`, goodCard);
      expect(paid.statusCode, paid.body).toBe(200);
    }
    return orderId;
  }

  it('answers what the checkout then charges, for the signed-in user only', async () => {
    await addTestCoupon(t.app, 'HALF', 50);
    const user = await registerUser(t.app);
    const res = await preview(user, 'plan=pro&period=monthly&couponCode=half');
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json<PlanChangePreview>();
    expect(figures).toMatchObject({
      plan: 'pro',
      replaces: null,
      subtotal_cents: 9900,
      discount_cents: 4950,
      proration_cents: 0,
      net_cents: 4950,
      tax_cents: 1139,
      total_cents: 6089,
    });
    const orderId = await subscribe(user, { plan: 'pro', period: 'monthly', couponCode: 'HALF' });
    expect(await paymentsClient(t.app, user).order(orderId)).toMatchObject(amountsOf(figures));

    // Now on Pro: Enterprise credits the unused month; another user sees nothing of it.
    const change = (await preview(user, 'plan=enterprise&period=monthly')).json<PlanChangePreview>();
    expect(change.replaces).toMatchObject({ plan: 'pro', period: 'monthly' });
    expect(change.proration_cents).toBeGreaterThan(4940);
    expect(change.proration_cents).toBeLessThanOrEqual(4950);
    const stranger = (
      await preview(await registerUser(t.app), 'plan=enterprise&period=monthly')
    ).json<PlanChangePreview>();
    expect(stranger).toMatchObject({ replaces: null, proration_cents: 0, total_cents: 24477 });
  });

  it('refuses no session, bad queries, Free, an unknown coupon and the plan one has', async () => {
    const user = await registerUser(t.app);
    expect((await preview(null, 'plan=pro&period=monthly')).statusCode).toBe(401);
    for (const query of ['plan=gold&period=monthly', 'plan=pro', 'plan=pro&period=weekly', '']) {
      const res = await preview(user, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    const free = await preview(user, 'plan=free&period=monthly');
    expect([free.statusCode, free.json<{ code: string }>().code]).toEqual([400, 'FREE_PLAN']);
    const coupon = await preview(user, 'plan=pro&period=monthly&couponCode=NOPE');
    expect([coupon.statusCode, coupon.json<{ code: string }>().code]).toEqual([404, 'INVALID_COUPON']);
    await subscribe(user, { plan: 'starter', period: 'monthly' });
    const same = await preview(user, 'plan=starter&period=monthly');
    expect([same.statusCode, same.json<{ code: string }>().code]).toEqual([409, 'ALREADY_SUBSCRIBED']);
    const orders: Order[] = await paymentsClient(t.app, user).orders();
    expect(orders).toHaveLength(1); // a preview writes no order
  });
});
