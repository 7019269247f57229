import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Single-use recovery codes, shown once; only their SHA-256 hashes are kept. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull().unique(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);
export type MfaRecoveryCodeRow = typeof mfaRecoveryCodes.$inferSelect;
