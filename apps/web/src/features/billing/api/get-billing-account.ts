import { accountResponseSchema, paymentsPaths } from '@nuvem/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingKeys, paymentsRequest } from './payments-request';

/** GET /account (session): plan, period, renewal, balances and what the plan unlocks. */
export function getBillingAccount() {
  return paymentsRequest(paymentsPaths.account, accountResponseSchema);
}

export function getBillingAccountQueryOptions() {
  return queryOptions({ queryKey: billingKeys.account, queryFn: getBillingAccount });
}

/** `enabled` false for a signed-out visitor: the account exists only with a session. */
export function useBillingAccount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getBillingAccountQueryOptions(), enabled });
}
