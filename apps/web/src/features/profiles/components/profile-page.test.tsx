import {
  connectionRequestsResponseSchema,
  connectionResponseSchema,
  experienceEntryResponseSchema,
  experienceListResponseSchema,
  followResponseSchema,
  profileLimits,
  profileResponseSchema,
  profileSchema,
  suggestionsResponseSchema,
  type ExperienceEntry,
  type Profile,
} from '@nuvem/contracts/profiles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { fetchCalls, jsonResponse, mockFetch, reply, type FetchHandler } from '@/testing/mock-fetch.testing';
import { renderRoute } from '@/testing/render-route.testing';
import { activityReply, noActivity, noPosts, postsReply } from './profile-test-data';

// Whole flows (typing, refetches) through the real route table.
const FLOW_TIMEOUT_MS = 20_000;
// The first render loads the profile route's code: allow it longer than findBy's default second.
const FIRST_LOAD = { timeout: 5_000 };

const sessionUser = {
  id: 'usr_1',
  email: 'ana@example.com',
  created_at: '2025-01-01T00:00:00.000Z',
  email_verified: true,
  user_metadata: { display_name: 'Ana', avatar_url: null },
};

function profile(overrides: Partial<Profile> = {}): Profile {
  return profileSchema.parse({
    id: 'usr_1',
    email: 'ana@example.com',
    displayName: 'Ana Souza',
    avatar: null,
    headline: 'Platform engineer',
    emailVerified: true,
    mfaEnabled: false,
    location: 'São Paulo',
    bio: 'I build clouds.',
    connections: 12,
    followers: 34,
    following: 5,
    views: 100,
    viewsLast30Days: 17,
    experience: [],
    education: [],
    skills: [{ name: 'TypeScript', endorsements: 3, endorsedByViewer: false }],
    createdAt: '2025-01-01T00:00:00.000Z',
    viewer: { isSelf: true, following: false, followedBy: false, connection: 'none' },
    ...overrides,
  });
}

const bia = profile({
  id: 'usr_2',
  email: null,
  displayName: 'Bia Lima',
  headline: 'Data scientist',
  location: null,
  bio: null,
  connections: 8,
  followers: 41,
  views: 250,
  viewsLast30Days: null,
  viewer: { isSelf: false, following: false, followedBy: false, connection: 'none' },
});

const entry = (id: string, title: string): ExperienceEntry => ({
  id,
  title,
  company: 'Acme',
  duration: null,
  description: null,
  current: false,
});

/** The JSON body a handler received. */
function bodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

const profileReply = (user: Profile) => profileResponseSchema.parse({ success: true, user });

function signedIn(routes: Record<string, FetchHandler>) {
  // The session check stores the bearer token under 'auth-token', which the profile call sends.
  return mockFetch({
    'GET /sso/check': reply({ authenticated: true, access_token: 'tok', user: sessionUser }),
    'GET /auth/config': reply({ providers: [], redirect_origins: [] }),
    'GET /api/users/me/suggestions': reply(
      suggestionsResponseSchema.parse({
        success: true,
        people: [
          {
            id: 'usr_3',
            displayName: 'Caio',
            avatar: null,
            headline: 'SRE',
            reason: 'Also worked at Acme',
            basis: { kind: 'company', name: 'Acme' },
          },
        ],
      }),
    ),
    'GET /api/users/me/connection-requests': reply(
      connectionRequestsResponseSchema.parse({
        success: true,
        requests: [
          {
            user: { id: 'usr_4', displayName: 'Duda', avatar: null, headline: null },
            createdAt: '2025-02-01T00:00:00.000Z',
          },
        ],
      }),
    ),
    'GET /api/users/usr_1/posts': reply(noPosts),
    'GET /api/users/usr_1/activity': reply(noActivity),
    'GET /api/users/usr_2/posts': reply(noPosts),
    'GET /api/users/usr_2/activity': reply(activityReply({ impressions: null })),
    ...routes,
  });
}

