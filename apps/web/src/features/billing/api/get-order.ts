import { orderSchema, paymentsPaths, type Order } from '@nuvem/contracts/billing';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { orderState } from '../lib/order-state';
import { billingKeys, paymentsRequest } from './payments-request';

/** How often, and how many times, a pending order is asked for again (its webhook is on its way). */
export const ORDER_POLL_MS = 2_000;
export const ORDER_POLL_TIMES = 10;

/** GET /orders/:id (session, owner only). */
export function getOrder(id: string): Promise<Order> {
  return paymentsRequest(`${paymentsPaths.orders}/${encodeURIComponent(id)}`, orderSchema);
}

export function getOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: billingKeys.order(id),
    queryFn: () => getOrder(id),
    // A pending order is asked for again a few times; then the page offers 'Check again'.
    refetchInterval: (query) => (stillPolling(query.state.data, query.state.dataUpdateCount) ? ORDER_POLL_MS : false),
  });
}

/** Only an order the provider is still to confirm is asked for again (a sandbox order is paid at once, or not). */
function stillPolling(order: Order | undefined, fetches: number): boolean {
  return order !== undefined && orderState(order) === 'pending' && fetches <= ORDER_POLL_TIMES;
}

/** The order, and whether it is still being asked for again by itself (`polling`). */
export function useOrder(id: string) {
  // Every fetch re-renders (not only a changed order): the count of fetches decides `polling`.
  const query = useQuery({ ...getOrderQueryOptions(id), notifyOnChangeProps: 'all' });
  const fetches = useQueryClient().getQueryState(billingKeys.order(id))?.dataUpdateCount ?? 0;
  return { query, polling: stillPolling(query.data, fetches) };
}

/** The order as it is now, asked for once (the sandbox checkout reads what it sells: plan and period). */
export function useOrderOnce(id: string) {
  return useQuery({ ...getOrderQueryOptions(id), refetchInterval: false });
}
