import {
  checkoutResponseSchema,
  paymentsPaths,
  pricingMessages,
  type AddonCheckoutBody,
  type CheckoutResponse,
} from '@nuvem/contracts/billing';
import { paymentsRequest } from './payments-request';

/** POST /payments/pricing/checkout (sign-in required): a checkout session for an add-on. */
export function createAddonCheckout(body: AddonCheckoutBody): Promise<CheckoutResponse> {
  return paymentsRequest(paymentsPaths.checkout, checkoutResponseSchema, {
    method: 'POST',
    body,
    failure: pricingMessages.checkoutFailed,
  });
}
