import { accountResponseSchema, paymentsPaths } from '@nuvem/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingKeys, paymentsRequest } from './payments-request';

/** POST /subscriptions/cancel (session): ends the subscription at the end of the period paid for. */
export function cancelSubscription() {
  return paymentsRequest(paymentsPaths.cancelSubscription, accountResponseSchema, { method: 'POST', body: {} });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (account) => queryClient.setQueryData(billingKeys.account, account),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
