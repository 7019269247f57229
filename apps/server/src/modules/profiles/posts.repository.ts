import type { Activity, Comment, Post } from '@nuvem/contracts/profile-posts';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { profilePostComments } from '../../db/schema/profile-post-comments.js';
import { profilePostImpressions } from '../../db/schema/profile-post-impressions.js';
import { profilePostLikes } from '../../db/schema/profile-post-likes.js';
import { profilePosts } from '../../db/schema/profile-posts.js';
import { profiles } from '../../db/schema/profiles.js';
import { userCards } from '../../db/schema/user-cards.js';

const count = sql<number>`count(*)::int`;

const authorCard = {
  id: userCards.id,
  displayName: userCards.displayName,
  avatar: userCards.avatarUrl,
  headline: profiles.headline,
};

/** A post's columns with its counts, and whether `viewerId` likes it. */
const postColumns = (viewerId: string) => ({
  id: profilePosts.id,
  author: authorCard,
  body: profilePosts.body,
  createdAt: profilePosts.createdAt,
  likes: sql<number>`(select count(*)::int from ${profilePostLikes} where ${profilePostLikes.postId} = ${profilePosts.id})`,
  comments: sql<number>`(select count(*)::int from ${profilePostComments} where ${profilePostComments.postId} = ${profilePosts.id})`,
  likedByViewer: sql<boolean>`exists(select 1 from ${profilePostLikes} where ${profilePostLikes.postId} = ${profilePosts.id} and ${profilePostLikes.userId} = ${viewerId})`,
  impressions: sql<number>`(select count(*)::int from ${profilePostImpressions} where ${profilePostImpressions.postId} = ${profilePosts.id})`,
});

/** A comment's columns with its author's card. */
const commentColumns = {
  id: profilePostComments.id,
  postId: profilePostComments.postId,
  author: authorCard,
  body: profilePostComments.body,
  createdAt: profilePostComments.createdAt,
};

type PostRow = Omit<Post, 'createdAt' | 'isOwn' | 'impressions'> & { createdAt: Date; impressions: number };
type CommentRow = Omit<Comment, 'createdAt' | 'isOwn'> & { createdAt: Date };

/**
 * The activity feed's SQL: posts, likes, comments and impressions (tables of the profiles module).
 * `transaction` runs `work` with the same functions bound to one transaction.
 */
export function createPostsRepository(db: Database) {
  return {
    ...postQueries(db),

    transaction<T>(work: (tx: PostQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(postQueries(tx)));
    },
  };
}

