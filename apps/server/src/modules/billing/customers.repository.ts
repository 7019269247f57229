import { eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { billingCustomers, type BillingCustomerRow } from '../../db/schema/billing-customers.js';

export type { BillingCustomerRow };
export type CustomerInsert = typeof billingCustomers.$inferInsert;

/** The buyer's billing details and Stripe customer (billing_customers), on the database or a transaction. */
export function customersRepository(db: Database) {
  return {
    async findCustomer(userId: string): Promise<BillingCustomerRow | undefined> {
      const rows = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)).limit(1);
      return rows[0];
    },

    /** Writes the buyer's country, VAT number, name and address (the Stripe customer is kept). */
    async saveDetails(
      userId: string,
      details: { country: string; vatNumber: string | null; name: string | null; address: string | null },
    ): Promise<BillingCustomerRow> {
      const rows = await db
        .insert(billingCustomers)
        .values({ userId, ...details })
        .onConflictDoUpdate({ target: billingCustomers.userId, set: { ...details, updatedAt: new Date() } })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('upsert into billing_customers returned nothing');
      return row;
    },

    /** Remembers the Stripe customer a checkout created (the first one wins). */
    async setStripeCustomer(userId: string, stripeCustomerId: string): Promise<void> {
      await db
        .insert(billingCustomers)
        .values({ userId, stripeCustomerId })
        .onConflictDoUpdate({
          target: billingCustomers.userId,
          set: { stripeCustomerId, updatedAt: new Date() },
          setWhere: isNull(billingCustomers.stripeCustomerId),
        });
    },
  };
}

export type CustomersRepository = ReturnType<typeof customersRepository>;
