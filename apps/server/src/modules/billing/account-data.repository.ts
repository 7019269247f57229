import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { billingCoupons } from '../../db/schema/billing-coupons.js';
import { billingCustomers } from '../../db/schema/billing-customers.js';
import { billingInvoices } from '../../db/schema/billing-invoices.js';
import { billingLedger } from '../../db/schema/billing-ledger.js';
import { billingOrders } from '../../db/schema/billing-orders.js';
import { billingSubscriptions } from '../../db/schema/billing-subscriptions.js';
import { billingTokenUsage } from '../../db/schema/billing-token-usage.js';

export type Executor = Pick<Database, 'select' | 'update'>;

/** Token-use rows in an export: the most recent ones (a heavy user has one per agent step). */
export const TOKEN_USE_EXPORTED = 1_000;

/** The billing module's part of the account export and erasure. */
export function createBillingAccountDataRepository(db: Database) {
  return {
    async ordersOf(userId: string) {
      return db
        .select()
        .from(billingOrders)
        .where(eq(billingOrders.userId, userId))
        .orderBy(desc(billingOrders.createdAt));
    },

    async subscriptionOf(userId: string) {
      const rows = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, userId)).limit(1);
      return rows[0];
    },

    async ledgerOf(userId: string) {
      return db
        .select()
        .from(billingLedger)
        .where(eq(billingLedger.userId, userId))
        .orderBy(desc(billingLedger.createdAt));
    },

    /** The billing details (country, VAT number, name, address, Stripe customer). */
    async customerOf(userId: string) {
      const rows = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)).limit(1);
      return rows[0];
    },

    /** The invoices and credit notes issued to the user (kept after the account is deleted). */
    async invoicesOf(userId: string) {
      return db
        .select()
        .from(billingInvoices)
        .where(eq(billingInvoices.userId, userId))
        .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.sequence));
    },

    async tokenUseOf(userId: string) {
      return db
        .select()
        .from(billingTokenUsage)
        .where(eq(billingTokenUsage.userId, userId))
        .orderBy(desc(billingTokenUsage.createdAt))
        .limit(TOKEN_USE_EXPORTED);
    },

    /**
     * In the erasure's transaction: the orders stay (invoices must be kept) with nothing personal on
     * them: checkouts still open are closed (their coupon redemptions given back), and the link to
     * the provider's receipt page (which shows the buyer's name and address) goes. The provider's
     * references stay, so the accounts can still be matched with the provider's invoices.
     */
    async anonymiseOrders(userId: string, tx: Executor): Promise<void> {
      const closed = await tx
        .update(billingOrders)
        .set({ status: 'expired', failureReason: 'account deleted' })
        .where(and(eq(billingOrders.userId, userId), eq(billingOrders.status, 'pending')))
        .returning({ couponCode: billingOrders.couponCode });
      for (const { couponCode } of closed) {
        if (!couponCode) continue;
        await tx
          .update(billingCoupons)
          .set({ redemptions: sql`greatest(${billingCoupons.redemptions} - 1, 0)` })
          .where(eq(billingCoupons.code, couponCode));
      }
      await tx.update(billingOrders).set({ receiptUrl: null }).where(eq(billingOrders.userId, userId));
    },
  };
}
