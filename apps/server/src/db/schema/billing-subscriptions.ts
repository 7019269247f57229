import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/** A user's paid plan (no row: Free). Ends at `currentPeriodEnd` unless renewed. */
export const billingSubscriptions = pgTable('billing_subscriptions', {
  userId: text()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  plan: text().notNull(),
  period: text().notNull(),
  status: text().notNull(), // active | past_due | cancelled
  /**
   * The billing cycle anchor: periods run from it by calendar months (monthly) or years (yearly),
   * a day past the month's end clamped to its last day (31 Jan -> 28/29 Feb -> 31 Mar), as Stripe's.
   */
  anchorAt: timestamp({ withTimezone: true }),
  currentPeriodStart: timestamp({ withTimezone: true }),
  currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean().notNull().default(false),
  provider: text().notNull(),
  providerSubscriptionId: text(),
  /** The order that started or last renewed it. */
  orderId: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;
