import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One purchase: an add-on (pack or custom quantity) or a plan for a period, priced by the server,
 * paid through the configured provider. `pending` until the provider says paid (then fulfilled
 * once), `failed` or `expired` otherwise.
 */
export const billingOrders = pgTable(
  'billing_orders',
  {
    id: text().primaryKey(), // ord_…
    // No foreign key: orders are kept when their user deletes the account (invoices must be
    // kept); the id then names nobody, and the order holds no other personal data.
    userId: text().notNull(),
    /** The member who placed it (the workspace in `userId` may be an organisation); receipts go to them. */
    placedBy: text(),
    kind: text().notNull(), // addon | subscription
    description: text().notNull(),
    addonType: text(),
    pack: text(),
    quantity: integer(),
    plan: text(),
    period: text(),
    couponCode: text(),
    /** 'purchase' (a checkout the user opened) or 'renewal' (a sandbox period renewed by the job). */
    purpose: text().notNull().default('purchase'),
    /** The list price (a plan's period, a pack, or a quantity at the bands), before anything is taken off. */
    subtotalCents: integer().notNull(),
    /** The coupon's discount. */
    discountCents: integer().notNull(),
    /** Unused time of the plan this order replaces, credited against it (net of VAT). */
    prorationCents: integer().notNull().default(0),
    /** The subscription order whose unused time `prorationCents` credits (a credit note corrects its invoice). */
    prorationOfOrderId: text(),
    /** Account credit (an earlier proration's excess) used on this order. */
    creditAppliedCents: integer().notNull().default(0),
    /** What is taxed: subtotal - discount - proration - credit applied, never below 0. */
    netCents: integer().notNull().default(0),
    /** VAT rate in basis points (2300 = 23%) and its amount. */
    taxRateBp: integer().notNull().default(0),
    taxCents: integer().notNull().default(0),
    /** How VAT was decided: domestic | oss | reverse_charge | outside_eu (see @nuvem/contracts/tax). */
    taxTreatment: text().notNull().default('domestic'),
    /** The buyer's country (ISO 3166 alpha-2) and VAT number when the order was priced. */
    buyerCountry: text(),
    buyerVatNumber: text(),
    /** What the buyer pays: net + tax. */
    totalCents: integer().notNull(),
    currency: text().notNull(),
    lines: jsonb().notNull().default([]),
    status: text().notNull().default('pending'),
    provider: text().notNull(),
    /** The provider's checkout session (cs_…). */
    providerSessionId: text(),
    /** The payment or subscription it produced. */
    providerRef: text(),
    receiptUrl: text(),
    failureReason: text(),
    successUrl: text().notNull(),
    cancelUrl: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('billing_orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('billing_orders_session_idx').on(t.providerSessionId),
    index('billing_orders_pending_idx').on(t.status, t.expiresAt),
    // One open plan checkout per user, and one open checkout per coupon per user (both databases).
    uniqueIndex('billing_orders_open_plan_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending' and ${t.kind} = 'subscription' and ${t.purpose} = 'purchase'`),
    uniqueIndex('billing_orders_open_coupon_idx')
      .on(t.userId, t.couponCode)
      .where(sql`${t.status} = 'pending' and ${t.couponCode} is not null`),
  ],
);

export type BillingOrderRow = typeof billingOrders.$inferSelect;
