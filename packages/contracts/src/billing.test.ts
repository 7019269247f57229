import { describe, expect, it } from 'vitest';
import {
  addonCheckoutBodySchema,
  calculateBodySchema,
  pricingMessages,
  subscriptionCheckoutBodySchema,
  validateCouponBodySchema,
  type CalculateBody,
  type SubscriptionCheckoutBody,
} from './billing';

const urls = { successUrl: 'https://portal.example/billing/success', cancelUrl: 'https://portal.example/pricing' };

const messages = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('coupon code', () => {
  it('is trimmed and upper-cased', () => {
    expect(validateCouponBodySchema.parse({ code: '  save10 ' })).toEqual({ code: 'SAVE10' });
    expect(validateCouponBodySchema.parse({ code: 'Black-Friday_25', plan: 'pro' })).toEqual({
      code: 'BLACK-FRIDAY_25',
      plan: 'pro',
    });
  });

  it('refuses an empty or blank code with the spec text', () => {
    for (const code of ['', ' ', '  \t  ']) {
      const result = validateCouponBodySchema.safeParse({ code });
      expect(result.success).toBe(false);
      expect(messages(result)).toEqual([pricingMessages.couponEmpty]);
    }
    expect(pricingMessages.couponEmpty).toBe('Por favor, insira um código de cupão');
  });

  it('refuses a code with other characters as invalid', () => {
    expect(messages(validateCouponBodySchema.safeParse({ code: 'save 10!' }))).toEqual([
      'Código de cupão inválido ou expirado',
    ]);
    expect(validateCouponBodySchema.safeParse({ code: 'X'.repeat(41) }).success).toBe(false);
    expect(validateCouponBodySchema.safeParse({ code: 'X'.repeat(40) }).success).toBe(true);
  });
});

describe('calculate body', () => {
  it('accepts a pack, a quantity add-on and a plan with a period', () => {
    expect(calculateBodySchema.parse({ type: 'tokens', pack: 'medium' })).toEqual({ type: 'tokens', pack: 'medium' });
    expect(calculateBodySchema.parse({ type: 'tokens', quantity: 1 })).toEqual({ type: 'tokens', quantity: 1 });
    expect(calculateBodySchema.parse({ type: 'tokens', quantity: 500 })).toEqual({ type: 'tokens', quantity: 500 });
    expect(calculateBodySchema.parse({ type: 'consultation', quantity: 100 })).toEqual({
      type: 'consultation',
      quantity: 100,
    });
    expect(calculateBodySchema.parse({ type: 'development', quantity: 200 })).toEqual({
      type: 'development',
      quantity: 200,
    });
    expect(calculateBodySchema.parse({ plan: 'pro', period: 'yearly' })).toEqual({ plan: 'pro', period: 'yearly' });
    expect(calculateBodySchema.parse({ plan: 'free', period: 'monthly' })).toEqual({ plan: 'free', period: 'monthly' });
  });

  it('refuses a quantity of 0, above the slider, fractional, an unknown type or nothing to price', () => {
    const refused: unknown[] = [
      { type: 'tokens', quantity: 0 },
      { type: 'tokens', quantity: -1 },
      { type: 'tokens', quantity: 501 },
      { type: 'consultation', quantity: 101 },
      { type: 'development', quantity: 201 },
      { type: 'tokens', quantity: 1.5 },
      { type: 'tokens', quantity: '5' },
      { type: 'gpu', quantity: 5 },
      { type: 'gpu', pack: 'small' },
      { type: 'tokens' },
      { plan: 'pro' },
      { period: 'monthly' },
      { plan: 'platinum', period: 'monthly' },
      { plan: 'pro', period: 'weekly' },
      {},
    ];
    for (const body of refused) {
      expect(calculateBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
    expect(messages(calculateBodySchema.safeParse({ type: 'tokens', quantity: 501 }))).toContain(
      'quantity is above the most that can be bought at once',
    );
    expect(messages(calculateBodySchema.safeParse({ type: 'tokens' }))).toContain('give a pack or a quantity');
  });

  it('normalises the coupon and counts a blank one as none', () => {
    expect(calculateBodySchema.parse({ type: 'tokens', quantity: 5, couponCode: ' save10 ' })).toEqual({
      type: 'tokens',
      quantity: 5,
      couponCode: 'SAVE10',
    });
    for (const couponCode of ['', '   ']) {
      expect(calculateBodySchema.parse({ type: 'tokens', quantity: 5, couponCode })).toEqual({
        type: 'tokens',
        quantity: 5,
      });
      expect(calculateBodySchema.parse({ plan: 'pro', period: 'monthly', couponCode }).couponCode).toBeUndefined();
    }
    expect(calculateBodySchema.safeParse({ type: 'tokens', quantity: 5, couponCode: 'bad code!' }).success).toBe(false);
  });

  it('types the coupon as optional', () => {
    const body: CalculateBody = { type: 'tokens', quantity: 5 };
    expect(calculateBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('add-on checkout body', () => {
  it('has the same limits as the calculation and counts a blank coupon as none', () => {
    expect(addonCheckoutBodySchema.parse({ type: 'development', quantity: 200, couponCode: ' ', ...urls })).toEqual({
      type: 'development',
      quantity: 200,
      ...urls,
    });
    expect(addonCheckoutBodySchema.safeParse({ type: 'development', quantity: 201, ...urls }).success).toBe(false);
    expect(addonCheckoutBodySchema.safeParse({ type: 'tokens', ...urls }).success).toBe(false);
    expect(addonCheckoutBodySchema.safeParse({ type: 'tokens', pack: 'small' }).success).toBe(false); // no return URLs
  });
});

describe('subscription checkout body', () => {
  it('accepts a priceId or a plan and a period', () => {
    expect(subscriptionCheckoutBodySchema.parse({ priceId: 'price_123', ...urls })).toEqual({
      priceId: 'price_123',
      ...urls,
    });
    expect(subscriptionCheckoutBodySchema.parse({ plan: 'starter', period: 'yearly', ...urls })).toEqual({
      plan: 'starter',
      period: 'yearly',
      ...urls,
    });
  });

  it('refuses neither, half a plan, or an empty priceId', () => {
    for (const body of [
      { ...urls },
      { plan: 'pro', ...urls },
      { period: 'monthly', ...urls },
      { priceId: '', ...urls },
      { plan: 'gold', period: 'monthly', ...urls },
    ]) {
      expect(subscriptionCheckoutBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
    expect(messages(subscriptionCheckoutBodySchema.safeParse({ plan: 'pro', ...urls }))).toEqual([
      'give a priceId, or a plan and a period',
    ]);
    expect(subscriptionCheckoutBodySchema.safeParse({ priceId: 'price_123' }).success).toBe(false); // no return URLs
  });

  it('normalises the coupon and counts a blank one as none', () => {
    for (const couponCode of ['', '  ']) {
      expect(
        subscriptionCheckoutBodySchema.parse({ plan: 'pro', period: 'monthly', couponCode, ...urls }).couponCode,
      ).toBeUndefined();
    }
    expect(
      subscriptionCheckoutBodySchema.parse({ priceId: 'price_123', couponCode: ' welcome20 ', ...urls }).couponCode,
    ).toBe('WELCOME20');
    const body: SubscriptionCheckoutBody = { plan: 'pro', period: 'monthly', ...urls };
    expect(subscriptionCheckoutBodySchema.safeParse(body).success).toBe(true);
  });
});
