import type { Order } from '@nuvem/contracts/billing';

/**
 * What an order means to its buyer, beyond its status: a closed order was never charged, and says
 * whether the buyer cancelled it; a pending sandbox order is simply unpaid (the sandbox pays at
 * once, so nothing is on its way), while a pending Stripe order waits for the provider's word.
 */
export type OrderState = 'paid' | 'pending' | 'unpaid' | 'cancelled' | 'expired' | 'failed';

/** The server's reasons for closing an order, as it writes them, and the catalogue key of each. */
const reasons = {
  'cancelled by the buyer': 'cancelledByBuyer',
  'replaced by a newer checkout': 'replaced',
  'checkout could not be created': 'notCreated',
  card_declined: 'cardDeclined',
} as const;

export type OrderReason = (typeof reasons)[keyof typeof reasons];

export function orderState(order: Pick<Order, 'status' | 'provider' | 'failure_reason'>): OrderState {
  switch (order.status) {
    case 'paid':
    case 'failed':
      return order.status;
    case 'expired':
      return order.failure_reason === 'cancelled by the buyer' ? 'cancelled' : 'expired';
    case 'pending':
      return order.provider === 'sandbox' ? 'unpaid' : 'pending';
  }
}

/** The catalogue key of a reason the server gives in its own words; null for one it does not know. */
export function orderReason(reason: string | null): OrderReason | null {
  return reason !== null && Object.hasOwn(reasons, reason) ? reasons[reason as keyof typeof reasons] : null;
}
