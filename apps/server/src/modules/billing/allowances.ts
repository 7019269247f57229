import type { Allowance } from '@nuvem/contracts/billing';
import { plans, type PlanId } from '@nuvem/contracts/pricing';
import { newId } from '../../lib/ids.js';
import { allowancesRepository } from './allowances.repository.js';
import { currentPlan, isPlanId, type BillingDb } from './billing-context.js';
import type { BillingSubscriptionRow } from './billing.repository.js';
import { allowanceMonthAt, type Span } from './periods.js';

/** The ledger kinds a plan's monthly allowance credits: tokens (millions) and consultation hours. */
export const allowanceKinds = ['tokens', 'consultation'] as const;
export type AllowanceKind = (typeof allowanceKinds)[number];

const kindWords: Record<AllowanceKind, (amount: number) => string> = {
  tokens: (amount) => `${String(amount)}M tokens`,
  consultation: (amount) => `${String(amount)}h de consultoria`,
};

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The ledger key of a plan's allowance for the month starting at `start`: one credit per month and kind. */
export function allowanceKey(plan: PlanId, start: Date): string {
  return `${plan}:${start.toISOString()}`;
}

/** What an allowance entry's key says: the plan and the month's start. */
function parseKey(key: string): { plan: PlanId; start: string } | null {
  const at = key.indexOf(':');
  const plan = key.slice(0, at);
  return at > 0 && isPlanId(plan) ? { plan, start: key.slice(at + 1) } : null;
}

/**
 * A plan's allowances on the ledger: each month of a paid plan (months from its billing anchor,
 * for yearly plans too) credits the plan's tokens and consultation hours once (the ledger's
 * unique user + kind + period key), lapsing at the month's end or when the plan is replaced.
 * On the database or the caller's transaction (`db`).
 */
export function allowancesLedger(db: BillingDb) {
  const ledger = allowancesRepository(db);

  /** Credits `plan`'s allowance for `month` (nothing twice; nothing for a kind the plan does not include). */
  async function creditMonth(userId: string, plan: PlanId, month: Span): Promise<void> {
    const { name } = plans[plan];
    const amounts: Record<AllowanceKind, number> = {
      tokens: plans[plan].tokensIncluded,
      consultation: plans[plan].consultationIncluded,
    };
    const rows = allowanceKinds
      .filter((kind) => amounts[kind] > 0)
      .map((kind) => ({
        id: newId('ledger'),
        userId,
        kind,
        delta: amounts[kind],
        orderId: null,
        reason: `Plano ${name}: ${kindWords[kind](amounts[kind])} incluídos no mês de ${day(month.start)}; expiram a ${month.end.toISOString()} (ou quando o plano mudar)`,
        expiresAt: month.end,
        periodKey: allowanceKey(plan, month.start),
      }));
    await ledger.insertEntries(rows);
  }

  /**
   * Credits the allowance of the month containing `at` when the subscription is an active paid
   * plan then: what the renewals job does at each month boundary, and what a read does when the
   * job is late (exactly once either way).
   */
  async function creditDue(subscription: BillingSubscriptionRow, at: Date): Promise<void> {
    const plan = currentPlan(subscription, at);
    if (plan === 'free' || subscription.status !== 'active' || !subscription.anchorAt) return;
    if (subscription.currentPeriodStart && subscription.currentPeriodStart > at) return;
    const month = allowanceMonthAt(subscription.anchorAt, at);
    // A month never outlives the paid period (Stripe's period end may fall a moment earlier).
    const end = month.end > subscription.currentPeriodEnd ? subscription.currentPeriodEnd : month.end;
    await creditMonth(subscription.userId, plan, { start: month.start, end });
  }

  /** The user's subscription, then its due allowance (see creditDue). */
  async function creditDueFor(userId: string, at: Date): Promise<void> {
    const subscription = await ledger.findSubscription(userId);
    if (subscription) await creditDue(subscription, at);
  }

  /** The user's subscription, its row locked until the transaction ends (a renewal is decided once). */
  async function lockedSubscription(userId: string): Promise<BillingSubscriptionRow | undefined> {
    return ledger.lockSubscription(userId);
  }

  /** Every active paid subscription's due allowance (the renewals job), `limit` per call. */
  async function creditAllDue(at: Date, limit = 1000): Promise<void> {
    const paid = Object.values(plans)
      .filter((plan) => plan.tokensIncluded > 0 || plan.consultationIncluded > 0)
      .map((plan) => plan.id)
      .filter((id) => id !== 'free');
    const rows = await ledger.subscriptionsWithoutAllowance(at, paid, limit);
    for (const subscription of rows) await creditDue(subscription, at);
  }

  /** A replaced plan's live allowance lapses now. */
  async function lapse(userId: string, at: Date): Promise<void> {
    await ledger.lapseAllowances(userId, at);
  }

  /** Balances from the live entries only (an allowance that lapsed no longer counts). */
  async function liveBalances(userId: string, at: Date): Promise<Record<string, number>> {
    return ledger.liveBalances(userId, at);
  }

  /** The live allowances: what each is, and when it lapses. */
  async function liveAllowances(userId: string, at: Date): Promise<Allowance[]> {
    const rows = await ledger.liveAllowances(userId, at);
    return rows.flatMap((row): Allowance[] => {
      const key = row.periodKey ? parseKey(row.periodKey) : null;
      if (!key || !row.expiresAt || (row.kind !== 'tokens' && row.kind !== 'consultation')) return [];
      return [
        {
          kind: row.kind,
          amount: row.delta,
          plan: key.plan,
          period_start: key.start,
          expires_at: row.expiresAt.toISOString(),
        },
      ];
    });
  }

  /** Account credit (cents) usable now. */
  async function creditBalance(userId: string, at: Date): Promise<number> {
    return (await liveBalances(userId, at)).credit ?? 0;
  }

  /** An order's account-credit movement: one entry per order (credit used, or proration left over). */
  async function moveCredit(userId: string, orderId: string, deltaCents: number, reason: string): Promise<void> {
    if (deltaCents === 0) return;
    await ledger.insertEntries([{ id: newId('ledger'), userId, kind: 'credit', delta: deltaCents, orderId, reason }]);
  }

  return {
    creditMonth,
    creditDue,
    creditDueFor,
    creditAllDue,
    lockedSubscription,
    lapse,
    liveBalances,
    liveAllowances,
    creditBalance,
    moveCredit,
  };
}

export type AllowancesLedger = ReturnType<typeof allowancesLedger>;
