import type { CouponResult } from '@nuvem/contracts/billing';
import { plans } from '@nuvem/contracts/pricing';
import { describe, expect, it } from 'vitest';
import { followableUrl, checkoutReturnUrls, couponApplies, decidePlanPurchase, planChange } from './plan-purchase';

const priceIds = {
  free: { monthly: 'price_free_m' },
  starter: { monthly: 'price_starter_m', yearly: 'price_starter_y' },
  pro: { monthly: 'price_pro_m', yearly: 'price_pro_y' },
  enterprise: { monthly: 'price_ent_m' },
};

describe('decidePlanPurchase', () => {
  it('asks a signed-out visitor to sign in before anything else', () => {
    expect(decidePlanPurchase({ plan: plans.pro, period: 'monthly', signedIn: false, priceIds })).toEqual({
      kind: 'sign-in',
    });
    expect(decidePlanPurchase({ plan: plans.free, period: 'monthly', signedIn: false, priceIds })).toEqual({
      kind: 'sign-in',
    });
  });

  it('activates Free without a checkout, in either period', () => {
    expect(decidePlanPurchase({ plan: plans.free, period: 'monthly', signedIn: true, priceIds })).toEqual({
      kind: 'free',
    });
    expect(decidePlanPurchase({ plan: plans.free, period: 'yearly', signedIn: true, priceIds: {} })).toEqual({
      kind: 'free',
    });
  });

  it("takes the price id of the plan and period from the server's configuration", () => {
    expect(decidePlanPurchase({ plan: plans.pro, period: 'yearly', signedIn: true, priceIds })).toEqual({
      kind: 'checkout',
      priceId: 'price_pro_y',
    });
    // Unknown session state: the server decides (a 401 then asks for sign-in).
    expect(decidePlanPurchase({ plan: plans.starter, period: 'monthly', signedIn: null, priceIds })).toEqual({
      kind: 'checkout',
      priceId: 'price_starter_m',
    });
  });

  it('refuses a plan and period without a price id', () => {
    expect(decidePlanPurchase({ plan: plans.enterprise, period: 'yearly', signedIn: true, priceIds })).toEqual({
      kind: 'price-id-missing',
    });
    expect(decidePlanPurchase({ plan: plans.pro, period: 'monthly', signedIn: true, priceIds: {} })).toEqual({
      kind: 'price-id-missing',
    });
  });
});

describe('decidePlanPurchase with a broken price', () => {
  it('refuses a period whose price is not above zero', () => {
    const odd = { id: 'starter' as const, monthlyCents: 2900, yearlyCents: 0 };
    expect(decidePlanPurchase({ plan: odd, period: 'yearly', signedIn: true, priceIds })).toEqual({
      kind: 'invalid-price',
    });
    expect(
      decidePlanPurchase({
        plan: { ...odd, monthlyCents: -1, yearlyCents: 100 },
        period: 'monthly',
        signedIn: true,
        priceIds,
      }),
    ).toEqual({
      kind: 'invalid-price',
    });
  });
});

describe('couponApplies', () => {
  const coupon = (plan: CouponResult['plan']): CouponResult => ({
    valid: true,
    code: 'NUVEM20',
    percentOff: 20,
    description: '20%',
    plan,
  });

  it('applies a general coupon to every purchase and a plan coupon to its plan only', () => {
    expect(couponApplies(coupon(null), 'pro')).toBe(true);
    expect(couponApplies(coupon(null), null)).toBe(true);
    expect(couponApplies(coupon('pro'), 'pro')).toBe(true);
    expect(couponApplies(coupon('pro'), 'starter')).toBe(false);
    expect(couponApplies(coupon('pro'), null)).toBe(false);
    expect(couponApplies(null, 'pro')).toBe(false);
  });
});

describe('checkout addresses', () => {
  it('returns to /success and /pricing on the same origin', () => {
    expect(checkoutReturnUrls('https://portal.example', '/success', '/pricing')).toEqual({
      successUrl: 'https://portal.example/success',
      cancelUrl: 'https://portal.example/pricing',
    });
  });

  it('follows an http(s) address or a path of the portal, and nothing else', () => {
    const origin = 'https://portal.example';
    expect(followableUrl('https://checkout.stripe.com/c/pay/cs_1', origin)).toBe(
      'https://checkout.stripe.com/c/pay/cs_1',
    );
    expect(followableUrl('/checkout/sandbox/sbx_1', origin)).toBe('https://portal.example/checkout/sandbox/sbx_1');
    expect(followableUrl('', origin)).toBeNull();
    expect(followableUrl('   ', origin)).toBeNull();
    expect(followableUrl(undefined, origin)).toBeNull();
    expect(followableUrl('javascript:alert(1)', origin)).toBeNull();
  });
});

describe('planChange', () => {
  const pro = { plan: 'pro', period: 'monthly', renews_at: '2026-06-01T00:00:00.000Z' } as const;

  it('says nothing to a user without a paid plan, for the Free plan, or for the plan and period one has', () => {
    const free = { plan: 'free', period: null, renews_at: null } as const;
    expect(planChange({ account: undefined, plan: 'pro', period: 'monthly' })).toEqual({
      kind: 'none',
    });
    expect(planChange({ account: free, plan: 'pro', period: 'monthly' })).toEqual({
      kind: 'none',
    });
    expect(planChange({ account: pro, plan: 'free', period: 'monthly' })).toEqual({
      kind: 'none',
    });
    // Bought again after cancelling: a period after the current one, nothing replaced.
    expect(planChange({ account: pro, plan: 'pro', period: 'monthly' })).toEqual({ kind: 'none' });
  });

  it('replaces the current plan today with another plan, with the sandbox and with Stripe', () => {
    expect(planChange({ account: pro, plan: 'starter', period: 'yearly' })).toEqual({
      kind: 'replace',
      current: { plan: 'pro', period: 'monthly' },
    });
    expect(planChange({ account: pro, plan: 'enterprise', period: 'monthly' })).toEqual({
      kind: 'replace',
      current: { plan: 'pro', period: 'monthly' },
    });
  });

  it('starts the other period of the same plan today in place of the current one, prorated', () => {
    expect(planChange({ account: pro, plan: 'pro', period: 'yearly' })).toEqual({
      kind: 'replace',
      current: { plan: 'pro', period: 'monthly' },
    });
  });
});
