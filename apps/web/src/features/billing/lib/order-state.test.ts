import { describe, expect, it } from 'vitest';
import { orderReason, orderState } from './order-state';

const order = (
  status: 'pending' | 'paid' | 'failed' | 'expired',
  provider: 'sandbox' | 'stripe',
  reason: string | null = null,
) => ({
  status,
  provider,
  failure_reason: reason,
});

describe('orderState', () => {
  it('tells a checkout the buyer cancelled from one that expired', () => {
    expect(orderState(order('expired', 'sandbox', 'cancelled by the buyer'))).toBe('cancelled');
    expect(orderState(order('expired', 'stripe', null))).toBe('expired');
    expect(orderState(order('expired', 'sandbox', 'replaced by a newer checkout'))).toBe('expired');
  });

  it('calls a pending sandbox order unpaid (the sandbox pays at once), a pending Stripe one pending', () => {
    expect(orderState(order('pending', 'sandbox'))).toBe('unpaid');
    expect(orderState(order('pending', 'sandbox', 'card_declined'))).toBe('unpaid');
    expect(orderState(order('pending', 'stripe'))).toBe('pending');
  });

  it('keeps paid and failed as they are', () => {
    expect(orderState(order('paid', 'stripe'))).toBe('paid');
    expect(orderState(order('failed', 'sandbox', 'checkout could not be created'))).toBe('failed');
  });
});

describe('orderReason', () => {
  it("names the server's known reasons, and no others", () => {
    expect(orderReason('cancelled by the buyer')).toBe('cancelledByBuyer');
    expect(orderReason('card_declined')).toBe('cardDeclined');
    expect(orderReason('something new')).toBeNull();
    expect(orderReason('toString')).toBeNull();
    expect(orderReason(null)).toBeNull();
  });
});
