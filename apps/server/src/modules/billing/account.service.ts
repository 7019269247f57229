import type { BillingAccount, Order } from '@nuvem/contracts/billing';
import { addonTypes, plans, type AddonType, type BillingPeriod } from '@nuvem/contracts/pricing';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { currentPlan, isPlanId, type BillingContext } from './billing-context.js';
import type { BillingOrderRow } from './billing.repository.js';

/** An order as the API shows it. */
export function orderView(row: BillingOrderRow): Order {
  return {
    id: row.id,
    kind: row.kind === 'subscription' ? 'subscription' : 'addon',
    description: row.description,
    addon_type: (addonTypes as readonly string[]).includes(row.addonType ?? '') ? (row.addonType as AddonType) : null,
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

  async function account(userId: string): Promise<BillingAccount> {
    const [subscription, balances] = await Promise.all([repo.findSubscription(userId), repo.balances(userId)]);
    const plan = currentPlan(subscription, now());
    const counted = plan !== 'free' && subscription;
    return {
      plan,
      period: counted ? (subscription.period as BillingPeriod) : null,
      status: counted ? (subscription.status as BillingAccount['status']) : null,
      renews_at: counted ? subscription.currentPeriodEnd.toISOString() : null,
      cancel_at_period_end: counted ? subscription.cancelAtPeriodEnd : false,
      balances: {
        tokens: balances.tokens ?? 0,
        consultation: balances.consultation ?? 0,
        development: balances.development ?? 0,
      },
      key_tier: plans[plan].entitlements.keyTier,
      containers: {
        limit: Math.min(plans[plan].entitlements.containers, config.userLimits.containers.count),
        tiers: [...plans[plan].entitlements.containerTiers],
      },
      provider: provider.kind,
    };
  }

  async function orders(userId: string): Promise<Order[]> {
    return (await repo.listOrders(userId)).map(orderView);
  }

  async function order(userId: string, orderId: string): Promise<Order> {
    return orderView(await ownedOrder(userId, orderId));
  }

  /**
   * Model tokens for the `llm` agents this calendar month (UTC): the plan's monthly tokens plus
   * every token pack bought, less what the agents used this month.
   */
  async function tokenBalance(
    userId: string,
  ): Promise<{ included: number; purchased: number; used: number; remaining: number }> {
    const at = now();
    const monthStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
    const [subscription, balances, used] = await Promise.all([
      repo.findSubscription(userId),
      repo.balances(userId),
      repo.tokensUsedSince(userId, monthStart),
    ]);
    // Plans and packs count tokens in millions.
    const included = plans[currentPlan(subscription, now())].tokensIncluded * 1_000_000;
    const purchased = (balances.tokens ?? 0) * 1_000_000;
    return { included, purchased, used, remaining: Math.max(0, included + purchased - used) };
  }

  /** Counts model tokens an agent used (one row per step or chat answer). */
  async function recordTokenUse(
    userId: string,
    tokens: number,
    source: 'workflow' | 'chat',
    ref: string,
  ): Promise<void> {
    if (tokens <= 0) return;
    await repo.insertTokenUse({ id: newId('tokenUsage'), userId, tokens: Math.round(tokens), source, ref });
  }

  return { account, orders, order, tokenBalance, recordTokenUse };
}
