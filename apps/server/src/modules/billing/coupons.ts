import { planIds, type PlanId } from '@nuvem/contracts/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { BillingCouponRow, BillingRepository } from './billing.repository.js';
import { isUniqueViolation } from '../../lib/errors.js';
import type { PaymentProvider } from './providers/payment-provider.js';

export interface NewCoupon {
  code: string;
  percentOff: number;
  description: string;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  plan: PlanId | null;
}

export class CouponError extends Error {}

const codePattern = /^[A-Z0-9_-]{2,40}$/;

/** Checks a coupon an operator asked for; the code is upper-cased. */
export function normaliseCoupon(input: NewCoupon, now: Date): NewCoupon {
  const code = input.code.trim().toUpperCase();
  if (!codePattern.test(code)) {
    throw new CouponError('The code must be 2 to 40 letters, digits, - or _ (it is stored in upper case).');
  }
  if (!Number.isInteger(input.percentOff) || input.percentOff < 1 || input.percentOff > 100) {
    throw new CouponError('--percent must be a whole number from 1 to 100.');
  }
  if (input.expiresAt && input.expiresAt <= now) throw new CouponError('--expires must be in the future.');
  if (input.maxRedemptions !== null && (!Number.isInteger(input.maxRedemptions) || input.maxRedemptions < 1)) {
    throw new CouponError('--max must be a whole number from 1.');
  }
  if (input.plan !== null && !(planIds as readonly string[]).includes(input.plan)) {
    throw new CouponError(`--plan must be one of ${planIds.join(', ')}.`);
  }
  const description = input.description.trim() || `${input.percentOff}% de desconto`;
  return { ...input, code, description: description.slice(0, 200) };
}

/** Stores a coupon, and mirrors it to the provider's coupons (Stripe) when there is one. */
export async function addCoupon(
  repo: BillingRepository,
  provider: PaymentProvider,
  input: NewCoupon,
  now = new Date(),
  warn: (message: string) => void = () => {},
): Promise<BillingCouponRow> {
  const coupon = normaliseCoupon(input, now);
  let row: BillingCouponRow;
  try {
    row = await repo.insertCoupon({
      code: coupon.code,
      percentOff: coupon.percentOff,
      description: coupon.description,
      expiresAt: coupon.expiresAt,
      maxRedemptions: coupon.maxRedemptions,
      plan: coupon.plan,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new CouponError(`A coupon ${coupon.code} exists already.`);
    throw error;
  }
  try {
    const mirrored = await provider.mirrorCoupon(coupon);
    if (mirrored) return (await repo.updateCoupon(coupon.code, { stripeCouponId: mirrored })) ?? row;
  } catch (error) {
    // The coupon works in the portal; the first checkout that needs it on Stripe mirrors it again.
    warn(
      `${coupon.code} is stored, but the payment provider did not take it (${(error as Error).message}); it is mirrored again at its first checkout.`,
    );
  }
  return row;
}

export async function disableCoupon(repo: BillingRepository, code: string): Promise<BillingCouponRow> {
  const row = await repo.updateCoupon(code.trim().toUpperCase(), { disabledAt: new Date() });
  if (!row) throw new CouponError(`There is no coupon ${code.trim().toUpperCase()}.`);
  return row;
}

/** Demo data: NUVEM20, 20% off anything, so a new install can try a coupon. */
export async function seedDemoCoupon(repo: BillingRepository, log: FastifyBaseLogger): Promise<void> {
  if (await repo.findCoupon('NUVEM20')) return;
  try {
    await repo.insertCoupon({ code: 'NUVEM20', percentOff: 20, description: 'Demo: 20% de desconto' });
    log.info('demo coupon NUVEM20 (20% off) created');
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}
