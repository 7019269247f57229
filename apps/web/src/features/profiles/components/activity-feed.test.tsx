import { POST_BODY_MAX_LENGTH, type Comment, type Post } from '@nuvem/contracts/profile-posts';
import { profileResponseSchema, profileSchema, type Profile } from '@nuvem/contracts/profiles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatCount } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { fetchCalls, jsonResponse, mockFetch, reply, type FetchHandler } from '@/testing/mock-fetch.testing';
import { renderRoute } from '@/testing/render-route.testing';
import { activityReply, bia, comment, commentsReply, noActivity, noPosts, post } from './profile-test-data';

const FLOW_TIMEOUT_MS = 20_000;
// The first render loads the profile route's code: allow it longer than findBy's default second.
const FIRST_LOAD = { timeout: 5_000 };

const sessionUser = (id: string, name: string) => ({
  id,
  email: `${id}@example.com`,
  created_at: '2025-01-01T00:00:00.000Z',
  email_verified: true,
  user_metadata: { display_name: name, avatar_url: null },
});

function profileOf(id: string, name: string, isSelf: boolean): Profile {
  return profileSchema.parse({
    id,
    email: isSelf ? `${id}@example.com` : null,
    displayName: name,
    avatar: null,
    headline: null,
    emailVerified: true,
    mfaEnabled: false,
    location: null,
    bio: null,
    connections: 0,
    followers: 0,
    following: 0,
    views: 0,
    viewsLast30Days: isSelf ? 0 : null,
    experience: [],
    education: [],
    skills: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    viewer: { isSelf, following: false, followedBy: false, connection: 'none' },
  });
}

/** Signed in as `me`; the profile routes of usr_1 (Ana) answer from the handlers given. */
function signedInAs(me: { id: string; name: string }, routes: Record<string, FetchHandler>) {
  return mockFetch({
    'GET /sso/check': reply({ authenticated: true, access_token: 'tok', user: sessionUser(me.id, me.name) }),
    'GET /auth/config': reply({ providers: [], redirect_origins: [] }),
    'GET /api/users/me/suggestions': reply({ success: true, people: [] }),
    'GET /api/users/me/connection-requests': reply({ success: true, requests: [] }),
    'GET /api/users/usr_1/activity': reply(noActivity),
    ...routes,
  });
}

/** The JSON body a handler received. */
function bodyOf(init: RequestInit | undefined): { body: string } {
  return JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { body: string };
}

const listOf = (posts: Post[], nextCursor: string | null = null) => ({ success: true, posts, nextCursor });

