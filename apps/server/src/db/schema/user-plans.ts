import { sql } from 'drizzle-orm';
import { pgView, text } from 'drizzle-orm/pg-core';

/**
 * Each user's current paid plan, published by the billing module for other modules to read (a
 * user without a row is on Free). Only billing reads or writes its tables itself.
 */
export const userPlans = pgView('user_plans', {
  userId: text().notNull(),
  plan: text().notNull(),
}).as(
  sql`select "user_id", "plan" from "billing_subscriptions" where "status" in ('active', 'past_due') and "current_period_end" > now()`,
);
