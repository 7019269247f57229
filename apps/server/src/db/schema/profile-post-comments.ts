import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { profilePosts } from './profile-posts.js';
import { users } from './users.js';

/** A comment on a post, by any signed-in user (the post's author too). */
export const profilePostComments = pgTable(
  'profile_post_comments',
  {
    id: text().primaryKey(), // cmt_…
    postId: text()
      .notNull()
      .references(() => profilePosts.id, { onDelete: 'cascade' }),
    authorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The post's author, so 'comments received' needs no join. */
    postAuthorId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('profile_post_comments_post_idx').on(t.postId, t.createdAt, t.id),
    index('profile_post_comments_post_author_idx').on(t.postAuthorId),
    index('profile_post_comments_author_idx').on(t.authorId),
  ],
);
