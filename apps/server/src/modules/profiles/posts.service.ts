import { profileMessages } from '@nuvem/contracts/profiles';
import { postMessages, type Activity, type Comment, type Post } from '@nuvem/contracts/profile-posts';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { PostsRepository } from './posts.repository.js';
import type { ProfilesRepository } from './profiles.repository.js';

/** Posts one user may write in {@link POST_WINDOW_MS}: plenty for a person, a wall for a script. */
const POSTS_PER_WINDOW = 20;
const POST_WINDOW_MS = 60 * 60 * 1000;
/** Comments one user may write in {@link COMMENT_WINDOW_MS}. */
const COMMENTS_PER_WINDOW = 60;
const COMMENT_WINDOW_MS = 10 * 60 * 1000;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

// `pst_…` and `cmt_…`: newId's random body under this module's prefixes (common's idPrefixes does
// not list posts and comments yet).
const newPrefixedId = (prefix: 'pst' | 'cmt') => `${prefix}_${newId('user').slice('usr_'.length)}`;

const userNotFound = () => AppError.notFound(profileMessages.userNotFound, 'USER_NOT_FOUND');
const postNotFound = () => AppError.notFound(postMessages.postNotFound, 'POST_NOT_FOUND');
const commentNotFound = () => AppError.notFound(postMessages.commentNotFound, 'COMMENT_NOT_FOUND');

/**
 * A profile's activity: the owner's posts, other users' likes and comments on them, and the
 * impressions they made. Anyone signed in reads (as with profiles); only authors delete.
 */
export function createPostsService(deps: {
  repo: PostsRepository;
  /** Who exists (the profiles repository). */
  users: Pick<ProfilesRepository, 'userExists'>;
  limiter: RateLimiter;
  now?: () => Date;
}) {
  const { repo, users, limiter } = deps;
  const now = deps.now ?? (() => new Date());

  /** `me` or a user id -> an existing user's id, else 404. */
  async function resolve(id: string, callerId: string): Promise<string> {
    if (id === 'me' || id === callerId) return callerId;
    if (!(await users.userExists(id))) throw userNotFound();
    return id;
  }

  /** The post `postId` of profile `id`, else 404 (for the user, then for the post). */
  async function postOf(id: string, postId: string, callerId: string) {
    const authorId = await resolve(id, callerId);
    const post = await repo.findPost(postId, authorId);
    if (!post) throw postNotFound();
    return post;
  }

  async function limit(key: string, max: number, windowMs: number) {
    const hit = await limiter.hit(key, max, windowMs);
    if (!hit.allowed) throw AppError.tooManyRequests(hit.resetInMs);
  }

  const commentOut = (row: Omit<Comment, 'createdAt' | 'isOwn'> & { createdAt: Date }, viewerId: string): Comment => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    isOwn: row.author.id === viewerId,
  });

  return {
    /**
     * A page of the profile's posts, newest first. Each post shown to someone other than its
     * author counts one impression, at most once per viewer, post and UTC day.
     */
    async list(id: string, viewerId: string, pageSize: number, before?: string) {
      const authorId = await resolve(id, viewerId);
      const rows = await repo.listPosts(authorId, viewerId, pageSize + 1, before);
      const page = rows.slice(0, pageSize);
      await repo.recordImpressions(
        page.map((p) => p.id),
        viewerId,
        authorId,
        utcDay(now()),
      );
      const own = authorId === viewerId;
      const posts: Post[] = page.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        isOwn: own,
        // The author's figure only; the viewer's impression just recorded is already in it for them.
        impressions: own ? row.impressions : null,
      }));
      const last = page.at(-1);
      return { posts, nextCursor: rows.length > pageSize && last ? last.id : null };
    },

    async create(authorId: string, body: string): Promise<Post> {
      await limit(`posts:user:${authorId}`, POSTS_PER_WINDOW, POST_WINDOW_MS);
      const id = newPrefixedId('pst');
      await repo.insertPost({ id, authorId, body });
      const row = await repo.post(id, authorId);
      if (!row) throw new Error('the new post was not found after its insert');
      return { ...row, createdAt: row.createdAt.toISOString(), isOwn: true };
    },

    async remove(authorId: string, postId: string): Promise<void> {
      if (!(await repo.deletePost(postId, authorId))) throw postNotFound();
    },

    // Likes ------------------------------------------------------------------------------------

    /** The caller likes the post, once (repeating changes nothing); not one's own. */
    async like(id: string, postId: string, me: string) {
      const post = await postOf(id, postId, me);
      if (post.authorId === me) throw AppError.badRequest(postMessages.selfLike, 'SELF_LIKE');
      const likes = await repo.transaction(async (tx) => {
        await tx.like(post.id, me, post.authorId);
        return tx.likeCount(post.id);
      });
      return { liked: true, likes };
    },

    async unlike(id: string, postId: string, me: string) {
      const post = await postOf(id, postId, me);
      if (post.authorId === me) throw AppError.badRequest(postMessages.selfLike, 'SELF_LIKE');
      const likes = await repo.transaction(async (tx) => {
        await tx.unlike(post.id, me);
        return tx.likeCount(post.id);
      });
      return { liked: false, likes };
    },

    // Comments ---------------------------------------------------------------------------------

    async comments(id: string, postId: string, viewerId: string, pageSize: number, after?: string) {
      const post = await postOf(id, postId, viewerId);
      const rows = await repo.listComments(post.id, pageSize + 1, after);
      const page = rows.slice(0, pageSize);
      const last = page.at(-1);
      return {
        comments: page.map((row) => commentOut(row, viewerId)),
        nextCursor: rows.length > pageSize && last ? last.id : null,
      };
    },

    /** Anyone signed in comments, the post's author too (a reply). */
    async addComment(id: string, postId: string, me: string, body: string) {
      const post = await postOf(id, postId, me);
      await limit(`comments:user:${me}`, COMMENTS_PER_WINDOW, COMMENT_WINDOW_MS);
      const commentId = newPrefixedId('cmt');
      return repo.transaction(async (tx) => {
        // Checked again inside: a post deleted meanwhile makes the insert fail its foreign key.
        if (!(await tx.findPost(post.id, post.authorId))) throw postNotFound();
        await tx.insertComment({ id: commentId, postId: post.id, authorId: me, postAuthorId: post.authorId, body });
        const row = await tx.comment(commentId);
        if (!row) throw new Error('the new comment was not found after its insert');
        return { comment: commentOut(row, me), comments: await tx.commentCount(post.id) };
      });
    },

    /** Deletes the caller's own comment; another user's answers 404, as an unknown one does. */
    async removeComment(id: string, postId: string, commentId: string, me: string) {
      const post = await postOf(id, postId, me);
      return repo.transaction(async (tx) => {
        if (!(await tx.deleteComment(commentId, post.id, me))) throw commentNotFound();
        return { comments: await tx.commentCount(post.id) };
      });
    },

    // The side panel ---------------------------------------------------------------------------

    /** The profile's figures; impressions for its owner only. */
    async activity(id: string, viewerId: string): Promise<Activity> {
      const userId = await resolve(id, viewerId);
      const row = await repo.activity(userId);
      return { ...row, impressions: userId === viewerId ? row.impressions : null };
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
