import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text().primaryKey(), // usr_…
    email: text().notNull(),
    /** argon2id; null for accounts that only sign in socially. */
    passwordHash: text(),
    displayName: text(),
    avatarUrl: text(),
    emailVerified: boolean().notNull().default(false),
    mfaEnabled: boolean().notNull().default(false),
    /** The language mail is written in: a catalogue language ('en' or 'pt-PT'). */
    locale: text().notNull().default('en'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // E-mail addresses are unique compared lower-cased.
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
);
export type UserRow = typeof users.$inferSelect;
