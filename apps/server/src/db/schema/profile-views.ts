import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Someone other than the owner looked at a profile: at most one row per viewer, profile and UTC day. */
export const profileViews = pgTable(
  'profile_views',
  {
    viewerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.viewerId, t.profileId, t.day] }),
    index('profile_views_profile_idx').on(t.profileId, t.day),
    check('profile_views_not_self', sql`${t.viewerId} <> ${t.profileId}`),
  ],
);
