import { billingMessages } from '@nuvem/contracts/billing';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingCoupons } from '../../db/schema/billing-coupons.js';
import { billingOrders } from '../../db/schema/billing-orders.js';
import { registerVerifiedUser, testDriver, useTestApp } from '../../test/helper.testing.js';
import { addTestCoupon, paymentsClient } from './billing.testing.js';

const PARALLEL = 10;

/** What the attacker review did: the same checkout fired ten times at once by one user. */
describe(`parallel checkouts by one user, on ${testDriver}`, () => {
  const t = useTestApp();

  const pendingOf = async (userId: string) =>
    t.app.db
      .select()
      .from(billingOrders)
      .where(and(eq(billingOrders.userId, userId), eq(billingOrders.status, 'pending')));
  const redemptions = async (code: string) =>
    (await t.app.db.select().from(billingCoupons).where(eq(billingCoupons.code, code)))[0]?.redemptions;

  it('leaves exactly one payable Pro order, and every answer is a checkout or 409 CHECKOUT_OPEN', async () => {
    const user = await registerVerifiedUser(t.app);
    const buyer = paymentsClient(t.app, user);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => buyer.subscribe({ plan: 'pro', period: 'monthly' })),
    );
    for (const res of results) {
      expect([200, 409], res.body).toContain(res.statusCode);
      if (res.statusCode === 409) {
        expect(res.json()).toMatchObject({ error: billingMessages.checkoutOpen, code: 'CHECKOUT_OPEN' });
      }
    }
    expect(results.filter((res) => res.statusCode === 200).length).toBeGreaterThan(0);
    const pending = await pendingOf(user.id);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ kind: 'subscription', plan: 'pro', purpose: 'purchase' });

    // Monthly and yearly alike: a plan purchase, whichever period, is one open checkout.
    await Promise.all([
      buyer.subscribe({ plan: 'pro', period: 'yearly' }),
      buyer.subscribe({ plan: 'starter', period: 'monthly' }),
      buyer.subscribe({ plan: 'enterprise', period: 'yearly' }),
    ]);
    expect((await pendingOf(user.id)).filter((order) => order.kind === 'subscription')).toHaveLength(1);
  });

  it("lets the user hold at most one of a coupon's redemptions, with plans and add-ons mixed", async () => {
    await addTestCoupon(t.app, 'RACE10', 10, { maxRedemptions: 10 });
    const user = await registerVerifiedUser(t.app);
    const buyer = paymentsClient(t.app, user);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        i % 2 === 0
          ? buyer.checkout({ type: 'tokens', pack: 'small', couponCode: 'RACE10' })
          : buyer.subscribe({ plan: 'starter', period: 'monthly', couponCode: 'RACE10' }),
      ),
    );
    for (const res of results) expect([200, 409], res.body).toContain(res.statusCode);
    const holding = (await pendingOf(user.id)).filter((order) => order.couponCode === 'RACE10');
    expect(holding.length).toBeLessThanOrEqual(1);
    expect(await redemptions('RACE10')).toBe(holding.length);

    // Another user still gets one: nine are free.
    const other = paymentsClient(t.app, await registerVerifiedUser(t.app));
    expect((await other.checkout({ type: 'tokens', pack: 'small', couponCode: 'RACE10' })).statusCode).toBe(200);
    expect(await redemptions('RACE10')).toBe(holding.length + 1);
  });

  it('keeps add-on checkouts without a coupon independent (several may be open)', async () => {
    const user = await registerVerifiedUser(t.app);
    const buyer = paymentsClient(t.app, user);
    const results = await Promise.all(
      Array.from({ length: 3 }, () => buyer.checkout({ type: 'consultation', pack: 'basic' })),
    );
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(await pendingOf(user.id)).toHaveLength(3);
  });
});
