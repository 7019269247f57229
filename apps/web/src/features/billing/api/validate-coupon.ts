import { couponResultSchema, paymentsPaths, type CouponResult } from '@nuvem/contracts/billing';
import type { PlanId } from '@nuvem/contracts/pricing';
import { useMutation } from '@tanstack/react-query';
import { paymentsRequest } from './payments-request';

export interface ValidateCouponInput {
  /** Already trimmed and upper-cased (the spec sends the code upper-cased). */
  code: string;
  plan?: PlanId;
}

/** POST /coupons/validate: 200 with the coupon, 404 INVALID_COUPON when unknown or expired. */
export function validateCoupon(body: ValidateCouponInput): Promise<CouponResult> {
  return paymentsRequest(paymentsPaths.validateCoupon, couponResultSchema, {
    method: 'POST',
    body,
    sessionBound: false,
  });
}

export function useValidateCoupon() {
  return useMutation({ mutationFn: validateCoupon });
}
