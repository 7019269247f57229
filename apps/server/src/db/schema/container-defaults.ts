import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A user's defaults for new containers (the container dashboard's Settings tab). */
export const containerDefaults = pgTable('container_defaults', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tier: text().notNull(),
  templateId: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
