import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/**
 * The balance ledger: tokens (millions), consultation and development hours credited by paid
 * orders and each period's plan allowance, account credit in cents (kind 'credit'), and debits. A balance is the sum of its entries; one credit per order
 * and kind, so a fulfilment repeated by a replayed webhook credits nothing twice.
 */
export const billingLedger = pgTable(
  'billing_ledger',
  {
    id: text().primaryKey(), // led_…
    userId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text().notNull(), // tokens | consultation | development
    delta: integer().notNull(),
    orderId: text(),
    reason: text().notNull(),
    /** A plan's allowance lapses at the end of its month; purchases and credits never do (null). */
    expiresAt: timestamp({ withTimezone: true }),
    /** The allowance period it credits ('<plan>:<period start ISO>'): one credit per period and kind. */
    periodKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_ledger_user_idx').on(t.userId, t.kind),
    uniqueIndex('billing_ledger_order_idx').on(t.orderId, t.kind),
    uniqueIndex('billing_ledger_period_idx').on(t.userId, t.kind, t.periodKey),
  ],
);
