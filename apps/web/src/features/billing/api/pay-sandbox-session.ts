import { paymentsPaths, sandboxPayResponseSchema, type SandboxPayBody } from '@nuvem/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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

export function usePaySandboxSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SandboxPayBody) => paySandboxSession(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
