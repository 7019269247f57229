import { billingMessages, type PlanChangePreview } from '@nuvem/contracts/billing';
import { vatFor, taxOf, type TaxTreatment } from '@nuvem/contracts/tax';
import { AppError } from '../../lib/errors.js';
import { allowancesLedger } from './allowances.js';
import { currentPlan, isPlanId, type BillingContext, type BillingDb } from './billing-context.js';
import type { BillingQueries } from './billing.repository.js';
import { customersRepository } from './customers.repository.js';
import type { Priced } from './pricing.service.js';
import { applyCredits, planChangeOf, unusedCents } from './proration.js';

/** Every amount an order carries, computed in one place (the checkout, the preview and renewals agree). */
export interface OrderAmounts {
  subtotalCents: number;
  discountCents: number;
  prorationCents: number;
  prorationOfOrderId: string | null;
  creditAppliedCents: number;
  netCents: number;
  taxRateBp: number;
  taxCents: number;
  taxTreatment: TaxTreatment;
  buyerCountry: string | null;
  buyerVatNumber: string | null;
  totalCents: number;
  /** Proration beyond the new price: account credit once the order is paid. */
  creditLeftCents: number;
}

/**
 * Order amounts: the quote (list price, coupon), then for a plan the unused time of the plan it
 * replaces and the account credit, then VAT from the buyer's billing details. The checkout, the
 * plan-change preview and the sandbox renewals all price through `amounts`.
 */
export function createOrderPricing(ctx: BillingContext) {
  const { config, repo, now } = ctx;

  async function vatOf(db: BillingDb, userId: string) {
    const customer = await customersRepository(db).findCustomer(userId);
    const buyerCountry = customer?.country ?? null;
    const buyerVatNumber = customer?.vatNumber ?? null;
    const vat = vatFor({ sellerCountry: config.payments.seller.country, buyerCountry, vatNumber: buyerVatNumber });
    return { ...vat, buyerCountry, buyerVatNumber };
  }

  /** For a plan purchase: how it relates to the current plan, and the unused time it credits. */
  async function prorationOf(userId: string, priced: Priced, tx: BillingQueries, at: Date) {
    if (!priced.plan || !priced.period) return { change: null, prorationCents: 0, prorationOfOrderId: null };
    const subscription = await tx.findSubscription(userId);
    const change = planChangeOf(subscription, priced.plan, priced.period, at);
    const oldOrder =
      change.kind === 'replaces' && change.previous.orderId ? await tx.findOrder(change.previous.orderId) : undefined;
    const prorationCents = unusedCents(change, oldOrder, at);
    return { change, prorationCents, prorationOfOrderId: prorationCents > 0 && oldOrder ? oldOrder.id : null };
  }

  /**
   * The amounts of an order for `priced`, read inside the caller's transaction (`tx`, `db`).
   * A plan purchase (`purpose` 'purchase', the default) credits the replaced plan's unused time;
   * plan charges (purchases and renewals) use the account credit.
   */
  async function amounts(
    userId: string,
    priced: Priced,
    on: { tx: BillingQueries; db: BillingDb },
    options: { purpose?: 'purchase' | 'renewal'; at?: Date } = {},
  ): Promise<OrderAmounts> {
    const at = options.at ?? now();
    const isPlan = priced.plan !== null && priced.period !== null;
    const vat = await vatOf(on.db, userId);
    const { prorationCents, prorationOfOrderId } =
      isPlan && options.purpose !== 'renewal'
        ? await prorationOf(userId, priced, on.tx, at)
        : { prorationCents: 0, prorationOfOrderId: null };
    const creditBalanceCents = isPlan ? Math.max(0, await allowancesLedger(on.db).creditBalance(userId, at)) : 0;
    const { netCents, creditAppliedCents, creditLeftCents } = applyCredits({
      subtotalCents: priced.quote.subtotalCents,
      discountCents: priced.quote.discountCents,
      prorationCents,
      creditBalanceCents,
    });
    const taxCents = taxOf(netCents, vat.rateBp);
    return {
      subtotalCents: priced.quote.subtotalCents,
      discountCents: priced.quote.discountCents,
      prorationCents,
      prorationOfOrderId,
      creditAppliedCents,
      netCents,
      taxRateBp: vat.rateBp,
      taxCents,
      taxTreatment: vat.treatment,
      buyerCountry: vat.buyerCountry,
      buyerVatNumber: vat.buyerVatNumber,
      totalCents: netCents + taxCents,
      creditLeftCents,
    };
  }

  /**
   * What a plan checkout would charge now (GET /subscriptions/preview): the same `amounts` the
   * checkout inserts, with the plan it replaces and the new period. The same plan and period as
   * the current one (not cancelled) is refused as the checkout refuses it.
   */
  async function preview(userId: string, priced: Priced): Promise<PlanChangePreview> {
    const { plan, period } = priced;
    if (!plan || !period) throw AppError.badRequest(billingMessages.unknownPrice, 'UNKNOWN_PRICE');
    if (plan === 'free') throw AppError.badRequest(billingMessages.freePlanNoCheckout, 'FREE_PLAN');
    const at = now();
    return repo.transaction(async (tx, db) => {
      const subscription = await tx.findSubscription(userId);
      if (
        currentPlan(subscription, at) === plan &&
        subscription?.period === period &&
        !subscription.cancelAtPeriodEnd
      ) {
        throw new AppError(409, billingMessages.alreadySubscribed, 'ALREADY_SUBSCRIBED');
      }
      const amount = await amounts(userId, priced, { tx, db }, { at });
      const change = planChangeOf(subscription, plan, period, at);
      const replaced = change.kind === 'replaces' ? change.previous : null;
      return {
        plan,
        period,
        currency: config.payments.currency,
        replaces:
          replaced && isPlanId(replaced.plan)
            ? {
                plan: replaced.plan,
                period: replaced.period === 'yearly' ? 'yearly' : 'monthly',
                ends_at: replaced.currentPeriodEnd.toISOString(),
              }
            : null,
        subtotal_cents: amount.subtotalCents,
        discount_cents: amount.discountCents,
        proration_cents: amount.prorationCents,
        credit_applied_cents: amount.creditAppliedCents,
        net_cents: amount.netCents,
        tax_rate_bp: amount.taxRateBp,
        tax_cents: amount.taxCents,
        tax_treatment: amount.taxTreatment,
        total_cents: amount.totalCents,
        credit_left_cents: amount.creditLeftCents,
        period_start: change.span.start.toISOString(),
        period_end: change.span.end.toISOString(),
      };
    });
  }

  return { amounts, vatOf, preview };
}

export type OrderPricing = ReturnType<typeof createOrderPricing>;
