import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A short post on its author's profile (the Activity tab). Likes, comments and impressions cascade with it. */
export const profilePosts = pgTable(
  'profile_posts',
  {
    id: text().primaryKey(), // pst_…
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profile_posts_author_idx').on(t.authorId, t.createdAt, t.id)],
);
export type ProfilePostRow = typeof profilePosts.$inferSelect;
