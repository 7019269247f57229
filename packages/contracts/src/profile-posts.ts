import { z } from 'zod';
import { cleanDisplayText, hasVisibleCharacter } from './auth';
import { personCardSchema } from './profiles';

// ---------------------------------------------------------------------------------------------
// A profile's activity (issue 12): short posts by the profile's owner, liked and commented on by
// other signed-in users, with impressions counted. Readable by every signed-in user, as profiles
// are; written only by their authors.
//
// Impressions: a post shown to a signed-in user other than its author (in GET
// /api/users/{id}/posts) counts one impression, at most once per viewer, post and UTC day. The
// author's own views never count. Only the author sees the figures.
// ---------------------------------------------------------------------------------------------

/** Lengths and page sizes of the activity feed. */
export const postLimits = {
  /** Characters of a post (after trimming). */
  body: 1000,
  /** Characters of a comment (after trimming). */
  comment: 500,
  /** Posts per page, by default and at most. */
  page: 10,
  maxPage: 50,
  /** Comments per page, by default and at most. */
  commentPage: 20,
  maxCommentPage: 100,
} as const;

/** The characters a post may hold; the composer's counter and hint read it. */
export const POST_BODY_MAX_LENGTH = postLimits.body;
/** The characters a comment may hold. */
export const COMMENT_BODY_MAX_LENGTH = postLimits.comment;

export const postMessages = {
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  selfLike: 'You cannot like your own post',
} as const;

// Multi-line text keeps tabs and line breaks, nothing else below 0x20.
// eslint-disable-next-line no-control-regex
const controlCharactersButLines = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The text of a post or comment: bidirectional controls and other invisible characters removed
 * (a right-to-left override would disguise a link), trimmed, 1..max characters, line breaks kept.
 */
const postText = (max: number) =>
  z
    .string()
    .overwrite(cleanDisplayText)
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !controlCharactersButLines.test(v), 'must not contain control characters')
    .refine((v) => hasVisibleCharacter(v), {
      message: 'must contain a visible character',
      when: (payload) => payload.issues.length === 0,
    });

/** POST /api/users/me/posts. Links are written as plain text; clients show http(s) ones as links. */
export const createPostBodySchema = z.object({ body: postText(postLimits.body) }).strict();
export type CreatePostBody = z.input<typeof createPostBodySchema>;

/** POST /api/users/{id}/posts/{postId}/comments. */
export const createCommentBodySchema = z.object({ body: postText(postLimits.comment) }).strict();
export type CreateCommentBody = z.input<typeof createCommentBodySchema>;

const idParam = z.string().min(1).max(64);

/** `{id}` is the profile's user id (or `me`); `{postId}` one of that user's posts. */
export const postParamsSchema = z.object({ id: idParam, postId: idParam });
export const ownPostParamsSchema = z.object({ postId: idParam });
export const commentParamsSchema = z.object({ id: idParam, postId: idParam, commentId: idParam });

/** GET /api/users/{id}/posts?limit&before: newest first; `before` is the last post id of the previous page. */
export const postListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(postLimits.maxPage).default(postLimits.page),
  before: idParam.optional(),
});

/** GET …/posts/{postId}/comments?limit&after: oldest first; `after` is the last comment id of the previous page. */
export const commentListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(postLimits.maxCommentPage).default(postLimits.commentPage),
  after: idParam.optional(),
});

export const postSchema = z.object({
  id: z.string(),
  author: personCardSchema,
  body: z.string(),
  createdAt: z.string(),
  likes: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  /** Whether the caller likes it (always false on one's own). */
  likedByViewer: z.boolean(),
  /** Whether the caller wrote it (and so may delete it). */
  isOwn: z.boolean(),
  /** Impressions so far (see above); null unless the caller is the author. */
  impressions: z.number().int().nonnegative().nullable(),
});
export type Post = z.infer<typeof postSchema>;

export const commentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  author: personCardSchema,
  body: z.string(),
  createdAt: z.string(),
  /** Whether the caller wrote it (and so may delete it). */
  isOwn: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const postListResponseSchema = z.object({
  success: z.literal(true),
  posts: z.array(postSchema),
  /** The `before` of the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type PostListResponse = z.infer<typeof postListResponseSchema>;

export const postResponseSchema = z.object({ success: z.literal(true), post: postSchema });

export const commentListResponseSchema = z.object({
  success: z.literal(true),
  comments: z.array(commentSchema),
  /** The `after` of the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type CommentListResponse = z.infer<typeof commentListResponseSchema>;

/** POST …/comments: the new comment and the post's comment count afterwards. */
export const commentResponseSchema = z.object({
  success: z.literal(true),
  comment: commentSchema,
  comments: z.number().int().nonnegative(),
});

/** DELETE …/comments/{commentId}: the post's comment count afterwards. */
export const commentDeletedResponseSchema = z.object({
  success: z.literal(true),
  comments: z.number().int().nonnegative(),
});

/** POST/DELETE …/posts/{postId}/like: the caller's like and the post's count afterwards. */
export const likeResponseSchema = z.object({
  success: z.literal(true),
  liked: z.boolean(),
  likes: z.number().int().nonnegative(),
});
export type LikeResponse = z.infer<typeof likeResponseSchema>;

/**
 * GET /api/users/{id}/activity: the side panel's figures, all counted from stored rows. Likes and
 * comments are those other users gave the profile's posts; `impressions` is null unless the
 * caller is the profile's owner.
 */
export const activitySchema = z.object({
  posts: z.number().int().nonnegative(),
  likesReceived: z.number().int().nonnegative(),
  commentsReceived: z.number().int().nonnegative(),
  impressions: z.number().int().nonnegative().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityResponseSchema = z.object({ success: z.literal(true), activity: activitySchema });

export const postOkResponseSchema = z.object({ success: z.literal(true) });
