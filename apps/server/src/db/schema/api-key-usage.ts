import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.js';

/** Requests per key and UTC day, split by outcome; written in batches. */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    keyId: text()
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    allowed: integer().notNull().default(0),
    rateLimited: integer().notNull().default(0),
    rejected: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day] })],
);
