import { describe, expect, it } from 'vitest';
import { currentPlan, isPlanId } from './billing-context.js';
import type { BillingSubscriptionRow } from './billing.repository.js';

const at = new Date('2026-03-01T00:00:00Z');
const subscription = (values: Partial<BillingSubscriptionRow>) =>
  ({
    plan: 'pro',
    status: 'active',
    currentPeriodEnd: new Date('2026-04-01T00:00:00Z'),
    ...values,
  }) as BillingSubscriptionRow;

describe('currentPlan', () => {
  it('is the subscription plan while its period runs', () => {
    expect(currentPlan(subscription({}), at)).toBe('pro');
    expect(currentPlan(subscription({ status: 'past_due' }), at)).toBe('pro');
  });

  it('is Free without a subscription, once it ended, when cancelled, or for an unknown plan', () => {
    expect(currentPlan(undefined, at)).toBe('free');
    expect(currentPlan(subscription({ currentPeriodEnd: at }), at)).toBe('free');
    expect(currentPlan(subscription({ status: 'cancelled' }), at)).toBe('free');
    expect(currentPlan(subscription({ plan: 'platinum' }), at)).toBe('free');
  });
});

describe('isPlanId', () => {
  it('knows the plans of the price list only', () => {
    expect(isPlanId('starter')).toBe(true);
    expect(isPlanId('platinum')).toBe(false);
    expect(isPlanId(null)).toBe(false);
    expect(isPlanId(undefined)).toBe(false);
  });
});
