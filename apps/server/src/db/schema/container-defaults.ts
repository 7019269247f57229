import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/** A user's defaults for new containers (the container dashboard's Settings tab). */
export const containerDefaults = pgTable('container_defaults', {
  userId: text()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  tier: text().notNull(),
  templateId: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
