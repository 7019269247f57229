import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { profilePosts } from './profile-posts.js';
import { users } from './users.js';

/** A post shown to someone other than its author: at most one row per post, viewer and UTC day. */
export const profilePostImpressions = pgTable(
  'profile_post_impressions',
  {
    postId: text()
      .notNull()
      .references(() => profilePosts.id, { onDelete: 'cascade' }),
    viewerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The post's author: the check keeps the author's own views out, and the total needs no join. */
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.viewerId, t.day] }),
    index('profile_post_impressions_author_idx').on(t.authorId),
    index('profile_post_impressions_viewer_idx').on(t.viewerId),
    check('profile_post_impressions_not_self', sql`${t.viewerId} <> ${t.authorId}`),
  ],
);
