import { paymentsPaths, sandboxPayResponseSchema, type SandboxPayBody } from '@nuvem/contracts/billing';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { billingKeys, paymentsRequest } from './payments-request';

/**
 * POST /sandbox/sessions/:id/pay: 200 with the address to go to (/success?order=…), 402
 * card_declined (the user may try again), 400 for a card the form should have caught.
 */
export function paySandboxSession(id: string, body: SandboxPayBody) {
  return paymentsRequest(`${paymentsPaths.sandboxSessions}/${encodeURIComponent(id)}/pay`, sandboxPayResponseSchema, {
    method: 'POST',
    body,
  });
}

/**
 * After a sandbox checkout is paid or left: the account and the orders are asked for again, not
 * the session itself. Asked again, it would say 'paid' or 'closed' and replace the checkout form
 * (and, with it, the component that is sending the browser on) before the browser has left.
 */
export function refreshAfterSandboxCheckout(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: billingKeys.account });
  void queryClient.invalidateQueries({ queryKey: billingKeys.orders });
  // A paid order brings its invoice (and a plan change a credit note), and changes what a plan change costs.
  void queryClient.invalidateQueries({ queryKey: billingKeys.invoices });
  void queryClient.invalidateQueries({ queryKey: billingKeys.planChangePreviews });
}

/** Where the browser goes next: the result page after paying, the cancel address after leaving. */
export type SandboxCheckoutReply = z.output<typeof sandboxPayResponseSchema>;

export interface SandboxCheckoutOptions {
  /** Runs with the mutation itself (where to go next), whatever the page shows meanwhile. */
  onSuccess?: (reply: SandboxCheckoutReply) => void;
}

export function usePaySandboxSession(id: string, { onSuccess }: SandboxCheckoutOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SandboxPayBody) => paySandboxSession(id, body),
    onSuccess: (reply) => {
      onSuccess?.(reply);
      refreshAfterSandboxCheckout(queryClient);
    },
  });
}
