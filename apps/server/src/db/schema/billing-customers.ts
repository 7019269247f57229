import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/**
 * The buyer's billing details (for VAT and invoices) and their Stripe customer. One row per user,
 * written from the Billing page; orders and invoices copy what they need when they are made.
 */
export const billingCustomers = pgTable('billing_customers', {
  userId: text()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** ISO 3166-1 alpha-2 (GR for Greece; VAT numbers there start EL). */
  country: text(),
  /** A business's VAT number, normalised (upper case, no spaces), with its country prefix. */
  vatNumber: text(),
  /** The name on invoices (a business's or the person's). */
  name: text(),
  address: text(),
  stripeCustomerId: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type BillingCustomerRow = typeof billingCustomers.$inferSelect;
