import type { BillingAccount, Order } from '@nuvem/contracts/billing';
import { taxTreatments, type TaxTreatment } from '@nuvem/contracts/tax';
import { addonTypes, plans, type AddonType, type BillingPeriod } from '@nuvem/contracts/pricing';
import { AppError } from '../../lib/errors.js';
import type { ServerLanguage } from '../../lib/i18n/language.js';
import { invoiceNumbers } from './invoices.service.js';
import { newId } from '../../lib/ids.js';
import { allowancesLedger } from './allowances.js';
import { currentPlan, isPlanId, type BillingContext } from './billing-context.js';
import type { BillingOrderRow } from './billing.repository.js';
import { customersRepository } from './customers.repository.js';
import { describeItem } from './item-names.js';
import { allowanceMonthAt } from './periods.js';
import { periodStartOf } from './proration.js';

export function taxTreatmentOf(value: string): TaxTreatment {
  return (taxTreatments as readonly string[]).includes(value) ? (value as TaxTreatment) : 'domestic';
}

/**
 * An order as the API shows it (`invoiceNumber`: its invoice's, once paid), its item named in
 * `language` from its codes (the stored text when the request named no language).
 */
export function orderView(
  row: BillingOrderRow,
  invoiceNumber: string | null = null,
  language: ServerLanguage | null = null,
): Order {
  return {
    id: row.id,
    kind: row.kind === 'subscription' ? 'subscription' : 'addon',
    description: describeItem(row, row.description, language),
    addon_type: (addonTypes as readonly string[]).includes(row.addonType ?? '') ? (row.addonType as AddonType) : null,
    pack: row.pack,
    quantity: row.quantity,
    plan: isPlanId(row.plan) ? row.plan : null,
    period: row.period === 'monthly' || row.period === 'yearly' ? row.period : null,
    coupon_code: row.couponCode,
    subtotal_cents: row.subtotalCents,
    discount_cents: row.discountCents,
    total_cents: row.totalCents,
    currency: row.currency,
    status: row.status as Order['status'],
    provider: row.provider === 'stripe' ? 'stripe' : 'sandbox',
    purpose: row.purpose === 'renewal' ? 'renewal' : 'purchase',
    proration_cents: row.prorationCents,
    credit_applied_cents: row.creditAppliedCents,
    net_cents: row.netCents,
    tax_rate_bp: row.taxRateBp,
    tax_cents: row.taxCents,
    tax_treatment: taxTreatmentOf(row.taxTreatment),
    invoice_number: invoiceNumber,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    receipt_url: row.receiptUrl,
  };
}

