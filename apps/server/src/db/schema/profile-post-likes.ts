import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { profilePosts } from './profile-posts.js';
import { users } from './users.js';

/** One user liking another's post, once; a post's likes are these rows counted. */
export const profilePostLikes = pgTable(
  'profile_post_likes',
  {
    postId: text()
      .notNull()
      .references(() => profilePosts.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The post's author, kept here so nobody likes their own post (the check) and 'likes received' needs no join. */
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('profile_post_likes_author_idx').on(t.authorId),
    index('profile_post_likes_user_idx').on(t.userId),
    check('profile_post_likes_not_self', sql`${t.userId} <> ${t.authorId}`),
  ],
);
