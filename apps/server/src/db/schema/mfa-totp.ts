import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A user's TOTP authenticator (RFC 6238). `confirmedAt` is null while it is being set up (the
 * first code confirms it). `lastStep` is the last time step accepted: a code is never accepted twice.
 */
export const mfaTotp = pgTable('mfa_totp', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32 secret (the authenticator app needs it back to compute codes, so it is not hashed). */
  secret: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  lastStep: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type MfaTotpRow = typeof mfaTotp.$inferSelect;
