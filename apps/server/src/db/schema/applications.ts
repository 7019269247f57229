import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/** A developer's application: an OAuth-style client with a hashed secret, redirect URIs and CORS origins. */
export const applications = pgTable(
  'applications',
  {
    id: text().primaryKey(), // app_…
    userId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    clientId: text().notNull().unique(), // nuvc_…
    /** SHA-256 hex of the client secret; the secret itself is shown once. */
    clientSecretHash: text().notNull(),
    /** The secret before the last rotation, valid until previousSecretExpiresAt. */
    previousSecretHash: text(),
    previousSecretExpiresAt: timestamp({ withTimezone: true }),
    redirectUris: jsonb().$type<string[]>().notNull().default([]),
    allowedOrigins: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('applications_user_idx').on(t.userId, t.createdAt)],
);
export type ApplicationRow = typeof applications.$inferSelect;
