import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Short-lived, single-use steps of a sign-in or set-up: the ticket a password sign-in gets when a
 * second factor is due (`mfa-ticket`), and WebAuthn challenges (`passkey-register`,
 * `passkey-sign-in`). Only the SHA-256 hash of the token is stored.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    tokenHash: text().primaryKey(),
    /** Null for a passwordless passkey sign-in, whose user is not known until the key answers. */
    userId: text().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().notNull(),
    /** The WebAuthn challenge, base64url. */
    challenge: text(),
    remember: boolean().notNull().default(false),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_challenges_expires_idx').on(t.expiresAt)],
);
export type MfaChallengeRow = typeof mfaChallenges.$inferSelect;
