import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A discount code (upper case): a percentage, an optional expiry, redemption limit and plan. */
export const billingCoupons = pgTable(
  'billing_coupons',
  {
    code: text().primaryKey(),
    percentOff: integer().notNull(),
    description: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    /** Null: no limit. */
    maxRedemptions: integer(),
    /** Redemptions held by pending orders and paid ones; counted atomically against the limit. */
    redemptions: integer().notNull().default(0),
    /** The only plan it applies to (its add-ons excluded), or null for any purchase. */
    plan: text(),
    disabledAt: timestamp({ withTimezone: true }),
    /** The mirrored Stripe coupon's id, when Stripe is configured. */
    stripeCouponId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('billing_coupons_percent', sql`${t.percentOff} between 1 and 100`),
    check('billing_coupons_redemptions', sql`${t.redemptions} >= 0`),
  ],
);

export type BillingCouponRow = typeof billingCoupons.$inferSelect;
