import {
  billingMessages,
  type CalculateRequest,
  type CouponResult,
  type QuoteResponse,
} from '@nuvem/contracts/billing';
import {
  findPack,
  planIds,
  quoteCustom,
  quotePack,
  quotePlan,
  type AddonType,
  type BillingPeriod,
  type PlanId,
  type Quote,
} from '@nuvem/contracts/pricing';
import { AppError } from '../../lib/errors.js';
import type { ServerLanguage } from '../../lib/i18n/language.js';
import { invalidCoupon, isPlanId, type BillingContext } from './billing-context.js';
import type { BillingCouponRow } from './billing.repository.js';
import { describeItem, itemName } from './item-names.js';

/**
 * The order's stored description: its pt-PT name, as orders have always kept it (invoices print
 * it); readers get the name from the codes in their own language (`item-names.ts`).
 */
function storedDescription(codes: Parameters<typeof itemName>[0]): string {
  return itemName(codes, 'pt-PT') ?? '';
}

/** A purchase priced on the server's tables: what an order is created from. */
export interface Priced {
  quote: Quote;
  description: string;
  addonType: AddonType | null;
  pack: string | null;
  quantity: number | null;
  plan: PlanId | null;
  period: BillingPeriod | null;
  coupon: BillingCouponRow | null;
}

function couponResult(coupon: BillingCouponRow): CouponResult {
  return {
    valid: true,
    code: coupon.code,
    percentOff: coupon.percentOff,
    description: coupon.description,
    plan: isPlanId(coupon.plan) ? coupon.plan : null,
  };
}

/** Prices and coupons: quotes, coupon checks, and a plan's price ids. */
export function createPricing(ctx: BillingContext) {
  const { repo, config, provider, now } = ctx;
  const payments = config.payments;
  const currency = payments.currency;

  /** A coupon that can be used now (for `plan`, when it is restricted to one), or 404 INVALID_COUPON. */
  async function usableCoupon(code: string, purchase: { plan: PlanId | null }): Promise<BillingCouponRow> {
    const coupon = await repo.findCoupon(code);
    const at = now();
    if (
      !coupon ||
      coupon.disabledAt ||
      (coupon.expiresAt && coupon.expiresAt <= at) ||
      (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions)
    ) {
      throw invalidCoupon();
    }
    if (coupon.plan && coupon.plan !== purchase.plan) {
      throw new AppError(400, billingMessages.couponPlan, 'COUPON_NOT_APPLICABLE');
    }
    return coupon;
  }

  /** Prices a request on the server's own tables (a client's price is never read). */
  async function price(body: CalculateRequest): Promise<Priced> {
    if ('plan' in body) {
      const coupon = body.couponCode ? await usableCoupon(body.couponCode, { plan: body.plan }) : null;
      return {
        quote: quotePlan(body.plan, body.period, coupon?.percentOff ?? 0),
        description: storedDescription({
          plan: body.plan,
          period: body.period,
          addonType: null,
          pack: null,
          quantity: null,
        }),
        addonType: null,
        pack: null,
        quantity: null,
        plan: body.plan,
        period: body.period,
        coupon,
      };
    }
    const coupon = body.couponCode ? await usableCoupon(body.couponCode, { plan: null }) : null;
    const percent = coupon?.percentOff ?? 0;
    if (body.pack !== undefined) {
      const pack = findPack(body.type, body.pack);
      if (!pack) throw AppError.badRequest(`Unknown ${body.type} pack '${body.pack}'`, 'UNKNOWN_PACK');
      return {
        quote: quotePack(pack, percent),
        description: storedDescription({
          addonType: body.type,
          pack: pack.id,
          quantity: pack.quantity,
          plan: null,
          period: null,
        }),
        addonType: body.type,
        pack: pack.id,
        quantity: pack.quantity,
        plan: null,
        period: null,
        coupon,
      };
    }
    const quantity = body.quantity ?? 0;
    return {
      quote: quoteCustom(body.type, quantity, percent),
      description: storedDescription({ addonType: body.type, pack: null, quantity, plan: null, period: null }),
      addonType: body.type,
      pack: null,
      quantity,
      plan: null,
      period: null,
      coupon,
    };
  }

  /** The provider's coupon for a portal coupon, created there the first time (Stripe); null in the sandbox. */
  async function ensureMirrored(coupon: BillingCouponRow): Promise<string | null> {
    if (coupon.stripeCouponId) return coupon.stripeCouponId;
    const id = await provider.mirrorCoupon({
      code: coupon.code,
      percentOff: coupon.percentOff,
      description: coupon.description,
      expiresAt: coupon.expiresAt,
      maxRedemptions: coupon.maxRedemptions,
    });
    if (id) await repo.updateCoupon(coupon.code, { stripeCouponId: id });
    return id;
  }

  /** The plan and period a configured price id stands for, or null. */
  function findPrice(priceId: string): { plan: PlanId; period: BillingPeriod } | null {
    for (const plan of planIds) {
      for (const [period, id] of Object.entries(payments.priceIds[plan] ?? {})) {
        if (id === priceId) return { plan, period: period as BillingPeriod };
      }
    }
    return null;
  }

  function paymentsConfig() {
    return { provider: provider.kind, currency, priceIds: payments.priceIds };
  }

  async function validateCoupon(code: string, plan: PlanId | undefined): Promise<CouponResult> {
    const coupon = await usableCoupon(code, { plan: plan ?? null }).catch((error: unknown) => {
      // Without a plan, a coupon restricted to one is still a valid code (the page says which plan).
      if (plan === undefined && error instanceof AppError && error.code === 'COUPON_NOT_APPLICABLE') return null;
      throw error;
    });
    const found = coupon ?? (await repo.findCoupon(code));
    if (!found) throw invalidCoupon();
    return couponResult(found);
  }

  /** A quote, its item named in `language` (the stored pt-PT name when the request named none). */
  async function calculate(body: CalculateRequest, language: ServerLanguage | null = null): Promise<QuoteResponse> {
    const priced = await price(body);
    const description = describeItem(priced, priced.description, language);
    return { currency, description, ...priced.quote };
  }

  return { price, ensureMirrored, findPrice, paymentsConfig, validateCoupon, calculate };
}

export type Pricing = ReturnType<typeof createPricing>;
