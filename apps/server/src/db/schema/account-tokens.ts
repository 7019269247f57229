import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Single-use links mailed to an address: verify it, reset the password, confirm a new address,
 * or confirm a social sign-in that claims an unverified account. Only the SHA-256 hash of the
 * token is stored; using a link deletes its row.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** verify-email | reset-password | change-email | claim-social */
    purpose: text().notNull(),
    /** The address the link was mailed to (for change-email, the new address). */
    email: text().notNull(),
    /** What the link carries besides (claim-social: the provider identity). */
    data: jsonb(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    index('account_tokens_expires_idx').on(t.expiresAt),
  ],
);
export type AccountTokenRow = typeof accountTokens.$inferSelect;