describe('profile page', () => {
  afterEach(() => vi.restoreAllMocks());

  it(
    'shows the owner their profile with edit controls, e-mail, real views and real activity figures',
    async () => {
      const fetchSpy = signedIn({
        'GET /api/users/me': reply(profileReply(profile())),
        'GET /api/users/usr_1/activity': reply(
          activityReply({ posts: 2, likesReceived: 3, commentsReceived: 1, impressions: 1547 }),
        ),
      });
      renderRoute('/profile/me');

      expect(await screen.findByRole('heading', { level: 1, name: 'Ana Souza' }, FIRST_LOAD)).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Ana Souza · Nuvem'));
      expect(screen.getByText('Platform engineer')).toBeInTheDocument();
      expect(screen.getByText('São Paulo')).toBeInTheDocument();
      expect(screen.getByText('12 connections')).toBeInTheDocument();
      expect(screen.getByText('34 followers')).toBeInTheDocument();
      expect(screen.getAllByText('I build clouds.').length).toBeGreaterThan(0);
      expect(screen.getByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Connect' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Follow' })).not.toBeInTheDocument();

      // The bearer token from local storage goes with the profile call.
      const [call] = fetchCalls(fetchSpy, 'GET /api/users/me');
      expect(new Headers(call?.init?.headers).get('Authorization')).toBe('Bearer tok');

      // Side panel: the owner's last-30-days views and the posts' figures, all from the API.
      const views = screen.getByRole('region', { name: 'Profile views (last 30 days)' });
      expect(within(views).getByText('17')).toBeInTheDocument();
      const activity = screen.getByRole('region', { name: 'Post activity' });
      await waitFor(() => expect(within(activity).getByText('1,547')).toBeInTheDocument());
      const figures = within(activity)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
      expect(figures).toEqual([
        ['Posts', '2'],
        ['Likes received', '3'],
        ['Comments received', '1'],
        ['Post impressions', '1,547'],
      ]);
      const people = screen.getByRole('region', { name: 'People you may know' });
      expect(await within(people).findByRole('link', { name: 'Caio' })).toHaveAttribute('href', '/profile/usr_3');
      expect(within(people).getByText('Also worked at Acme')).toBeInTheDocument();
      const requests = screen.getByRole('region', { name: 'Connection requests' });
      expect(await within(requests).findByRole('button', { name: 'Accept Duda' })).toBeInTheDocument();

      // Nothing invented: no sample posts, trends or growth figures.
      expect(screen.queryByText(/sample/i)).not.toBeInTheDocument();
      expect(screen.queryByText(/trending/i)).not.toBeInTheDocument();
      expect(screen.queryByText(/this month/i)).not.toBeInTheDocument();

      // About: bio, skills and the e-mail (shown to the owner only).
      await userEvent.click(screen.getByRole('tab', { name: 'About' }));
      expect(screen.getByText('ana@example.com')).toBeInTheDocument();
      expect(screen.getByText('TypeScript')).toBeInTheDocument();
      expect(screen.getByText('3 endorsements')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Remove skill: TypeScript' })).toBeInTheDocument();

      // The tabs answer the keyboard.
      screen.getByRole('tab', { name: 'About' }).focus();
      await userEvent.keyboard('{ArrowRight}');
      expect(screen.getByRole('tab', { name: 'Experience' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('button', { name: 'Add experience' })).toBeInTheDocument();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "shows another user's profile read-only, with Connect and Follow that work",
    async () => {
      let current = bia;
      const fetchSpy = signedIn({
        'GET /api/users/usr_2': () => jsonResponse(profileReply(current)),
        'POST /api/users/usr_2/follow': () => {
          current = { ...current, followers: 42, viewer: { ...current.viewer, following: true } };
          return jsonResponse(followResponseSchema.parse({ success: true, following: true, followers: 42 }));
        },
        'DELETE /api/users/usr_2/follow': () => {
          current = { ...current, followers: 41, viewer: { ...current.viewer, following: false } };
          return jsonResponse(followResponseSchema.parse({ success: true, following: false, followers: 41 }));
        },
        'POST /api/users/usr_2/connect': () => {
          current = { ...current, viewer: { ...current.viewer, connection: 'pending_outgoing' } };
          return jsonResponse(
            connectionResponseSchema.parse({ success: true, connection: 'pending_outgoing', connections: 8 }),
          );
        },
      });
      renderRoute('/profile/usr_2');

      expect(await screen.findByRole('heading', { level: 1, name: 'Bia Lima' }, FIRST_LOAD)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Message' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'More' })).toHaveAttribute('title', 'Coming soon');
      // Others see the all-time views; no connection requests of the viewer here.
      expect(within(screen.getByRole('region', { name: 'Profile views' })).getByText('250')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Connection requests' })).not.toBeInTheDocument();
      // Nor the impressions, which are the owner's.
      const activity = screen.getByRole('region', { name: 'Post activity' });
      await waitFor(() => expect(within(activity).getAllByRole('term')).toHaveLength(3));
      expect(within(activity).queryByText('Post impressions')).not.toBeInTheDocument();

      expect(screen.getByText('41 followers')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
      expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
      expect(screen.getByText('42 followers')).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, 'POST /api/users/usr_2/follow')).toHaveLength(1);

      await userEvent.click(screen.getByRole('button', { name: 'Following' }));
      expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
      expect(screen.getByText('41 followers')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
      expect(await screen.findByRole('button', { name: 'Pending' })).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, 'POST /api/users/usr_2/connect')).toHaveLength(1);

      // Others endorse skills; they cannot remove them, and see no e-mail.
      await userEvent.click(screen.getByRole('tab', { name: 'About' }));
      expect(screen.getByRole('button', { name: 'Endorse: TypeScript' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Remove skill: TypeScript' })).not.toBeInTheDocument();
      expect(screen.queryByText('Contact')).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('tab', { name: 'Experience' }));
      expect(screen.queryByRole('button', { name: 'Add experience' })).not.toBeInTheDocument();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'saves an edited headline with a PATCH of that field only, keeps the form on failure, and refreshes the session after',
    async () => {
      let current = profile();
      let fail = true;
      let sessionName = 'Ana';
      const fetchSpy = signedIn({
        'GET /sso/check': () =>
          jsonResponse({
            authenticated: true,
            access_token: 'tok',
            user: { ...sessionUser, user_metadata: { display_name: sessionName, avatar_url: null } },
          }),
        'GET /api/users/me': () => jsonResponse(profileReply(current)),
        'PATCH /api/users/me': (_url, init) => {
          if (fail) {
            fail = false;
            return jsonResponse({ success: false, error: 'The profile store is busy' }, 503);
          }
          const body = bodyOf(init) as { headline: string; displayName: string };
          current = { ...current, headline: body.headline, displayName: body.displayName };
          sessionName = body.displayName;
          return jsonResponse(profileReply(current));
        },
      });
      renderRoute('/profile/me');

      await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }, FIRST_LOAD));
      const headline = screen.getByRole('textbox', { name: 'Headline' });
      expect(headline).toHaveAccessibleDescription(
        `${'Platform engineer'.length} of ${profileLimits.headline} characters`,
      );
      await userEvent.clear(headline);
      await userEvent.type(headline, 'Staff engineer');
      const name = screen.getByRole('textbox', { name: /Display name/ });
      await userEvent.clear(name);
      await userEvent.type(name, 'Ana Lima');
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));

      // The first save fails: the message shows and nothing typed is lost.
      expect(await screen.findByText(/The profile could not be saved: The profile store is busy/)).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveValue('Staff engineer');
      const checksBefore = fetchCalls(fetchSpy, 'GET /sso/check').length;

      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Headline' })).not.toBeInTheDocument());
      expect(screen.getByText('Staff engineer')).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, 'PATCH /api/users/me').map((c) => c.body)).toEqual([
        { displayName: 'Ana Lima', headline: 'Staff engineer' },
        { displayName: 'Ana Lima', headline: 'Staff engineer' },
      ]);

      // The save asked the session again, so the header's menu shows the new name at once.
      await waitFor(() => expect(fetchCalls(fetchSpy, 'GET /sso/check').length).toBe(checksBefore + 1));
      await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
      expect(await screen.findByRole('menu')).toHaveTextContent('Ana Lima');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "refuses a headline longer than the contract's limit beside the field, sending nothing",
    async () => {
      const fetchSpy = signedIn({ 'GET /api/users/me': reply(profileReply(profile())) });
      renderRoute('/profile/me');
      await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }, FIRST_LOAD));
      const headline = screen.getByRole('textbox', { name: 'Headline' });
      await userEvent.clear(headline);
      await userEvent.click(headline);
      await userEvent.paste('x'.repeat(profileLimits.headline + 1));
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(`Use at most ${profileLimits.headline} characters.`)).toBeInTheDocument();
      expect(headline).toHaveAttribute('aria-invalid', 'true');
      expect(fetchCalls(fetchSpy, 'PATCH /api/users/me')).toHaveLength(0);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'adds an experience entry with a POST and orders entries with PUT …/order',
    async () => {
      let current = profile({ experience: [entry('exp_1', 'Engineer'), entry('exp_2', 'Lead')] });
      const fetchSpy = signedIn({
        'GET /api/users/me': () => jsonResponse(profileReply(current)),
        'POST /api/users/me/experience': (_url, init) => {
          const body = bodyOf(init) as Omit<ExperienceEntry, 'id'>;
          const added = { id: 'exp_3', ...body };
          current = { ...current, experience: [...current.experience, added] };
          return jsonResponse(experienceEntryResponseSchema.parse({ success: true, entry: added }), 201);
        },
        'PUT /api/users/me/experience/order': (_url, init) => {
          const { ids } = bodyOf(init) as { ids: string[] };
          const experience = ids.map((id) => current.experience.find((e) => e.id === id)!);
          current = { ...current, experience };
          return jsonResponse(experienceListResponseSchema.parse({ success: true, experience }));
        },
      });
      renderRoute('/profile/me');
      await userEvent.click(await screen.findByRole('tab', { name: 'Experience' }, FIRST_LOAD));

      await userEvent.click(screen.getByRole('button', { name: 'Add experience' }));
      const form = screen.getByRole('form', { name: 'Add experience' });
      await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
      expect(within(form).getAllByText('Fill in this field.')).toHaveLength(2);
      await userEvent.type(within(form).getByRole('textbox', { name: /Title/ }), 'CTO');
      await userEvent.type(within(form).getByRole('textbox', { name: /Company/ }), 'Nuvem');
      await userEvent.type(within(form).getByRole('textbox', { name: 'Duration' }), '2024 – Present');
      await userEvent.click(within(form).getByRole('checkbox', { name: 'I currently work here' }));
      await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

      expect(await screen.findByRole('heading', { level: 3, name: /CTO/ })).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, 'POST /api/users/me/experience').map((c) => c.body)).toEqual([
        { title: 'CTO', company: 'Nuvem', duration: '2024 – Present', description: null, current: true },
      ]);

      expect(screen.getByRole('button', { name: 'Move up: Engineer at Acme' })).toBeDisabled();
      await userEvent.click(screen.getByRole('button', { name: 'Move up: Lead at Acme' }));
      await waitFor(() =>
        expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
          'Lead',
          'Engineer',
          expect.stringContaining('CTO'),
        ]),
      );
      await userEvent.click(screen.getByRole('button', { name: 'Move down: Lead at Acme' }));
      expect(fetchCalls(fetchSpy, 'PUT /api/users/me/experience/order').map((c) => c.body)).toEqual([
        { ids: ['exp_2', 'exp_1', 'exp_3'] },
        { ids: ['exp_1', 'exp_2', 'exp_3'] },
      ]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'shows the fallback profile built from the signed-in user when the call fails with 500, inventing no figures',
    async () => {
      let ok = false;
      signedIn({
        'GET /api/users/me': () =>
          ok ? jsonResponse(profileReply(profile())) : jsonResponse({ success: false, error: 'Boom' }, 500),
      });
      renderRoute('/profile/me');

      expect(
        await screen.findByText('Showing a basic profile: the full profile could not be loaded', {}, FIRST_LOAD),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Ana' })).toBeInTheDocument();
      // The counts could not be loaded: none is shown, none is made up.
      expect(screen.queryByText(/connections?$/)).not.toBeInTheDocument();
      expect(screen.queryByText(/followers?$/)).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Profile views (last 30 days)' })).not.toBeInTheDocument();
      // Nothing can be saved from the fallback: no edit controls, no composer.
      expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
      expect(await screen.findByText('Ana has not posted anything yet.')).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Share an update' })).not.toBeInTheDocument();

      ok = true;
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Ana Souza' })).toBeInTheDocument();
      expect(
        screen.queryByText('Showing a basic profile: the full profile could not be loaded'),
      ).not.toBeInTheDocument();
    },
    FLOW_TIMEOUT_MS,
  );

  it('lets the owner move a skill down, sending the whole new order', async () => {
    const skills = [
      { name: 'TypeScript', endorsements: 3, endorsedByViewer: false },
      { name: 'Go', endorsements: 0, endorsedByViewer: false },
    ];
    const fetchSpy = signedIn({
      'GET /api/users/me': reply(profileReply(profile({ skills }))),
      'PUT /api/users/me/skills/order': reply({ success: true, skills: [skills[1], skills[0]] }),
    });
    renderRoute('/profile/me');
    await userEvent.click(await screen.findByRole('tab', { name: 'About' }, FIRST_LOAD));
    expect(screen.getByRole('button', { name: 'Move up: TypeScript' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move down: TypeScript' }));
    await waitFor(() => expect(fetchCalls(fetchSpy, 'PUT /api/users/me/skills/order')).toHaveLength(1));
    expect(fetchCalls(fetchSpy, 'PUT /api/users/me/skills/order')[0]?.body).toEqual({ names: ['Go', 'TypeScript'] });
  });

  it("shows 'Unable to load profile' for another user's profile when the call fails", async () => {
    signedIn({ 'GET /api/users/usr_2': reply({ success: false, error: 'Boom' }, 500) });
    renderRoute('/profile/usr_2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unable to load profile' }, FIRST_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("shows 'User not found' with a way home for an unknown id", async () => {
    signedIn({ 'GET /api/users/usr_nope': reply({ success: false, error: 'User not found', code: 'NOT_FOUND' }, 404) });
    renderRoute('/profile/usr_nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' }, FIRST_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('reaches the profile from the header menu', async () => {
    signedIn({
      'GET /api/users/me': reply(profileReply(profile())),
      'GET /api/users': reply({ success: true, users: [], total: 0 }),
    });
    const { router } = renderRoute('/pricing');
    await userEvent.click(await screen.findByRole('button', { name: 'User menu' }, FIRST_LOAD));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Souza' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/me');
  });

  it(
    'reads in European Portuguese, figures included',
    async () => {
      await i18n.changeLanguage('pt-PT');
      signedIn({
        'GET /api/users/me': reply(profileReply(profile({ connections: 1, followers: 12000 }))),
        'GET /api/users/usr_1/posts': reply(postsReply([{ likes: 1, comments: 2, impressions: 12000 }])),
        'GET /api/users/usr_1/activity': reply(activityReply({ posts: 1, likesReceived: 1, impressions: 12000 })),
      });
      renderRoute('/profile/me');

      expect(await screen.findByRole('heading', { level: 1, name: 'Ana Souza' }, FIRST_LOAD)).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Atividade' })).toBeInTheDocument();
      expect(screen.getByText('1 ligação')).toBeInTheDocument();
      // Portuguese groups thousands with a (narrow) space.
      expect(screen.getByText(/^12\s000 seguidores$/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Editar perfil' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Visualizações do perfil (últimos 30 dias)' })).toBeInTheDocument();
      const post = await screen.findByRole('article', { name: 'Publicação de Ana Souza' });
      expect(within(post).getByText('1 gosto')).toBeInTheDocument();
      expect(within(post).getByText('2 comentários')).toBeInTheDocument();
      expect(within(post).getByText(/^12\s000 impressões$/)).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Atividade das publicações' })).toBeInTheDocument();
      expect(screen.getByRole('form', { name: 'Partilhar uma atualização' })).toBeInTheDocument();
    },
    FLOW_TIMEOUT_MS,
  );
});
