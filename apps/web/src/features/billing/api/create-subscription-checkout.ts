import {
  checkoutResponseSchema,
  paymentsPaths,
  pricingMessages,
  type CheckoutResponse,
  type SubscriptionCheckoutBody,
} from '@nuvem/contracts/billing';
import { paymentsRequest } from './payments-request';

/** POST /subscriptions/checkout (sign-in required): a checkout session for a plan and period. */
export function createSubscriptionCheckout(body: SubscriptionCheckoutBody): Promise<CheckoutResponse> {
  return paymentsRequest(paymentsPaths.subscriptionCheckout, checkoutResponseSchema, {
    method: 'POST',
    body,
    failure: pricingMessages.subscriptionCheckoutFailed,
  });
}
