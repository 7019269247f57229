import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The profile page's own fields, one row per user once they edit it. The display name and avatar
 * URL stay on `users`: the sign-in service's replies (the header's menu) read them from there.
 */
export const profiles = pgTable('profiles', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  headline: text(),
  location: text(),
  bio: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type ProfileRow = typeof profiles.$inferSelect;
