// Replies of the activity API for this feature's tests (not a test file itself).
import {
  activityResponseSchema,
  commentListResponseSchema,
  postListResponseSchema,
  type Activity,
  type Comment,
  type Post,
} from '@nuvem/contracts/profile-posts';

export const ana = { id: 'usr_1', displayName: 'Ana Souza', avatar: null, headline: 'Platform engineer' };
export const bia = { id: 'usr_2', displayName: 'Bia Lima', avatar: null, headline: 'Data scientist' };

/** A post by Ana (as she sees it, unless told otherwise). */
export function post(overrides: Partial<Post> = {}): Post {
  return {
    id: 'pst_1',
    author: ana,
    body: 'Shipped the new dashboard.',
    createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    likes: 0,
    comments: 0,
    likedByViewer: false,
    isOwn: true,
    impressions: 0,
    ...overrides,
  };
}

export function comment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 'cmt_1',
    postId: 'pst_1',
    author: bia,
    body: 'Congrats!',
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    isOwn: false,
    ...overrides,
  };
}

export const noPosts = postListResponseSchema.parse({ success: true, posts: [], nextCursor: null });

export function postsReply(posts: Partial<Post>[], nextCursor: string | null = null) {
  return postListResponseSchema.parse({
    success: true,
    posts: posts.map((p, i) => post({ id: `pst_${i + 1}`, ...p })),
    nextCursor,
  });
}

export function commentsReply(comments: Partial<Comment>[], nextCursor: string | null = null) {
  return commentListResponseSchema.parse({
    success: true,
    comments: comments.map((c, i) => comment({ id: `cmt_${i + 1}`, ...c })),
    nextCursor,
  });
}

export function activityReply(activity: Partial<Activity> = {}) {
  return activityResponseSchema.parse({
    success: true,
    activity: { posts: 0, likesReceived: 0, commentsReceived: 0, impressions: 0, ...activity },
  });
}

export const noActivity = activityReply();
