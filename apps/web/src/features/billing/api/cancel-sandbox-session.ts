import { paymentsPaths, sandboxPayResponseSchema } from '@nuvem/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsRequest } from './payments-request';
import { refreshAfterSandboxCheckout, type SandboxCheckoutOptions } from './pay-sandbox-session';

/**
 * POST /sandbox/sessions/:id/cancel (session): the buyer leaves the sandbox checkout; the order is
 * closed ('expired', cancelled by the buyer) and the reply is the address to go back to.
 */
export function cancelSandboxSession(id: string) {
  return paymentsRequest(
    `${paymentsPaths.sandboxSessions}/${encodeURIComponent(id)}/cancel`,
    sandboxPayResponseSchema,
    { method: 'POST', body: {} },
  );
}

export function useCancelSandboxSession(
  id: string,
  { onSuccess, onError }: SandboxCheckoutOptions & { onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSandboxSession(id),
    onSuccess: (reply) => {
      onSuccess?.(reply);
      refreshAfterSandboxCheckout(queryClient);
    },
    onError,
  });
}
