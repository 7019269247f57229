import { paymentsConfigSchema, paymentsPaths } from '@nuvem/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingKeys, paymentsRequest } from './payments-request';

/** GET /config (public): the provider (sandbox or stripe), the currency and the six price ids. */
export function getPaymentsConfig() {
  return paymentsRequest(paymentsPaths.config, paymentsConfigSchema, { withToken: false, sessionBound: false });
}

export function getPaymentsConfigQueryOptions() {
  // The configuration changes only with a server restart.
  return queryOptions({ queryKey: billingKeys.config, queryFn: getPaymentsConfig, staleTime: 5 * 60_000 });
}

export function usePaymentsConfig() {
  return useQuery(getPaymentsConfigQueryOptions());
}
