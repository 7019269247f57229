import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Who runs events: a portal user (any signed-in user may organise) or a seeded organisation. */
export const eventOrganisers = pgTable('event_organisers', {
  id: text().primaryKey(),
  name: text().notNull(),
  /** The user who manages it; null for seeded organisations. */
  userId: text()
    .unique()
    .references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
