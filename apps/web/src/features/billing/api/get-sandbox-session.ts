import { paymentsPaths, sandboxSessionSchema } from '@nuvem/contracts/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingKeys, paymentsRequest } from './payments-request';

/** GET /sandbox/sessions/:id: what the sandbox checkout page sells. */
export function getSandboxSession(id: string) {
  return paymentsRequest(`${paymentsPaths.sandboxSessions}/${encodeURIComponent(id)}`, sandboxSessionSchema);
}

export function getSandboxSessionQueryOptions(id: string) {
  return queryOptions({ queryKey: billingKeys.sandboxSession(id), queryFn: () => getSandboxSession(id) });
}

export function useSandboxSession(id: string) {
  return useQuery(getSandboxSessionQueryOptions(id));
}
