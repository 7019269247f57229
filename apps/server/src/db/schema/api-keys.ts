import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from './applications.js';
import { users } from './users.js';

/** An application's API key: only its SHA-256 is stored; the key is shown on creation or rotation. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text().primaryKey(), // key_…
    applicationId: text()
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    /** The key's first 12 characters (`nuv_` + 8), to recognise it in lists. */
    keyPrefix: text().notNull(),
    keyHash: text().notNull().unique(),
    scopes: jsonb().$type<string[]>().notNull(),
    rateLimitTier: text().notNull().default('standard'), // standard | premium | enterprise
    /** Requests the key was allowed to make; written in batches. */
    usageCount: integer().notNull().default(0),
    lastUsedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_keys_application_idx').on(t.applicationId, t.createdAt)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
