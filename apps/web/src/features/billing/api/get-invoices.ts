import { invoicesResponseSchema, paymentsPaths } from '@nuvem/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingKeys, paymentsRequest } from './payments-request';

/** GET /invoices (session): the account's invoices and credit notes, newest first. */
export function getInvoices() {
  return paymentsRequest(paymentsPaths.invoices, invoicesResponseSchema).then((reply) => reply.invoices);
}

export function getInvoicesQueryOptions() {
  return queryOptions({ queryKey: billingKeys.invoices, queryFn: getInvoices });
}

export function useInvoices() {
  return useQuery(getInvoicesQueryOptions());
}
