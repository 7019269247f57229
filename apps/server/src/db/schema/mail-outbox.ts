import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Transactional mail, rendered and written here before it is sent (the outbox): a durable job
 * sends each row, retried with backoff; a restart loses nothing (unsent rows are picked up again),
 * and `dedupeKey` (one per event, e.g. `order-paid:ord_…`) keeps one event from mailing twice.
 * No foreign key to users: a notice of an account's deletion outlives the account.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text().primaryKey(), // mail_…
    dedupeKey: text().notNull().unique(),
    userId: text(),
    /** What kind of message (verify-email, password-reset, order-receipt, …), for logs and tests. */
    template: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** [{ filename, contentType, content (base64) }] */
    attachments: jsonb().$type<{ filename: string; contentType: string; content: string }[]>().notNull().default([]),
    /** pending | sent | failed */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    messageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.createdAt)],
);
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
