import { and, eq, gt, inArray, isNotNull, isNull, or, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { billingLedger } from '../../db/schema/billing-ledger.js';
import { billingSubscriptions, type BillingSubscriptionRow } from '../../db/schema/billing-subscriptions.js';

export type LedgerInsert = typeof billingLedger.$inferInsert;
export type LedgerRow = typeof billingLedger.$inferSelect;

/** A live entry counts at `at`: it never expires, or expires later. */
function live(at: Date) {
  return or(isNull(billingLedger.expiresAt), gt(billingLedger.expiresAt, at));
}

/**
 * The ledger's allowance and account-credit SQL (allowances.ts), on the database or the caller's
 * transaction: entries that lapse (`expiresAt`), one per user, kind and period key.
 */
export function allowancesRepository(db: Database) {
  return {
    /** Inserts entries, skipping any already there (same order and kind, or same user, kind and period key). */
    async insertEntries(rows: LedgerInsert[]): Promise<void> {
      if (rows.length > 0) await db.insert(billingLedger).values(rows).onConflictDoNothing();
    },

    /** Every live allowance entry of the user lapses at `at`. */
    async lapseAllowances(userId: string, at: Date): Promise<void> {
      await db
        .update(billingLedger)
        .set({ expiresAt: at })
        .where(and(eq(billingLedger.userId, userId), isNotNull(billingLedger.periodKey), live(at)));
    },

    /** Balances per kind from the entries live at `at`. */
    async liveBalances(userId: string, at: Date): Promise<Record<string, number>> {
      const rows = await db
        .select({ kind: billingLedger.kind, total: sum(billingLedger.delta).mapWith(Number) })
        .from(billingLedger)
        .where(and(eq(billingLedger.userId, userId), live(at)))
        .groupBy(billingLedger.kind);
      return Object.fromEntries(rows.map((row) => [row.kind, row.total]));
    },

    /** The allowance entries live at `at`. */
    async liveAllowances(userId: string, at: Date): Promise<LedgerRow[]> {
      return db
        .select()
        .from(billingLedger)
        .where(
          and(eq(billingLedger.userId, userId), isNotNull(billingLedger.periodKey), gt(billingLedger.expiresAt, at)),
        )
        .orderBy(billingLedger.kind, billingLedger.createdAt);
    },

    async findSubscription(userId: string): Promise<BillingSubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.userId, userId))
        .limit(1);
      return row;
    },

    /** The user's subscription, its row locked until the transaction ends (a renewal is decided once). */
    async lockSubscription(userId: string): Promise<BillingSubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.userId, userId))
        .limit(1)
        .for('update');
      return row;
    },

    /** Active subscriptions of `plans`, in a period at `at`, with no live allowance (their month not credited yet). */
    async subscriptionsWithoutAllowance(at: Date, plans: string[], limit: number): Promise<BillingSubscriptionRow[]> {
      if (plans.length === 0) return [];
      return db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            eq(billingSubscriptions.status, 'active'),
            gt(billingSubscriptions.currentPeriodEnd, at),
            inArray(billingSubscriptions.plan, plans),
            isNotNull(billingSubscriptions.anchorAt),
            sql`not exists (select 1 from billing_ledger l where l.user_id = ${billingSubscriptions.userId} and l.period_key is not null and l.expires_at > ${at})`,
          ),
        )
        .limit(limit);
    },
  };
}
