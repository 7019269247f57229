import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The balance ledger: tokens (millions), consultation and development hours credited by paid
 * orders (and, later, debited by use). A balance is the sum of its entries; one credit per order
 * and kind, so a fulfilment repeated by a replayed webhook credits nothing twice.
 */
export const billingLedger = pgTable(
  'billing_ledger',
  {
    id: text().primaryKey(), // led_…
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(), // tokens | consultation | development
    delta: integer().notNull(),
    orderId: text(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_ledger_user_idx').on(t.userId, t.kind),
    uniqueIndex('billing_ledger_order_idx').on(t.orderId, t.kind),
  ],
);
