import { accountResponseSchema, paymentsPaths, type BillingAccount } from '@nuvem/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingKeys, paymentsRequest } from './payments-request';

/** POST /subscriptions/cancel (session): ends the subscription at the end of the period paid for. */
export function cancelSubscription() {
  return paymentsRequest(paymentsPaths.cancelSubscription, accountResponseSchema, { method: 'POST', body: {} });
}

export interface CancelSubscriptionOptions {
  /**
   * Runs with the mutation itself, not with the component that asked: the cancel button goes away
   * as soon as the account says 'cancelling', and what it started must still be told.
   */
  onSuccess?: (account: BillingAccount) => void;
  onError?: (error: Error) => void;
}

export function useCancelSubscription({ onSuccess, onError }: CancelSubscriptionOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (account) => {
      // Told first, so what it prepares is ready when the page shows the cancelled account.
      onSuccess?.(account);
      queryClient.setQueryData(billingKeys.account, account);
    },
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
