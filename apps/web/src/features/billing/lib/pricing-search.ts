import { validateCouponBodySchema } from '@nuvem/contracts/billing';
import { addonTypes, type AddonType, type BillingPeriod } from '@nuvem/contracts/pricing';

/**
 * The pricing page's choices kept in its address (/pricing?period=yearly&tab=consultation&coupon=NUVEM20),
 * so they survive the trip to sign-in and back, a reload and a shared link. A default is left out.
 */
export interface PricingChoices {
  period: BillingPeriod;
  tab: AddonType;
  /** The applied coupon's code (checked again by the server when the page opens). */
  coupon: string | null;
}

export function readPricingChoices(search: URLSearchParams): PricingChoices {
  const tab = search.get('tab');
  // The contract's own rule for a code: one it cannot be is dropped without asking the server.
  const coupon = validateCouponBodySchema.shape.code.safeParse(search.get('coupon') ?? '');
  return {
    period: search.get('period') === 'yearly' ? 'yearly' : 'monthly',
    tab: addonTypes.find((type) => type === tab) ?? 'tokens',
    coupon: coupon.success ? coupon.data : null,
  };
}

/** `search` with `change` written in (other parameters kept). */
export function writePricingChoices(search: URLSearchParams, change: Partial<PricingChoices>): URLSearchParams {
  const next = new URLSearchParams(search);
  const put = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  if (change.period !== undefined) put('period', change.period === 'monthly' ? null : change.period);
  if (change.tab !== undefined) put('tab', change.tab === 'tokens' ? null : change.tab);
  if (change.coupon !== undefined) put('coupon', change.coupon);
  return next;
}
