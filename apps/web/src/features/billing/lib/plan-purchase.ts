import type { BillingAccount, CouponResult, PaymentsConfig } from '@nuvem/contracts/billing';
import type { BillingPeriod, Plan, PlanId } from '@nuvem/contracts/pricing';

/** The spec's steps before a plan's checkout (section 5, "Plan purchase"), in order. */
export type PlanPurchaseDecision =
  /** Buying needs a signed-in user: say so and go to sign-in. */
  | { kind: 'sign-in' }
  /** The Free plan (price and yearly price both 0): activated with no call. */
  | { kind: 'free' }
  | { kind: 'invalid-price' }
  | { kind: 'price-id-missing' }
  | { kind: 'checkout'; priceId: string };

export interface PlanPurchaseInput {
  /** The plan as the page shows it (its prices are what the visitor agreed to). */
  plan: Pick<Plan, 'id' | 'monthlyCents' | 'yearlyCents'>;
  period: BillingPeriod;
  /** false only when the visitor is known to be signed out (unknown: the server decides). */
  signedIn: boolean | null;
  priceIds: PaymentsConfig['priceIds'];
}

export function decidePlanPurchase({ plan, period, signedIn, priceIds }: PlanPurchaseInput): PlanPurchaseDecision {
  if (signedIn === false) return { kind: 'sign-in' };
  if (plan.monthlyCents === 0 && plan.yearlyCents === 0) return { kind: 'free' };
  const effective = period === 'yearly' ? plan.yearlyCents : plan.monthlyCents;
  if (!(effective > 0)) return { kind: 'invalid-price' };
  const priceId = priceIds[plan.id]?.[period];
  if (!priceId) return { kind: 'price-id-missing' };
  return { kind: 'checkout', priceId };
}

/** Whether a coupon counts for a purchase: one tied to a plan counts only for that plan. */
export function couponApplies(coupon: CouponResult | null, plan: PlanId | null): coupon is CouponResult {
  return coupon !== null && (coupon.plan === null || coupon.plan === plan);
}

/** The addresses the provider sends the browser back to (spec: origin + /success and + /pricing). */
export function checkoutReturnUrls(origin: string, successPath: string, cancelPath: string) {
  return { successUrl: `${origin}${successPath}`, cancelUrl: `${origin}${cancelPath}` };
}

/**
 * An address from the server the browser may follow (a checkout's hosted page, the portal's own
 * sandbox page, a receipt, a cancel link): http(s) only, resolved against the portal; null when
 * there is none.
 */
export function followableUrl(url: string | undefined, origin: string): string | null {
  if (!url || url.trim() === '') return null;
  try {
    const target = new URL(url, origin);
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null;
  } catch {
    return null;
  }
}

/**
 * What buying `plan` for `period` does to the paid plan the user has now (the server's rules):
 * another plan, or the same plan in the other period, starts today in place of the current one,
 * and the unused time of the current one is credited against it (the portal works it out, in the
 * sandbox and with Stripe alike: the plan-change preview shows the figures).
 */
export type PlanChange = { kind: 'none' } | { kind: 'replace'; current: { plan: PlanId; period: BillingPeriod } };

export interface PlanChangeInput {
  account: Pick<BillingAccount, 'plan' | 'period' | 'renews_at'> | undefined;
  plan: PlanId;
  period: BillingPeriod;
}

export function planChange({ account, plan, period }: PlanChangeInput): PlanChange {
  if (!account || account.plan === 'free' || plan === 'free') return { kind: 'none' };
  const currentPeriod = account.period ?? 'monthly';
  if (account.plan === plan) {
    // Buying the plan one has in the same period again (after cancelling) adds a period after it.
    if (currentPeriod === period) return { kind: 'none' };
  }
  return { kind: 'replace', current: { plan: account.plan, period: currentPeriod } };
}
