import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Each provider event handled once: a replayed event id is acknowledged and ignored. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: text().primaryKey(), // evt_… (the provider's id)
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp({ withTimezone: true }),
});
