import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { billingInvoiceCounters, billingInvoices, type BillingInvoiceRow } from '../../db/schema/billing-invoices.js';
import { billingOrders, type BillingOrderRow } from '../../db/schema/billing-orders.js';

export type { BillingInvoiceRow };
export type InvoiceInsert = typeof billingInvoices.$inferInsert;
/** The database or one transaction, as the billing services pass it on (the paying transaction). */
export type BillingDatabase = Database;

/** Invoices and credit notes (billing_invoices) and their numbering, on the database or a transaction. */
export function invoicesRepository(db: Database) {
  return {
    /**
     * The next number of a series in a year: the counter row is inserted or incremented in one
     * statement, which holds its row lock until the caller's transaction ends. A transaction that
     * rolls back gives its number back with it: numbers have no gaps and no repeats.
     */
    async nextSequence(series: string, year: number): Promise<number> {
      const rows = await db
        .insert(billingInvoiceCounters)
        .values({ series, year, last: 1 })
        .onConflictDoUpdate({
          target: [billingInvoiceCounters.series, billingInvoiceCounters.year],
          set: { last: sql`${billingInvoiceCounters.last} + 1` },
        })
        .returning({ last: billingInvoiceCounters.last });
      const row = rows[0];
      if (!row) throw new Error('upsert into billing_invoice_counters returned nothing');
      return row.last;
    },

    async insert(values: InvoiceInsert): Promise<BillingInvoiceRow> {
      const rows = await db.insert(billingInvoices).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert into billing_invoices returned nothing');
      return row;
    },

    /** The document of `kind` issued for an order (a credit note: for the order that caused it). */
    async findForOrder(orderId: string, kind: 'invoice' | 'credit_note'): Promise<BillingInvoiceRow | undefined> {
      const rows = await db
        .select()
        .from(billingInvoices)
        .where(and(eq(billingInvoices.orderId, orderId), eq(billingInvoices.kind, kind)))
        .limit(1);
      return rows[0];
    },

    /** The credit note that corrects `invoiceId` because of `orderId`, if one was issued. */
    /** What the credit notes correcting an invoice add up to (VAT included). */
    async creditedTotal(invoiceId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${billingInvoices.totalCents}), 0)::bigint` })
        .from(billingInvoices)
        .where(and(eq(billingInvoices.kind, 'credit_note'), eq(billingInvoices.correctsInvoiceId, invoiceId)));
      return Number(row?.total ?? 0);
    },

    async findCreditNote(orderId: string, correctsInvoiceId: string | null): Promise<BillingInvoiceRow | undefined> {
      const rows = await db
        .select()
        .from(billingInvoices)
        .where(
          and(
            eq(billingInvoices.orderId, orderId),
            eq(billingInvoices.kind, 'credit_note'),
            correctsInvoiceId === null
              ? sql`${billingInvoices.correctsInvoiceId} is null`
              : eq(billingInvoices.correctsInvoiceId, correctsInvoiceId),
          ),
        )
        .limit(1);
      return rows[0];
    },

    async findById(id: string): Promise<BillingInvoiceRow | undefined> {
      const rows = await db.select().from(billingInvoices).where(eq(billingInvoices.id, id)).limit(1);
      return rows[0];
    },

    /** The numbers of documents by id (what a credit note corrects). */
    async numbersOf(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: billingInvoices.id, number: billingInvoices.number })
        .from(billingInvoices)
        .where(inArray(billingInvoices.id, ids));
      return new Map(rows.map((row) => [row.id, row.number]));
    },

    /** The invoice number of each of these orders that has one. */
    async invoiceNumbersOfOrders(orderIds: string[]): Promise<Map<string, string>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .select({ orderId: billingInvoices.orderId, number: billingInvoices.number })
        .from(billingInvoices)
        .where(and(inArray(billingInvoices.orderId, orderIds), eq(billingInvoices.kind, 'invoice')));
      return new Map(rows.map((row) => [row.orderId, row.number]));
    },

    /** The account's invoices and credit notes, newest first. */
    async listForUser(userId: string): Promise<BillingInvoiceRow[]> {
      return db
        .select()
        .from(billingInvoices)
        .where(eq(billingInvoices.userId, userId))
        .orderBy(desc(billingInvoices.issuedAt), desc(billingInvoices.sequence));
    },

    /** An order, read in the caller's transaction (the plan a proration credit replaced). */
    async findOrder(orderId: string): Promise<BillingOrderRow | undefined> {
      const rows = await db.select().from(billingOrders).where(eq(billingOrders.id, orderId)).limit(1);
      return rows[0];
    },
  };
}

export type InvoicesRepository = ReturnType<typeof invoicesRepository>;
