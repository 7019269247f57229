import { ordersResponseSchema, paymentsPaths } from '@nuvem/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingKeys, paymentsRequest } from './payments-request';

/** GET /orders (session): the signed-in user's orders, newest first. */
export function getOrders() {
  return paymentsRequest(paymentsPaths.orders, ordersResponseSchema).then((reply) => reply.orders);
}

export function getOrdersQueryOptions() {
  return queryOptions({ queryKey: billingKeys.orders, queryFn: getOrders });
}

export function useOrders() {
  return useQuery(getOrdersQueryOptions());
}
