import { paymentsPaths, taxProfileSchema } from '@nuvem/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingKeys, paymentsRequest } from './payments-request';

/** GET /tax-profile (session): the buyer's country, VAT number, name and address, and the VAT they mean now. */
export function getTaxProfile() {
  return paymentsRequest(paymentsPaths.taxProfile, taxProfileSchema);
}

export function getTaxProfileQueryOptions() {
  return queryOptions({ queryKey: billingKeys.taxProfile, queryFn: getTaxProfile });
}

export function useTaxProfile() {
  return useQuery(getTaxProfileQueryOptions());
}
