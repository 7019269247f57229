import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A user's paid plan (no row: Free). Ends at `currentPeriodEnd` unless renewed. */
export const billingSubscriptions = pgTable('billing_subscriptions', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: text().notNull(),
  period: text().notNull(),
  status: text().notNull(), // active | past_due | cancelled
  currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean().notNull().default(false),
  provider: text().notNull(),
  providerSubscriptionId: text(),
  /** The order that started or last renewed it. */
  orderId: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;
