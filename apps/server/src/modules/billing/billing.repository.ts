import { and, desc, eq, gt, gte, inArray, isNull, lt, or, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { billingCoupons, type BillingCouponRow } from '../../db/schema/billing-coupons.js';
import { billingLedger } from '../../db/schema/billing-ledger.js';
import { billingTokenUsage } from '../../db/schema/billing-token-usage.js';
import { billingOrders, type BillingOrderRow } from '../../db/schema/billing-orders.js';
import { billingSubscriptions, type BillingSubscriptionRow } from '../../db/schema/billing-subscriptions.js';
import { billingWebhookEvents } from '../../db/schema/billing-webhook-events.js';
import { customersRepository } from './customers.repository.js';

/** An order whose checkout completed with a payment still on its way (a bank debit): never expired. */
export const AWAITING_PAYMENT = 'awaiting_payment';

export type OrderInsert = typeof billingOrders.$inferInsert;
export type CouponInsert = typeof billingCoupons.$inferInsert;
export type SubscriptionInsert = typeof billingSubscriptions.$inferInsert;
export type { BillingCouponRow, BillingOrderRow, BillingSubscriptionRow };

/** Gives a redemption back (its order expired or failed). */
async function releaseCoupon(executor: Database, code: string): Promise<void> {
  await executor
    .update(billingCoupons)
    .set({ redemptions: sql`greatest(${billingCoupons.redemptions} - 1, 0)` })
    .where(eq(billingCoupons.code, code));
}

/**
 * The billing module's SQL: only this module reads and writes the billing_* tables. `transaction`
 * runs `work` with the same functions bound to one transaction (writes that happen together).
 */
export function createBillingRepository(db: Database) {
  return {
    ...billingQueries(db),
    /** The buyer's billing details and Stripe customer (billing_customers). */
    customers: customersRepository(db),

    /** `work` gets the queries bound to the transaction, and the transaction itself (for the module's other repositories). */
    transaction<T>(work: (tx: BillingQueries, db: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(billingQueries(tx), tx));
    },
  };
}

/** Every query, on the database or on a transaction. */
function billingQueries(db: Database) {
  return {
    /**
     * Serialises the user's billing writes until the transaction ends (PostgreSQL's transaction-level
     * advisory lock; PGlite has one connection, where it is granted at once): two checkouts of one
     * user cannot both see "no open checkout" and both insert one.
     */
    async lockUser(userId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing:${userId}`}))`);
    },

    async findCoupon(code: string): Promise<BillingCouponRow | undefined> {
      const rows = await db.select().from(billingCoupons).where(eq(billingCoupons.code, code)).limit(1);
      return rows[0];
    },

    async listCoupons(): Promise<BillingCouponRow[]> {
      return db.select().from(billingCoupons).orderBy(billingCoupons.code);
    },

    async insertCoupon(values: CouponInsert): Promise<BillingCouponRow> {
      const rows = await db.insert(billingCoupons).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert into billing_coupons returned nothing');
      return row;
    },

    async updateCoupon(code: string, values: Partial<CouponInsert>): Promise<BillingCouponRow | undefined> {
      const rows = await db.update(billingCoupons).set(values).where(eq(billingCoupons.code, code)).returning();
      return rows[0];
    },

    /**
     * Takes one redemption of a usable coupon in one statement (so two buyers racing for the last
     * one cannot both get it): false when it is disabled, expired, used up or unknown.
     */
    async redeemCoupon(code: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(billingCoupons)
        .set({ redemptions: sql`${billingCoupons.redemptions} + 1` })
        .where(
          and(
            eq(billingCoupons.code, code),
            isNull(billingCoupons.disabledAt),
            or(isNull(billingCoupons.expiresAt), gt(billingCoupons.expiresAt, at)),
            or(isNull(billingCoupons.maxRedemptions), lt(billingCoupons.redemptions, billingCoupons.maxRedemptions)),
          ),
        )
        .returning({ code: billingCoupons.code });
      return rows.length > 0;
    },

    async insertOrder(values: OrderInsert): Promise<BillingOrderRow> {
      const rows = await db.insert(billingOrders).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert into billing_orders returned nothing');
      return row;
    },

    async updateOrder(id: string, values: Partial<OrderInsert>): Promise<void> {
      await db.update(billingOrders).set(values).where(eq(billingOrders.id, id));
    },

    async findOrder(id: string): Promise<BillingOrderRow | undefined> {
      const rows = await db.select().from(billingOrders).where(eq(billingOrders.id, id)).limit(1);
      return rows[0];
    },

    /** A paid order by the provider's payment reference (a Stripe payment intent). */
    async findOrderByProviderRef(providerRef: string): Promise<BillingOrderRow | undefined> {
      const rows = await db.select().from(billingOrders).where(eq(billingOrders.providerRef, providerRef)).limit(1);
      return rows[0];
    },

    async findOrderBySession(sessionId: string): Promise<BillingOrderRow | undefined> {
      const rows = await db.select().from(billingOrders).where(eq(billingOrders.providerSessionId, sessionId)).limit(1);
      return rows[0];
    },

    async listOrders(userId: string, limit = 100): Promise<BillingOrderRow[]> {
      return db
        .select()
        .from(billingOrders)
        .where(eq(billingOrders.userId, userId))
        .orderBy(desc(billingOrders.createdAt), desc(billingOrders.id))
        .limit(limit);
    },

    /** The user's orders still waiting for payment. */
    async pendingOrders(userId: string): Promise<BillingOrderRow[]> {
      return db
        .select()
        .from(billingOrders)
        .where(and(eq(billingOrders.userId, userId), eq(billingOrders.status, 'pending')));
    },

    /** Why the last card was refused, on an order still pending. */
    async noteDecline(id: string, code: string): Promise<void> {
      await db
        .update(billingOrders)
        .set({ failureReason: code })
        .where(and(eq(billingOrders.id, id), eq(billingOrders.status, 'pending')));
    },

    /** pending -> paid, once: undefined when the order was not pending (already fulfilled, or closed). */
    async markPaid(
      id: string,
      values: { providerRef: string | null; receiptUrl: string | null; paidAt: Date },
    ): Promise<BillingOrderRow | undefined> {
      const rows = await db
        .update(billingOrders)
        .set({ status: 'paid', ...values, failureReason: null })
        .where(and(eq(billingOrders.id, id), eq(billingOrders.status, 'pending')))
        .returning();
      return rows[0];
    },

    /** pending -> expired or failed: the order's coupon redemption is given back. */
    async closeOrder(
      id: string,
      status: 'expired' | 'failed',
      reason: string | null,
    ): Promise<BillingOrderRow | undefined> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(billingOrders)
          .set({ status, failureReason: reason })
          .where(and(eq(billingOrders.id, id), eq(billingOrders.status, 'pending')))
          .returning();
        const row = rows[0];
        if (row?.couponCode) await releaseCoupon(tx, row.couponCode);
        return row;
      });
    },

    /** Pending orders of `provider` whose checkout ended before `before` (not those whose payment is on its way). */
    async overdueOrders(provider: string, before: Date, limit = 500): Promise<{ id: string }[]> {
      return db
        .select({ id: billingOrders.id })
        .from(billingOrders)
        .where(
          and(
            eq(billingOrders.status, 'pending'),
            eq(billingOrders.provider, provider),
            lt(billingOrders.expiresAt, before),
            sql`${billingOrders.failureReason} is distinct from ${AWAITING_PAYMENT}`,
          ),
        )
        .limit(limit);
    },

    /** One credit per order and kind (a repeated fulfilment credits nothing). */
    async credit(values: {
      id: string;
      userId: string;
      kind: string;
      delta: number;
      orderId: string;
      reason: string;
    }): Promise<void> {
      await db.insert(billingLedger).values(values).onConflictDoNothing();
    },

    async insertTokenUse(values: typeof billingTokenUsage.$inferInsert): Promise<void> {
      await db.insert(billingTokenUsage).values(values);
    },

    /** Tokens used since `since`, and of them those taken from packs. */
    async tokensUsedSince(userId: string, since: Date): Promise<{ total: number; fromPacks: number }> {
      const [row] = await db
        .select({
          total: sql<string>`coalesce(sum(${billingTokenUsage.tokens}), 0)::bigint`,
          fromPacks: sql<string>`coalesce(sum(${billingTokenUsage.fromPacks}), 0)::bigint`,
        })
        .from(billingTokenUsage)
        .where(and(eq(billingTokenUsage.userId, userId), gte(billingTokenUsage.createdAt, since)));
      return { total: Number(row?.total ?? 0), fromPacks: Number(row?.fromPacks ?? 0) };
    },

    /** Every token ever taken from packs (packs are spent once: a new period does not refill them). */
    async packTokensUsed(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${billingTokenUsage.fromPacks}), 0)::bigint` })
        .from(billingTokenUsage)
        .where(eq(billingTokenUsage.userId, userId));
      return Number(row?.total ?? 0);
    },

    async balances(userId: string): Promise<Record<string, number>> {
      const rows = await db
        .select({ kind: billingLedger.kind, total: sum(billingLedger.delta).mapWith(Number) })
        .from(billingLedger)
        .where(eq(billingLedger.userId, userId))
        .groupBy(billingLedger.kind);
      return Object.fromEntries(rows.map((row) => [row.kind, row.total]));
    },

    async findSubscription(userId: string): Promise<BillingSubscriptionRow | undefined> {
      const rows = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).limit(1);
      return rows[0];
    },

    async findSubscriptionByProviderId(providerSubscriptionId: string): Promise<BillingSubscriptionRow | undefined> {
      const rows = await db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.providerSubscriptionId, providerSubscriptionId))
        .limit(1);
      return rows[0];
    },

    async upsertSubscription(values: SubscriptionInsert): Promise<void> {
      const { userId: _userId, ...rest } = values;
      await db
        .insert(billingSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: billingSubscriptions.userId, set: { ...rest, updatedAt: new Date() } });
    },

    async updateSubscription(userId: string, values: Partial<SubscriptionInsert>): Promise<void> {
      await db
        .update(billingSubscriptions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(billingSubscriptions.userId, userId));
    },

    /** Subscriptions still counted (active or past due) whose period ended before `before`. */
    async endedSubscriptions(before: Date, limit = 500): Promise<BillingSubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            inArray(billingSubscriptions.status, ['active', 'past_due']),
            lt(billingSubscriptions.currentPeriodEnd, before),
          ),
        )
        .limit(limit);
    },

    /** Whether a provider event id was recorded before (a replay). */
    async webhookEventSeen(id: string): Promise<boolean> {
      const rows = await db
        .select({ id: billingWebhookEvents.id })
        .from(billingWebhookEvents)
        .where(eq(billingWebhookEvents.id, id))
        .limit(1);
      return rows.length > 0;
    },

    /** Records a provider event id once its job is queued (a second delivery racing it changes nothing). */
    async recordWebhookEvent(id: string, type: string): Promise<void> {
      await db.insert(billingWebhookEvents).values({ id, type }).onConflictDoNothing();
    },

    /** Marks an event handled (its job may run before the route has recorded it). */
    async markWebhookProcessed(id: string, type: string): Promise<void> {
      const processedAt = new Date();
      await db
        .insert(billingWebhookEvents)
        .values({ id, type, processedAt })
        .onConflictDoUpdate({ target: billingWebhookEvents.id, set: { processedAt } });
    },
  };
}

/** The queries, bound to the database or to one transaction. */
export type BillingQueries = ReturnType<typeof billingQueries>;
export type BillingRepository = ReturnType<typeof createBillingRepository>;
