import { customerPortalResponseSchema, paymentsPaths } from '@nuvem/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { paymentsRequest } from './payments-request';

/**
 * POST /customer-portal (session): a Stripe customer-portal session (cards, Stripe's invoices) that
 * comes back to `returnUrl` (this portal's Billing page). 409 CUSTOMER_PORTAL_UNAVAILABLE in the
 * sandbox, 409 NO_STRIPE_CUSTOMER before the first payment.
 */
export function createCustomerPortal(returnUrl: string) {
  return paymentsRequest(paymentsPaths.customerPortal, customerPortalResponseSchema, {
    method: 'POST',
    body: { returnUrl },
  });
}

export function useCreateCustomerPortal({
  onSuccess,
  onError,
}: {
  onSuccess?: (reply: { url: string }) => void;
  onError?: (error: Error) => void;
} = {}) {
  return useMutation({ mutationFn: createCustomerPortal, onSuccess, onError });
}
