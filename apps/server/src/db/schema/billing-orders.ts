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
    kind: text().notNull(), // addon | subscription
    description: text().notNull(),
    addonType: text(),
    pack: text(),
    quantity: integer(),
    plan: text(),
    period: text(),
    couponCode: text(),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull(),
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
  ],
);

export type BillingOrderRow = typeof billingOrders.$inferSelect;
