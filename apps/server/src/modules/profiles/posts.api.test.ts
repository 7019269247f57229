import { errorResponseSchema } from '@nuvem/contracts/common';
import {
  activityResponseSchema,
  commentDeletedResponseSchema,
  commentListResponseSchema,
  commentResponseSchema,
  likeResponseSchema,
  postLimits,
  postListResponseSchema,
  postResponseSchema,
} from '@nuvem/contracts/profile-posts';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { profilePostComments } from '../../db/schema/profile-post-comments.js';
import { profilePostImpressions } from '../../db/schema/profile-post-impressions.js';
import { profilePostLikes } from '../../db/schema/profile-post-likes.js';
import { profilePosts } from '../../db/schema/profile-posts.js';
import { registerUser, testDriver, testOrigin, useTestApp } from '../../test/helper.testing.js';
import { asUser } from './profiles-client.testing.js';

type Api = ReturnType<typeof asUser>;

describe(`profile posts API on ${testDriver}`, () => {
  const t = useTestApp();

  const publish = async (api: Api, body: string) => {
    const res = await api.post('/api/users/me/posts', { body });
    expect(res.statusCode, res.body).toBe(201);
    return postResponseSchema.parse(res.json()).post;
  };
  const postsOf = async (api: Api, id: string, query = '') => {
    const res = await api.get(`/api/users/${id}/posts${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return postListResponseSchema.parse(res.json());
  };
  const activityOf = async (api: Api, id: string) => {
    const res = await api.get(`/api/users/${id}/activity`);
    expect(res.statusCode, res.body).toBe(200);
    return activityResponseSchema.parse(res.json()).activity;
  };
  const rows = async () => {
    const n = async (table: PgTable) => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
    return {
      posts: await n(profilePosts),
      likes: await n(profilePostLikes),
      comments: await n(profilePostComments),
      impressions: await n(profilePostImpressions),
    };
  };

  it('publishes a post that another user reads, likes, unlikes and comments on; the author sees the counts', async () => {
    const anaUser = await registerUser(t.app, { displayName: 'Ana Lima' });
    const biaUser = await registerUser(t.app, { displayName: 'Bia Rocha' });
    const ana = asUser(t.app, anaUser);
    const bia = asUser(t.app, biaUser);

    // An empty profile: no posts, every figure 0.
    expect(await postsOf(ana, 'me')).toEqual({ success: true, posts: [], nextCursor: null });
    expect(await activityOf(ana, 'me')).toEqual({ posts: 0, likesReceived: 0, commentsReceived: 0, impressions: 0 });

    const post = await publish(ana, '  Shipped it: https://example.com/notes\nThanks all.  ');
    expect(post.id).toMatch(/^pst_[0-9a-z]{25}$/);
    expect(post).toMatchObject({
      author: { id: anaUser.id, displayName: 'Ana Lima' },
      body: 'Shipped it: https://example.com/notes\nThanks all.',
      likes: 0,
      comments: 0,
      likedByViewer: false,
      isOwn: true,
      impressions: 0,
    });

    // Bia reads Ana's posts: not hers, no figure of impressions for her.
    const seen = await postsOf(bia, anaUser.id);
    expect(seen.posts).toHaveLength(1);
    expect(seen.posts[0]).toMatchObject({ id: post.id, isOwn: false, impressions: null, likedByViewer: false });

    const liked = await bia.post(`/api/users/${anaUser.id}/posts/${post.id}/like`);
    expect(likeResponseSchema.parse(liked.json())).toEqual({ success: true, liked: true, likes: 1 });
    // Liking again changes nothing.
    expect(
      likeResponseSchema.parse((await bia.post(`/api/users/${anaUser.id}/posts/${post.id}/like`)).json()).likes,
    ).toBe(1);
    expect((await postsOf(bia, anaUser.id)).posts[0]).toMatchObject({ likes: 1, likedByViewer: true });
    const unliked = await bia.del(`/api/users/${anaUser.id}/posts/${post.id}/like`);
    expect(likeResponseSchema.parse(unliked.json())).toEqual({ success: true, liked: false, likes: 0 });
    await bia.post(`/api/users/${anaUser.id}/posts/${post.id}/like`);

    const commented = await bia.post(`/api/users/${anaUser.id}/posts/${post.id}/comments`, { body: ' Congrats! ' });
    expect(commented.statusCode, commented.body).toBe(201);
    const { comment, comments } = commentResponseSchema.parse(commented.json());
    expect(comments).toBe(1);
    expect(comment.id).toMatch(/^cmt_[0-9a-z]{25}$/);
    expect(comment).toMatchObject({
      postId: post.id,
      author: { id: biaUser.id, displayName: 'Bia Rocha' },
      body: 'Congrats!',
      isOwn: true,
    });
    // The author replies: that comment counts on the post, not as a comment received.
    await ana.post(`/api/users/me/posts/${post.id}/comments`, { body: 'Thank you' });

    const thread = commentListResponseSchema.parse((await ana.get(`/api/users/me/posts/${post.id}/comments`)).json());
    expect(thread.comments.map((c) => [c.body, c.isOwn])).toEqual([
      ['Congrats!', false],
      ['Thank you', true],
    ]);

    const mine = await postsOf(ana, 'me');
    expect(mine.posts[0]).toMatchObject({ likes: 1, comments: 2, impressions: 1, likedByViewer: false });
    expect(await activityOf(ana, 'me')).toEqual({ posts: 1, likesReceived: 1, commentsReceived: 1, impressions: 1 });
    // Others see the same figures, but not the impressions.
    expect(await activityOf(bia, anaUser.id)).toEqual({
      posts: 1,
      likesReceived: 1,
      commentsReceived: 1,
      impressions: null,
    });
  });

  it("counts an impression once per viewer, post and day, never the author's own views", async () => {
    const authorUser = await registerUser(t.app);
    const authorId = authorUser.id;
    const author = asUser(t.app, authorUser);
    const first = await publish(author, 'First');
    const second = await publish(author, 'Second');

    for (let i = 0; i < 3; i += 1) await postsOf(author, 'me');
    expect((await activityOf(author, 'me')).impressions).toBe(0);

    const viewer = asUser(t.app, await registerUser(t.app));
    await postsOf(viewer, authorId);
    await postsOf(viewer, authorId);
    const other = asUser(t.app, await registerUser(t.app));
    // A page of one post shows only that one: only it makes an impression.
    await postsOf(other, authorId, '?limit=1');

    const posts = (await postsOf(author, 'me')).posts;
    expect(posts.map((p) => [p.id, p.impressions])).toEqual([
      [second.id, 2],
      [first.id, 1],
    ]);
    expect((await activityOf(author, 'me')).impressions).toBe(3);
  });

  it('pages posts newest first and comments oldest first', async () => {
    const user = await registerUser(t.app);
    const api = asUser(t.app, user);
    const ids: string[] = [];
    for (const body of ['one', 'two', 'three']) ids.push((await publish(api, body)).id);

    const page1 = await postsOf(api, 'me', '?limit=2');
    expect(page1.posts.map((p) => p.body)).toEqual(['three', 'two']);
    expect(page1.nextCursor).toBe(ids[1]);
    const page2 = await postsOf(api, 'me', `?limit=2&before=${page1.nextCursor}`);
    expect(page2.posts.map((p) => p.body)).toEqual(['one']);
    expect(page2.nextCursor).toBeNull();

    const post = ids[0]!;
    for (const body of ['a', 'b', 'c']) await api.post(`/api/users/me/posts/${post}/comments`, { body });
    const c1 = commentListResponseSchema.parse((await api.get(`/api/users/me/posts/${post}/comments?limit=2`)).json());
    expect(c1.comments.map((c) => c.body)).toEqual(['a', 'b']);
    const c2 = commentListResponseSchema.parse(
      (await api.get(`/api/users/me/posts/${post}/comments?limit=2&after=${c1.nextCursor}`)).json(),
    );
    expect(c2.comments.map((c) => c.body)).toEqual(['c']);
    expect(c2.nextCursor).toBeNull();
  });

  it('lets only authors delete their posts and comments; others get 404 and nothing changes', async () => {
    const anaUser = await registerUser(t.app);
    const biaUser = await registerUser(t.app);
    const ana = asUser(t.app, anaUser);
    const bia = asUser(t.app, biaUser);
    const post = await publish(ana, 'Mine');
    await bia.post(`/api/users/${anaUser.id}/posts/${post.id}/like`);
    const biaComment = commentResponseSchema.parse(
      (await bia.post(`/api/users/${anaUser.id}/posts/${post.id}/comments`, { body: 'Nice' })).json(),
    ).comment;
    const anaComment = commentResponseSchema.parse(
      (await ana.post(`/api/users/me/posts/${post.id}/comments`, { body: 'Thanks' })).json(),
    ).comment;
    const before = await rows();

    // Bia cannot delete Ana's post (under /me it is not hers) nor Ana's comment.
    const notHers = await bia.del(`/api/users/me/posts/${post.id}`);
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json()).toEqual({ success: false, error: 'Post not found', code: 'POST_NOT_FOUND' });
    const notHerComment = await bia.del(`/api/users/${anaUser.id}/posts/${post.id}/comments/${anaComment.id}`);
    expect(notHerComment.statusCode).toBe(404);
    expect(notHerComment.json()).toEqual({ success: false, error: 'Comment not found', code: 'COMMENT_NOT_FOUND' });
    // Nor does the post author delete Bia's comment: owners delete their own only.
    expect((await ana.del(`/api/users/me/posts/${post.id}/comments/${biaComment.id}`)).statusCode).toBe(404);
    // A post named under the wrong profile is not found either.
    expect((await bia.post(`/api/users/${biaUser.id}/posts/${post.id}/like`)).statusCode).toBe(404);
    // Nobody likes their own post.
    const self = await ana.post(`/api/users/me/posts/${post.id}/like`);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: 'You cannot like your own post', code: 'SELF_LIKE' });
    expect(await rows()).toEqual(before);

    // Bia deletes her own comment; Ana deletes her post, and its likes and comments go with it.
    const removed = await bia.del(`/api/users/${anaUser.id}/posts/${post.id}/comments/${biaComment.id}`);
    expect(commentDeletedResponseSchema.parse(removed.json())).toEqual({ success: true, comments: 1 });
    expect((await ana.del(`/api/users/me/posts/${post.id}`)).json()).toEqual({ success: true });
    expect(await postsOf(bia, anaUser.id)).toMatchObject({ posts: [] });
    expect(await activityOf(ana, 'me')).toEqual({ posts: 0, likesReceived: 0, commentsReceived: 0, impressions: 0 });
    expect((await bia.post(`/api/users/${anaUser.id}/posts/${post.id}/comments`, { body: 'late' })).statusCode).toBe(
      404,
    );
  });

  it('answers bad input with 400 naming the field, and stores nothing', async () => {
    const anaUser = await registerUser(t.app);
    const ana = asUser(t.app, anaUser);
    const bia = asUser(t.app, await registerUser(t.app));
    const post = await publish(ana, 'Base');
    const before = await rows();
    const long = (n: number) => 'x'.repeat(n);
    const comments = `/api/users/${anaUser.id}/posts/${post.id}/comments`;
    for (const [url, payload, field, code] of [
      ['/api/users/me/posts', { body: '' }, 'body.body', 'too_small'],
      ['/api/users/me/posts', { body: '   \n ' }, 'body.body', 'too_small'],
      ['/api/users/me/posts', { body: long(postLimits.body + 1) }, 'body.body', 'too_big'],
      ['/api/users/me/posts', { body: 'ok\u0007' }, 'body.body', 'custom'],
      ['/api/users/me/posts', { body: '\u202e\u200b' }, 'body.body', 'too_small'],
      ['/api/users/me/posts', { body: 42 }, 'body.body', 'invalid_type'],
      ['/api/users/me/posts', { body: 'ok', authorId: anaUser.id }, 'body', 'unrecognized_keys'],
      [comments, { body: long(postLimits.comment + 1) }, 'body.body', 'too_big'],
      [comments, {}, 'body.body', 'invalid_type'],
    ] as const) {
      const res = await bia.post(url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload).slice(0, 40)}`).toBe(400);
      const body = errorResponseSchema.parse(res.json());
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details?.[0]).toMatchObject({ path: field, code });
    }
    const tooBig = errorResponseSchema.parse(
      (await bia.post('/api/users/me/posts', { body: long(postLimits.body + 1) })).json(),
    );
    expect(tooBig.details?.[0]).toMatchObject({ origin: 'string', maximum: postLimits.body });
    expect(tooBig.error).toBe(`Body must be at most ${postLimits.body} characters.`);
    // A post of exactly the limit is accepted (then removed, so the counts compare).
    const atLimit = await publish(bia, long(postLimits.body));
    await bia.del(`/api/users/me/posts/${atLimit.id}`);

    for (const query of ['?limit=0', `?limit=${postLimits.maxPage + 1}`, '?limit=x']) {
      expect((await bia.get(`/api/users/${anaUser.id}/posts${query}`)).statusCode, query).toBe(400);
    }
    expect(await rows()).toEqual(before);
  });

  it('rate-limits publishing', async () => {
    const api = asUser(t.app, await registerUser(t.app));
    let status = 201;
    let published = 0;
    while (status === 201 && published < 100) {
      const res = await api.post('/api/users/me/posts', { body: `post ${published}` });
      status = res.statusCode;
      if (status === 201) published += 1;
      else {
        expect(res.statusCode).toBe(429);
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(published).toBe(20);
    expect((await postsOf(api, 'me', `?limit=${postLimits.maxPage}`)).posts).toHaveLength(20);
  });

  it('refuses cookie-carrying cross-site writes', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/posts',
      headers: { origin: 'https://evil.example' },
      cookies: { nuvem_session: user.cookie },
      payload: { body: 'forged' },
    });
    expect(res.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/posts',
      headers: { origin: testOrigin },
      cookies: { nuvem_session: user.cookie },
      payload: { body: 'mine' },
    });
    expect(same.statusCode).toBe(201);
    expect((await postsOf(asUser(t.app, user), 'me')).posts.map((p) => p.body)).toEqual(['mine']);
  });
});