describe('the activity feed', () => {
  afterEach(() => vi.restoreAllMocks());

  it(
    'invites the owner of an empty profile to share a first update, and publishes it',
    async () => {
      let posts: Post[] = [];
      const fetchSpy = signedInAs(
        { id: 'usr_1', name: 'Ana' },
        {
          'GET /api/users/me': reply(
            profileResponseSchema.parse({ success: true, user: profileOf('usr_1', 'Ana Souza', true) }),
          ),
          'GET /api/users/usr_1/posts': () => jsonResponse(listOf(posts)),
          'POST /api/users/me/posts': (_url, init) => {
            const { body } = bodyOf(init);
            const created = post({ body: body.trim() });
            posts = [created];
            return jsonResponse({ success: true, post: created }, 201);
          },
        },
      );
      renderRoute('/profile/me');

      expect(await screen.findByRole('heading', { name: 'Share your first update' }, FIRST_LOAD)).toBeInTheDocument();
      const composer = screen.getByRole('form', { name: 'Share an update' });
      const field = within(composer).getByRole('textbox', { name: 'What would you like to share?' });
      expect(field).toHaveAccessibleDescription(
        `Links starting with http:// or https:// become clickable. 0 of ${formatCount(POST_BODY_MAX_LENGTH, 'en')} characters.`,
      );

      // Empty: refused beside the field, nothing sent.
      await userEvent.click(within(composer).getByRole('button', { name: 'Post' }));
      expect(await within(composer).findByText('Fill in this field.')).toBeInTheDocument();

      await userEvent.type(field, 'Read https://example.com/notes today');
      await userEvent.click(within(composer).getByRole('button', { name: 'Post' }));

      const article = await screen.findByRole('article', { name: 'Post by Ana Souza' });
      expect(screen.queryByRole('heading', { name: 'Share your first update' })).not.toBeInTheDocument();
      expect(fetchCalls(fetchSpy, 'POST /api/users/me/posts').map((c) => c.body)).toEqual([
        { body: 'Read https://example.com/notes today' },
      ]);
      // The link is a real one, safe to follow: http(s) only, no opener, no endorsement.
      const link = within(article).getByRole('link', { name: 'https://example.com/notes' });
      expect(link).toHaveAttribute('href', 'https://example.com/notes');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
      expect(within(article).getByText('0 likes')).toBeInTheDocument();
      expect(within(article).getByText('0 impressions')).toBeInTheDocument();
      // The author cannot like their own post, but can delete it.
      expect(within(article).queryByRole('button', { name: 'Like' })).not.toBeInTheDocument();
      expect(within(article).getByRole('button', { name: 'Delete post' })).toBeInTheDocument();
      // The composer is back, empty, above the posts.
      expect(within(screen.getByRole('form', { name: 'Share an update' })).getByRole('textbox')).toHaveValue('');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "refuses a post longer than the contract's limit beside the field, sending nothing",
    async () => {
      const fetchSpy = signedInAs(
        { id: 'usr_1', name: 'Ana' },
        {
          'GET /api/users/me': reply({ success: true, user: profileOf('usr_1', 'Ana Souza', true) }),
          'GET /api/users/usr_1/posts': reply(noPosts),
        },
      );
      renderRoute('/profile/me');
      const composer = await screen.findByRole('form', { name: 'Share an update' }, FIRST_LOAD);
      const field = within(composer).getByRole('textbox');
      await userEvent.click(field);
      await userEvent.paste('x'.repeat(POST_BODY_MAX_LENGTH + 1));
      await userEvent.click(within(composer).getByRole('button', { name: 'Post' }));
      expect(
        await within(composer).findByText(
          i18n.t('form.tooLong', { count: POST_BODY_MAX_LENGTH, n: formatCount(POST_BODY_MAX_LENGTH) }),
        ),
      ).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(fetchCalls(fetchSpy, 'POST /api/users/me/posts')).toHaveLength(0);

      // At the limit it goes.
      await userEvent.clear(field);
      await userEvent.paste('x'.repeat(POST_BODY_MAX_LENGTH));
      await userEvent.click(within(composer).getByRole('button', { name: 'Post' }));
      await waitFor(() => expect(fetchCalls(fetchSpy, 'POST /api/users/me/posts')).toHaveLength(1));
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'lets another user like a post and comment on it, with the counts the server answers',
    async () => {
      let current = post({ isOwn: false, impressions: null, likes: 2, comments: 0, body: 'See javascript:alert(1)' });
      let comments: Comment[] = [];
      const fetchSpy = signedInAs(
        { id: 'usr_2', name: 'Bia Lima' },
        {
          'GET /api/users/usr_1': reply({ success: true, user: profileOf('usr_1', 'Ana Souza', false) }),
          'GET /api/users/usr_1/posts': () => jsonResponse(listOf([current])),
          'GET /api/users/usr_1/activity': reply(activityReply({ posts: 1, likesReceived: 2, impressions: null })),
          'POST /api/users/usr_1/posts/pst_1/like': () => {
            current = { ...current, likes: 3, likedByViewer: true };
            return jsonResponse({ success: true, liked: true, likes: 3 });
          },
          'DELETE /api/users/usr_1/posts/pst_1/like': () => {
            current = { ...current, likes: 2, likedByViewer: false };
            return jsonResponse({ success: true, liked: false, likes: 2 });
          },
          'GET /api/users/usr_1/posts/pst_1/comments': () => jsonResponse(commentsReply(comments)),
          'POST /api/users/usr_1/posts/pst_1/comments': (_url, init) => {
            const { body } = bodyOf(init);
            const added = comment({ id: 'cmt_9', body, isOwn: true, author: bia });
            comments = [...comments, added];
            current = { ...current, comments: comments.length };
            return jsonResponse({ success: true, comment: added, comments: comments.length }, 201);
          },
          'DELETE /api/users/usr_1/posts/pst_1/comments/cmt_9': () => {
            comments = [];
            current = { ...current, comments: 0 };
            return jsonResponse({ success: true, comments: 0 });
          },
        },
      );
      renderRoute('/profile/usr_1');

      const article = await screen.findByRole('article', { name: 'Post by Ana Souza' }, FIRST_LOAD);
      // Only http(s) addresses become links.
      expect(within(article).queryByRole('link')).not.toBeInTheDocument();
      expect(within(article).getByText('See javascript:alert(1)')).toBeInTheDocument();
      // Impressions are the author's figure.
      expect(within(article).queryByText(/impression/)).not.toBeInTheDocument();
      expect(within(article).queryByRole('button', { name: 'Delete post' })).not.toBeInTheDocument();

      const like = within(article).getByRole('button', { name: 'Like' });
      expect(like).toHaveAttribute('aria-pressed', 'false');
      expect(within(article).getByText('2 likes')).toBeInTheDocument();
      await userEvent.click(like);
      expect(await within(article).findByText('3 likes')).toBeInTheDocument();
      expect(within(article).getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
      await userEvent.click(within(article).getByRole('button', { name: 'Like' }));
      expect(await within(article).findByText('2 likes')).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, 'POST /api/users/usr_1/posts/pst_1/like')).toHaveLength(1);
      expect(fetchCalls(fetchSpy, 'DELETE /api/users/usr_1/posts/pst_1/like')).toHaveLength(1);

      const toggle = within(article).getByRole('button', { name: 'Comments' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(toggle);
      const thread = within(article).getByRole('region', { name: 'Comments' });
      expect(await within(thread).findByText('No comments yet. Start the conversation.')).toBeInTheDocument();
      await userEvent.type(within(thread).getByRole('textbox', { name: 'Write a comment' }), 'Congrats, Ana!');
      await userEvent.click(within(thread).getByRole('button', { name: 'Comment' }));
      expect(await within(thread).findByText('Congrats, Ana!')).toBeInTheDocument();
      expect(within(article).getByText('1 comment')).toBeInTheDocument();
      expect(within(thread).getByRole('link', { name: 'Bia Lima' })).toHaveAttribute('href', '/profile/usr_2');
      expect(fetchCalls(fetchSpy, 'POST /api/users/usr_1/posts/pst_1/comments').map((c) => c.body)).toEqual([
        { body: 'Congrats, Ana!' },
      ]);

      // Her own comment she may delete, after confirming.
      await userEvent.click(within(thread).getByRole('button', { name: 'Delete comment' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete comment' }));
      expect(await within(thread).findByText('No comments yet. Start the conversation.')).toBeInTheDocument();
      expect(within(article).getByText('0 comments')).toBeInTheDocument();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'tells a visitor an empty profile has no posts yet, and offers no composer',
    async () => {
      signedInAs(
        { id: 'usr_2', name: 'Bia Lima' },
        {
          'GET /api/users/usr_1': reply({ success: true, user: profileOf('usr_1', 'Ana Souza', false) }),
          'GET /api/users/usr_1/posts': reply(noPosts),
        },
      );
      renderRoute('/profile/usr_1');
      expect(await screen.findByText('Ana Souza has not posted anything yet.', {}, FIRST_LOAD)).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Share an update' })).not.toBeInTheDocument();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'deletes an own post after confirming, and pages older posts in',
    async () => {
      let first = [post({ id: 'pst_2', body: 'Newer' })];
      const fetchSpy = signedInAs(
        { id: 'usr_1', name: 'Ana' },
        {
          'GET /api/users/me': reply({ success: true, user: profileOf('usr_1', 'Ana Souza', true) }),
          'GET /api/users/usr_1/posts': (url) =>
            url.searchParams.get('before') === 'pst_2'
              ? jsonResponse(listOf([post({ id: 'pst_1', body: 'Older' })]))
              : jsonResponse(listOf(first, first.length ? 'pst_2' : null)),
          'DELETE /api/users/me/posts/pst_2': () => {
            first = [];
            return jsonResponse({ success: true });
          },
        },
      );
      renderRoute('/profile/me');

      expect(await screen.findByText('Newer', {}, FIRST_LOAD)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Show more posts' }));
      expect(await screen.findByText('Older')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Show more posts' })).not.toBeInTheDocument();

      const newer = screen.getByText('Newer').closest('[role="article"]') as HTMLElement;
      await userEvent.click(within(newer).getByRole('button', { name: 'Delete post' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete this post?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete post' }));
      await waitFor(() => expect(screen.queryByText('Newer')).not.toBeInTheDocument());
      expect(fetchCalls(fetchSpy, 'DELETE /api/users/me/posts/pst_2')).toHaveLength(1);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'reads in European Portuguese',
    async () => {
      signedInAs(
        { id: 'usr_1', name: 'Ana' },
        {
          'GET /api/users/me': reply({ success: true, user: profileOf('usr_1', 'Ana Souza', true) }),
          'GET /api/users/usr_1/posts': reply(noPosts),
        },
      );
      await act(() => i18n.changeLanguage('pt-PT'));
      renderRoute('/profile/me');
      expect(
        await screen.findByRole('heading', { name: 'Partilhe a sua primeira atualização' }, FIRST_LOAD),
      ).toBeInTheDocument();
      const composer = screen.getByRole('form', { name: 'Partilhar uma atualização' });
      expect(within(composer).getByRole('textbox', { name: 'O que gostaria de partilhar?' })).toBeInTheDocument();
      await userEvent.click(within(composer).getByRole('button', { name: 'Publicar' }));
      expect(await within(composer).findByText(i18n.t('form.required'))).toBeInTheDocument();
      expect(i18n.t('form.required')).not.toBe('Fill in this field.');
    },
    FLOW_TIMEOUT_MS,
  );
});
