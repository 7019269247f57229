import { plans, type BillingPeriod, type PlanId } from '@nuvem/contracts/pricing';
import { newId } from '../../lib/ids.js';
import { allowancesLedger } from './allowances.js';
import {
  currentPlan,
  isPlanId,
  type BillingContext,
  type BillingDb,
  type PaymentConfirmation,
} from './billing-context.js';
import type { BillingOrderRow, BillingQueries } from './billing.repository.js';
import type { Invoices } from './invoices.service.js';
import { periodAfter } from './periods.js';
import { creditLeftOf, planChangeOf } from './proration.js';

/** What a paid order did inside its transaction: the order, and a provider subscription it replaced. */
export interface Fulfilled {
  order: BillingOrderRow;
  /** The provider's id of a subscription the new plan replaced (to be ended there), or null. */
  replaced: string | null;
}

/** Fulfilment: a paid order becomes tokens or hours on the ledger, or a plan, and what the plan unlocks. */
export function createFulfilment(ctx: BillingContext, use: { invoices: Invoices }) {
  const { repo, bus, log, now } = ctx;
  const { invoices } = use;

  /** Makes what the plan unlocks true now: the workspace's API keys on the plan's tier. */
  async function syncEntitlements(workspaceId: string): Promise<PlanId> {
    const plan = currentPlan(await repo.findSubscription(workspaceId), now());
    await ctx.setKeyTier(workspaceId, plans[plan].entitlements.keyTier);
    return plan;
  }

  /** A plan bought (not renewed) goes in the workspace's audit log, by the member who placed it. */
  async function auditPlanBought(order: BillingOrderRow): Promise<void> {
    if (order.kind !== 'subscription' || order.purpose === 'renewal' || !isPlanId(order.plan)) return;
    try {
      await ctx.audit?.(
        order.userId,
        { userId: order.placedBy, via: 'system' },
        {
          action: 'plan.bought',
          target: { type: 'plan', id: order.plan, label: plans[order.plan].name },
          details: { plan: order.plan, period: order.period, order_id: order.id },
        },
      );
    } catch (error) {
      // The payment stands: a log line instead of the audit entry.
      log.warn({ err: error, orderId: order.id }, 'could not audit plan.bought');
    }
  }

  /**
   * The transaction's part of fulfilment, in the caller's transaction (`tx`, `db`): pending ->
   * paid, the invoice, then tokens or hours credited (one entry per order), or the plan set with
   * its calendar period, its allowance, proration and account credit. Null when the order was not
   * pending (already fulfilled: nothing happens twice).
   */
  async function fulfilIn(
    tx: BillingQueries,
    db: BillingDb,
    orderId: string,
    confirmation: PaymentConfirmation,
    at: Date,
  ): Promise<Fulfilled | null> {
    // The workspace's lock before the order's row, the order checkouts take them in: no deadlock with a
    // checkout closing this order meanwhile.
    const owner = (await tx.findOrder(orderId))?.userId;
    if (owner) await tx.lockUser(owner);
    const order = await tx.markPaid(orderId, {
      providerRef: confirmation.subscriptionId ?? confirmation.providerRef,
      receiptUrl: confirmation.receiptUrl,
      paidAt: at,
    });
    if (!order) return null;
    await invoices.issueForOrder(db, order, at);
    let replaced: string | null = null;
    if (order.kind === 'addon' && order.addonType && order.quantity) {
      await tx.credit({
        id: newId('ledger'),
        userId: order.userId,
        kind: order.addonType,
        delta: order.quantity,
        orderId: order.id,
        reason: order.description,
      });
    } else if (order.kind === 'subscription' && isPlanId(order.plan)) {
      replaced = await setPlan(tx, db, order, order.plan, confirmation, at);
    }
    return { order, replaced };
  }

  /** After the transaction: the replaced subscription ended at the provider, entitlements, receipt, event. */
  async function afterPaid(orderId: string, fulfilled: Fulfilled | null): Promise<void> {
    // Stripe's own proration only when the portal did not credit the unused time itself.
    if (fulfilled?.replaced) {
      await ctx.cancelReplaced(fulfilled.replaced, { prorate: fulfilled.order.prorationCents === 0 });
    }
    const paid = fulfilled?.order;
    const userId = paid?.userId ?? (await repo.findOrder(orderId))?.userId;
    if (userId) await syncEntitlements(userId);
    if (paid) {
      log.info({ orderId, userId: paid.userId, kind: paid.kind, totalCents: paid.totalCents }, 'order paid');
      await ctx.sendReceipt?.(paid);
      await auditPlanBought(paid);
      await bus
        .publish(paid.userId, 'billing.updated', { order_id: paid.id, status: 'paid' })
        .catch((error: unknown) => log.warn({ err: error }, 'could not publish billing.updated'));
    }
  }

  /**
   * The one fulfilment, for the sandbox's card form and Stripe's webhook alike, exactly once per
   * order, in one transaction (see fulfilIn). Then the plan's entitlements are applied (repeated
   * safely when a retry comes back here). Returns the order, or null when it was not pending.
   */
  async function fulfil(orderId: string, confirmation: PaymentConfirmation): Promise<BillingOrderRow | null> {
    const at = now();
    const fulfilled = await repo.transaction((tx, db) => fulfilIn(tx, db, orderId, confirmation, at));
    await afterPaid(orderId, fulfilled);
    return fulfilled?.order ?? null;
  }

  /**
   * Sets the plan a paid subscription order bought, in the fulfilment's transaction:
   * - a renewal: the next calendar period from the anchor;
   * - the same plan and period bought again (it was cancelled): a period after the current one;
   * - a new plan, or another plan or period: it starts now (the anchor), the old allowance lapses,
   *   the replaced plan's unused time (`prorationCents`, priced at checkout) is a line of this
   *   order's invoice.
   * Then account credit moves (credit used, or proration beyond the price left as credit) and the
   * month's allowance is credited. Returns the provider's id of a subscription this one replaces
   * (to be ended there), or null.
   */
  async function setPlan(
    tx: BillingQueries,
    db: BillingDb,
    order: BillingOrderRow,
    plan: PlanId,
    confirmation: PaymentConfirmation,
    at: Date,
  ): Promise<string | null> {
    const ledger = allowancesLedger(db);
    const period: BillingPeriod = order.period === 'yearly' ? 'yearly' : 'monthly';
    const previous = await tx.findSubscription(order.userId);
    const previousId = previous?.providerSubscriptionId ?? null;
    const replaced =
      previousId && previousId !== (confirmation.subscriptionId ?? null) && previous?.status !== 'cancelled'
        ? previousId
        : null;
    let anchorAt: Date;
    let currentPeriodStart: Date;
    let currentPeriodEnd: Date;
    if (order.purpose === 'renewal' && previous) {
      anchorAt = previous.anchorAt ?? previous.currentPeriodEnd;
      const next = periodAfter(anchorAt, period, previous.currentPeriodEnd);
      currentPeriodStart = confirmation.currentPeriodStart ?? next.start;
      currentPeriodEnd = confirmation.currentPeriodEnd ?? next.end;
    } else {
      const change = planChangeOf(previous, plan, period, at);
      anchorAt = change.anchor;
      currentPeriodStart = change.kind === 'continues' ? change.currentStart : (confirmation.currentPeriodStart ?? at);
      currentPeriodEnd = confirmation.currentPeriodEnd ?? change.span.end;
      // A new plan: whatever is left of the old plan's allowance lapses now.
      if (change.kind !== 'continues') await ledger.lapse(order.userId, at);
      // The replaced plan's unused time is on this order's invoice as a negative line (as Stripe
      // invoices a proration), so its VAT follows: no credit note, which would take that VAT off twice.
    }
    const creditLeft = creditLeftOf(order);
    // The credit this order was priced with may have been spent meanwhile (a renewal ran while its
    // checkout was open): under the user's lock (taken above), never take more than is there.
    const available = await ledger.creditBalance(order.userId, at);
    const used = Math.min(order.creditAppliedCents, Math.max(0, available));
    if (used < order.creditAppliedCents) {
      log.warn({ orderId: order.id, priced: order.creditAppliedCents, available }, 'account credit spent meanwhile');
    }
    await ledger.moveCredit(
      order.userId,
      order.id,
      creditLeft - used,
      creditLeft > 0
        ? `Crédito: tempo não usado do plano anterior além do preço de "${order.description}" (não expira)`
        : `Crédito usado em "${order.description}"`,
    );
    await tx.upsertSubscription({
      userId: order.userId,
      plan,
      period,
      status: 'active',
      anchorAt,
      currentPeriodStart,
      currentPeriodEnd,
      cancelAtPeriodEnd: false,
      provider: order.provider,
      providerSubscriptionId: confirmation.subscriptionId ?? null,
      orderId: order.id,
    });
    await ledger.creditDueFor(order.userId, at);
    return replaced;
  }

  return { fulfil, fulfilIn, afterPaid, syncEntitlements };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
