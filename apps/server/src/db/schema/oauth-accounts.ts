import { pgTable, text, timestamp, unique, index } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A social identity linked to a user: one row per provider account. */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text().notNull(), // google | github
    providerUserId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('oauth_accounts_provider_user').on(t.provider, t.providerUserId),
    index('oauth_accounts_user_idx').on(t.userId),
  ],
);
