import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Invoices and credit notes: one invoice per paid order, a credit note for a refund or for the
 * unused time a plan change credited. Numbers are gap-free per series and year (the counter row
 * is taken in the transaction that pays the order). Kept when the buyer deletes the account (the
 * law keeps invoices): no foreign key to users, and the buyer's details are copied in.
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: text().primaryKey(), // inv_…
    /** 'invoice' or 'credit_note'. */
    kind: text().notNull(),
    /** The series (FT invoices, NC credit notes), the year and the number within them. */
    series: text().notNull(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    /** As printed: 'FT 2026/1'. */
    number: text().notNull(),
    userId: text().notNull(),
    orderId: text().notNull(),
    /** The invoice a credit note corrects. */
    correctsInvoiceId: text(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    currency: text().notNull(),
    /** { name, address, country, vatNumber, email } as on the document. */
    seller: jsonb().notNull(),
    buyer: jsonb().notNull(),
    /** [{ description, quantity, unitCents, amountCents }] (net amounts; a credit is negative). */
    lines: jsonb().notNull(),
    netCents: integer().notNull(),
    taxRateBp: integer().notNull(),
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
    taxTreatment: text().notNull(),
    /** { provider, reference, paidAt } */
    payment: jsonb().notNull(),
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_invoices_number_idx').on(t.series, t.year, t.sequence),
    index('billing_invoices_user_idx').on(t.userId, t.issuedAt),
    index('billing_invoices_order_idx').on(t.orderId),
    // One invoice per order (a replayed fulfilment cannot issue a second).
    uniqueIndex('billing_invoices_one_per_order_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    // One credit note per corrected invoice and cause (the order, or the refund step, behind it).
    uniqueIndex('billing_invoices_one_note_idx')
      .on(t.correctsInvoiceId, t.orderId)
      .where(sql`${t.kind} = 'credit_note'`),
  ],
);

/** The next number of each series and year, taken under its row's lock: no gaps, no repeats. */
export const billingInvoiceCounters = pgTable(
  'billing_invoice_counters',
  {
    series: text().notNull(),
    year: integer().notNull(),
    last: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

export type BillingInvoiceRow = typeof billingInvoices.$inferSelect;
