import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A social identity waiting to be linked to an existing password account whose e-mail address was
 * never verified. It is bound to the browser that came back from the provider (the hash of an
 * HttpOnly cookie) and completed only when that browser then signs in with the account's password:
 * the person proves both the provider identity and the password. Used once; short-lived.
 */
export const oauthPendingLinks = pgTable(
  'oauth_pending_links',
  {
    tokenHash: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    providerUserId: text().notNull(),
    email: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oauth_pending_links_expires_idx').on(t.expiresAt)],
);
export type OAuthPendingLinkRow = typeof oauthPendingLinks.$inferSelect;
