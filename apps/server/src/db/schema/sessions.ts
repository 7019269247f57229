import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Only SHA-256 hashes of the cookie token and of the bearer access token are stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(), // ses_…
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    accessTokenHash: text().notNull().unique(),
    remember: boolean().notNull().default(false),
    /** The sign-in passed a second factor (TOTP, a recovery code or a passkey). */
    mfaPassed: boolean().notNull().default(false),
    userAgent: text(),
    ip: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);
export type SessionRow = typeof sessions.$inferSelect;