/** The account's views: its plan and balances, its orders, and the model tokens it used. */
export function createAccountViews(ctx: BillingContext) {
  const { repo, config, provider, now } = ctx;

  async function ownedOrder(userId: string, orderId: string): Promise<BillingOrderRow> {
    const order = await repo.findOrder(orderId);
    // Another user's order is answered like a missing one.
    if (order?.userId !== userId) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
    return order;
  }

  /**
   * The account: its plan and period, the live balances (purchases plus the live allowances; the
   * month's allowance credited here if the renewals job has not yet), the allowances and when each
   * lapses, account credit, and what the plan unlocks.
   */
  async function account(userId: string): Promise<BillingAccount> {
    const at = now();
    const { subscription, balances, allowances, stripeCustomer } = await repo.transaction(async (tx, db) => {
      const ledger = allowancesLedger(db);
      await ledger.creditDueFor(userId, at);
      // One after another: a transaction is one connection.
      const row = await tx.findSubscription(userId);
      const live = await ledger.liveBalances(userId, at);
      const listed = await ledger.liveAllowances(userId, at);
      const customer = provider.kind === 'stripe' ? await customersRepository(db).findCustomer(userId) : undefined;
      return { subscription: row, balances: live, allowances: listed, stripeCustomer: customer?.stripeCustomerId };
    });
    const plan = currentPlan(subscription, at);
    const counted = plan !== 'free' && subscription;
    const planContainers = plans[plan].entitlements.containers;
    return {
      plan,
      period: counted ? (subscription.period as BillingPeriod) : null,
      status: counted ? (subscription.status as BillingAccount['status']) : null,
      renews_at: counted ? subscription.currentPeriodEnd.toISOString() : null,
      period_start: counted ? periodStartOf(subscription).toISOString() : null,
      cancel_at_period_end: counted ? subscription.cancelAtPeriodEnd : false,
      balances: {
        tokens: balances.tokens ?? 0,
        consultation: balances.consultation ?? 0,
        development: balances.development ?? 0,
      },
      allowances,
      credit_cents: balances.credit ?? 0,
      customer_portal: provider.kind === 'stripe' && Boolean(stripeCustomer),
      key_tier: plans[plan].entitlements.keyTier,
      containers: {
        // With PLAN_QUOTAS the plan's figure (within the operator's cap, checked at start); without, the cap alone.
        limit: config.payments.planQuotas
          ? Math.min(planContainers, config.userLimits.containers.count)
          : config.userLimits.containers.count,
        tiers: [...plans[plan].entitlements.containerTiers],
      },
      provider: provider.kind,
    };
  }

  /** The orders as the API shows them, each with its invoice's number once paid. */
  async function withInvoiceNumbers(rows: BillingOrderRow[], language: ServerLanguage | null): Promise<Order[]> {
    const paid = rows.filter((row) => row.status === 'paid').map((row) => row.id);
    const numbers =
      paid.length > 0 ? await repo.transaction((_tx, db) => invoiceNumbers(db, paid)) : new Map<string, string>();
    return rows.map((row) => orderView(row, numbers.get(row.id) ?? null, language));
  }

  async function orders(userId: string, language: ServerLanguage | null = null): Promise<Order[]> {
    return withInvoiceNumbers(await repo.listOrders(userId), language);
  }

  async function order(userId: string, orderId: string, language: ServerLanguage | null = null): Promise<Order> {
    const [view] = await withInvoiceNumbers([await ownedOrder(userId, orderId)], language);
    if (!view) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
    return view;
  }

  /**
   * Model tokens for the `llm` agents: the live token allowance of a paid plan (its month from the
   * billing anchor; credited here if the renewals job is late) plus every token pack bought (never
   * expiring). The agents spend the allowance first (what they used since the allowance month
   * began), then packs: what was taken from packs is spent for good, so neither a new month nor a
   * plan change refills them. Free has no ledger allowance: its 2M a month are computed here, per
   * calendar month (UTC), as before.
   */
  async function tokenBalance(
    userId: string,
  ): Promise<{ included: number; purchased: number; used: number; allowanceLeft: number; remaining: number }> {
    const at = now();
    const { subscription, allowanceMillions, purchasedMillions } = await repo.transaction(async (tx, db) => {
      const ledger = allowancesLedger(db);
      await ledger.creditDueFor(userId, at);
      const row = await tx.findSubscription(userId);
      const allowances = await ledger.liveAllowances(userId, at);
      const balances = await ledger.liveBalances(userId, at);
      const live = allowances.filter((allowance) => allowance.kind === 'tokens');
      const allowance = live.reduce((total, entry) => total + entry.amount, 0);
      return { subscription: row, allowanceMillions: allowance, purchasedMillions: (balances.tokens ?? 0) - allowance };
    });
    const plan = currentPlan(subscription, at);
    let since = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
    let includedMillions = plans.free.tokensIncluded;
    if (plan !== 'free' && subscription) {
      includedMillions = allowanceMillions;
      if (subscription.anchorAt) since = allowanceMonthAt(subscription.anchorAt, at).start;
      // A plan replaced this month: its tokens are counted from the new plan's start.
      const start = periodStartOf(subscription);
      if (start > since && start <= at) since = start;
    }
    const [used, packsUsed] = await Promise.all([repo.tokensUsedSince(userId, since), repo.packTokensUsed(userId)]);
    // Plans and packs count tokens in millions.
    const included = includedMillions * 1_000_000;
    const purchased = Math.max(0, purchasedMillions) * 1_000_000;
    const allowanceLeft = Math.max(0, included - (used.total - used.fromPacks));
    const packsLeft = Math.max(0, purchased - packsUsed);
    return { included, purchased, used: used.total, allowanceLeft, remaining: allowanceLeft + packsLeft };
  }

  /** Counts model tokens an agent used (one row per step or chat answer). */
  async function recordTokenUse(
    userId: string,
    tokens: number,
    source: 'workflow' | 'chat',
    ref: string,
  ): Promise<void> {
    if (tokens <= 0) return;
    const counted = Math.round(tokens);
    // Beyond what is left of the allowance, the tokens come from the packs, for good.
    const { allowanceLeft } = await tokenBalance(userId);
    const fromPacks = Math.max(0, counted - allowanceLeft);
    await repo.insertTokenUse({
      id: newId('tokenUsage'),
      userId,
      tokens: counted,
      fromPacks,
      source,
      ref,
      createdAt: now(),
    });
  }

  return { account, orders, order, tokenBalance, recordTokenUse };
}
