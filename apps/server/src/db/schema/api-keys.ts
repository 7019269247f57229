import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from './applications.js';
import { users } from './users.js';
import { workspaces } from './workspaces.js';

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
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who issued it: the key acts for them, never beyond their current role in its workspace. */
    createdBy: text().references(() => users.id, { onDelete: 'cascade' }),
    /** The role it was issued under (issue 34): its permissions, capped by its creator's role now. */
    role: text().$type<'owner' | 'admin' | 'developer' | 'billing' | 'viewer'>().notNull().default('owner'),
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