/** Every query, on the database or on a transaction. */
function postQueries(db: Database) {
  /** Comments with their author's card. */
  const commentsWithAuthors = () =>
    db
      .select(commentColumns)
      .from(profilePostComments)
      .innerJoin(userCards, eq(userCards.id, profilePostComments.authorId))
      .leftJoin(profiles, eq(profiles.userId, userCards.id));

  return {
    /**
     * The author's posts, newest first, `limit` of them after the post `before` (when given), with
     * their counts and whether `viewerId` likes each. An unknown `before` gives no rows.
     */
    async listPosts(authorId: string, viewerId: string, limit: number, before?: string): Promise<PostRow[]> {
      const cursor = alias(profilePosts, 'cursor');
      const after = before
        ? sql`(${profilePosts.createdAt}, ${profilePosts.id}) < (${db
            .select({ createdAt: cursor.createdAt, id: cursor.id })
            .from(cursor)
            .where(and(eq(cursor.id, before), eq(cursor.authorId, authorId)))})`
        : undefined;
      return db
        .select(postColumns(viewerId))
        .from(profilePosts)
        .innerJoin(userCards, eq(userCards.id, profilePosts.authorId))
        .leftJoin(profiles, eq(profiles.userId, userCards.id))
        .where(and(eq(profilePosts.authorId, authorId), after))
        .orderBy(desc(profilePosts.createdAt), desc(profilePosts.id))
        .limit(limit);
    },

    /** One post as `viewerId` sees it. */
    async post(postId: string, viewerId: string): Promise<PostRow | undefined> {
      const [row] = await db
        .select(postColumns(viewerId))
        .from(profilePosts)
        .innerJoin(userCards, eq(userCards.id, profilePosts.authorId))
        .leftJoin(profiles, eq(profiles.userId, userCards.id))
        .where(eq(profilePosts.id, postId))
        .limit(1);
      return row;
    },

    async findPost(postId: string, authorId: string) {
      const [row] = await db
        .select({ id: profilePosts.id, authorId: profilePosts.authorId })
        .from(profilePosts)
        .where(and(eq(profilePosts.id, postId), eq(profilePosts.authorId, authorId)))
        .limit(1);
      return row;
    },

    async insertPost(values: { id: string; authorId: string; body: string }): Promise<void> {
      await db.insert(profilePosts).values(values);
    },

    /** Deletes the author's post (its likes, comments and impressions go with it); false when there is none. */
    async deletePost(postId: string, authorId: string): Promise<boolean> {
      const rows = await db
        .delete(profilePosts)
        .where(and(eq(profilePosts.id, postId), eq(profilePosts.authorId, authorId)))
        .returning({ id: profilePosts.id });
      return rows.length > 0;
    },

    /** One impression per post, viewer and day; repeats change nothing. */
    async recordImpressions(postIds: string[], viewerId: string, authorId: string, day: string): Promise<void> {
      if (postIds.length === 0 || viewerId === authorId) return;
      await db
        .insert(profilePostImpressions)
        .values(postIds.map((postId) => ({ postId, viewerId, authorId, day })))
        .onConflictDoNothing();
    },

    // Likes ------------------------------------------------------------------------------------

    async like(postId: string, userId: string, authorId: string): Promise<void> {
      await db.insert(profilePostLikes).values({ postId, userId, authorId }).onConflictDoNothing();
    },

    async unlike(postId: string, userId: string): Promise<void> {
      await db
        .delete(profilePostLikes)
        .where(and(eq(profilePostLikes.postId, postId), eq(profilePostLikes.userId, userId)));
    },

    async likeCount(postId: string): Promise<number> {
      const [row] = await db.select({ n: count }).from(profilePostLikes).where(eq(profilePostLikes.postId, postId));
      return row?.n ?? 0;
    },

    // Comments ---------------------------------------------------------------------------------

    /** The post's comments, oldest first, `limit` of them after the comment `after` (when given). */
    async listComments(postId: string, limit: number, after?: string): Promise<CommentRow[]> {
      const cursor = alias(profilePostComments, 'cursor');
      const later = after
        ? sql`(${profilePostComments.createdAt}, ${profilePostComments.id}) > (${db
            .select({ createdAt: cursor.createdAt, id: cursor.id })
            .from(cursor)
            .where(and(eq(cursor.id, after), eq(cursor.postId, postId)))})`
        : undefined;
      return commentsWithAuthors()
        .where(and(eq(profilePostComments.postId, postId), later))
        .orderBy(asc(profilePostComments.createdAt), asc(profilePostComments.id))
        .limit(limit);
    },

    async insertComment(values: {
      id: string;
      postId: string;
      authorId: string;
      postAuthorId: string;
      body: string;
    }): Promise<void> {
      await db.insert(profilePostComments).values(values);
    },

    /** Deletes the comment if `authorId` wrote it; false otherwise. */
    async deleteComment(commentId: string, postId: string, authorId: string): Promise<boolean> {
      const rows = await db
        .delete(profilePostComments)
        .where(
          and(
            eq(profilePostComments.id, commentId),
            eq(profilePostComments.postId, postId),
            eq(profilePostComments.authorId, authorId),
          ),
        )
        .returning({ id: profilePostComments.id });
      return rows.length > 0;
    },

    async commentCount(postId: string): Promise<number> {
      const [row] = await db
        .select({ n: count })
        .from(profilePostComments)
        .where(eq(profilePostComments.postId, postId));
      return row?.n ?? 0;
    },

    /** One comment with its author's card (after an insert). */
    async comment(commentId: string): Promise<CommentRow | undefined> {
      const [row] = await commentsWithAuthors().where(eq(profilePostComments.id, commentId)).limit(1);
      return row;
    },

    // The side panel ---------------------------------------------------------------------------

    /** The user's posts, and the likes, comments (by others) and impressions those posts received. */
    async activity(userId: string): Promise<Omit<Activity, 'impressions'> & { impressions: number }> {
      const [row] = await db
        .select({
          posts: sql<number>`(select count(*)::int from ${profilePosts} where ${profilePosts.authorId} = ${userId})`,
          likesReceived: sql<number>`(select count(*)::int from ${profilePostLikes} where ${profilePostLikes.authorId} = ${userId})`,
          commentsReceived: sql<number>`(select count(*)::int from ${profilePostComments} where ${and(
            eq(profilePostComments.postAuthorId, userId),
            ne(profilePostComments.authorId, userId),
          )})`,
          impressions: sql<number>`(select count(*)::int from ${profilePostImpressions} where ${profilePostImpressions.authorId} = ${userId})`,
        })
        .from(userCards)
        .where(eq(userCards.id, userId));
      return row ?? { posts: 0, likesReceived: 0, commentsReceived: 0, impressions: 0 };
    },
  };
}
/** The queries, bound to the database or to one transaction. */
export type PostQueries = ReturnType<typeof postQueries>;
export type PostsRepository = ReturnType<typeof createPostsRepository>;
