import type { Order } from '@nuvem/contracts/billing';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { orderReason as orderReasonKey, orderState, type OrderState } from '../lib/order-state';

const variants = {
  paid: 'success',
  pending: 'warning',
  unpaid: 'secondary',
  cancelled: 'secondary',
  expired: 'secondary',
  failed: 'destructive',
} as const satisfies Record<OrderState, string>;

/** The order's state in words a buyer reads plainly: 'Paid', 'Cancelled', 'Expired — not charged'. */
export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'provider' | 'failure_reason'> }) {
  const { t } = useTranslation('billing');
  const state = orderState(order);
  return <Badge variant={variants[state]}>{t(`orderState.${state}`)}</Badge>;
}

/** Why an order was not paid, in the language in use when the server's reason is a known one. */
export function useOrderReason() {
  const { t } = useTranslation('billing');
  return (order: Pick<Order, 'status' | 'provider' | 'failure_reason'>): string | null => {
    // A cancelled order's state says it all; a paid one has nothing to explain.
    const state = orderState(order);
    if (!order.failure_reason || state === 'paid' || state === 'cancelled') return null;
    const known = orderReasonKey(order.failure_reason);
    return known ? t(`orderReason.${known}`) : order.failure_reason;
  };
}
