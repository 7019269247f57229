import {
  connectionRequestsResponseSchema,
  connectionResponseSchema,
  experienceEntryResponseSchema,
  experienceListResponseSchema,
  followResponseSchema,
  profileResponseSchema,
  profileSchema,
  suggestionsResponseSchema,
  type ExperienceEntry,
  type Profile,
} from '@nuvem/contracts/profiles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCalls, jsonResponse, mockFetch, reply, type FetchHandler } from '@/testing/mock-fetch';
import { renderRoute } from '@/testing/render-route';
import { profileTexts } from './profile-texts';

// Whole flows (typing, refetches) through the real route table.
const FLOW_TIMEOUT_MS = 20_000;

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
        people: [{ id: 'usr_3', displayName: 'Caio', avatar: null, headline: 'SRE', reason: 'Also worked at Acme' }],
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
    ...routes,
  });
}

describe('profile page', () => {
  afterEach(() => vi.restoreAllMocks());

  it(
    'shows the owner their profile with edit controls, e-mail, real views and the side panel',
    async () => {
      const fetchSpy = signedIn({ 'GET /api/users/me': reply(profileReply(profile())) });
      renderRoute('/profile/me');

      expect(await screen.findByRole('heading', { level: 1, name: 'Ana Souza' })).toBeInTheDocument();
      expect(screen.getByText('Platform engineer')).toBeInTheDocument();
      expect(screen.getByText('São Paulo')).toBeInTheDocument();
      expect(screen.getByText('12 connections')).toBeInTheDocument();
      expect(screen.getByText('34 followers')).toBeInTheDocument();
      expect(screen.getAllByText('I build clouds.').length).toBeGreaterThan(0);
      expect(screen.getByRole('button', { name: profileTexts.editProfile })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: profileTexts.connect })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: profileTexts.follow })).not.toBeInTheDocument();

      // The bearer token from local storage goes with the profile call.
      const [call] = fetchCalls(fetchSpy, 'GET /api/users/me');
      expect(new Headers(call?.init?.headers).get('Authorization')).toBe('Bearer tok');

      // Side panel: the owner's last-30-days views (real), samples badged, suggestions and requests (real).
      const views = screen.getByRole('region', { name: profileTexts.viewsOwner });
      expect(within(views).getByText('17')).toBeInTheDocument();
      expect(
        within(screen.getByRole('region', { name: profileTexts.postImpressions })).getByText('Sample'),
      ).toBeInTheDocument();
      expect(
        within(screen.getByRole('region', { name: profileTexts.trending })).getByText('Sample'),
      ).toBeInTheDocument();
      const people = screen.getByRole('region', { name: profileTexts.peopleYouMayKnow });
      expect(await within(people).findByRole('link', { name: 'Caio' })).toHaveAttribute('href', '/profile/usr_3');
      expect(within(people).getByText('Also worked at Acme')).toBeInTheDocument();
      const requests = screen.getByRole('region', { name: profileTexts.connectionRequests });
      expect(await within(requests).findByRole('button', { name: 'Accept Duda' })).toBeInTheDocument();

      // Activity: the sample posts, labelled.
      expect(screen.getByRole('heading', { name: profileTexts.samplePosts })).toBeInTheDocument();

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
      expect(screen.getByRole('button', { name: profileTexts.addExperience })).toBeInTheDocument();
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

      expect(await screen.findByRole('heading', { level: 1, name: 'Bia Lima' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: profileTexts.editProfile })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: profileTexts.message })).toBeDisabled();
      expect(screen.getByRole('button', { name: profileTexts.more })).toHaveAttribute('title', 'Coming soon');
      // Others see the all-time views; no connection requests of the viewer here.
      expect(
        within(screen.getByRole('region', { name: profileTexts.viewsOther })).getByText('250'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: profileTexts.connectionRequests })).not.toBeInTheDocument();

      expect(screen.getByText('41 followers')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: profileTexts.follow }));
      expect(await screen.findByRole('button', { name: profileTexts.following })).toBeInTheDocument();
      expect(screen.getByText('42 followers')).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, 'POST /api/users/usr_2/follow')).toHaveLength(1);

      await userEvent.click(screen.getByRole('button', { name: profileTexts.following }));
      expect(await screen.findByRole('button', { name: profileTexts.follow })).toBeInTheDocument();
      expect(screen.getByText('41 followers')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: profileTexts.connect }));
      expect(await screen.findByRole('button', { name: profileTexts.pending })).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, 'POST /api/users/usr_2/connect')).toHaveLength(1);

      // Others endorse skills; they cannot remove them, and see no e-mail.
      await userEvent.click(screen.getByRole('tab', { name: 'About' }));
      expect(screen.getByRole('button', { name: 'Endorse: TypeScript' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Remove skill: TypeScript' })).not.toBeInTheDocument();
      expect(screen.queryByText(profileTexts.contact)).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('tab', { name: 'Experience' }));
      expect(screen.queryByRole('button', { name: profileTexts.addExperience })).not.toBeInTheDocument();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'saves an edited headline with a PATCH of that field only, and keeps the form on failure',
    async () => {
      let current = profile();
      let fail = true;
      const fetchSpy = signedIn({
        'GET /api/users/me': () => jsonResponse(profileReply(current)),
        'PATCH /api/users/me': (_url, init) => {
          if (fail) {
            fail = false;
            return jsonResponse({ success: false, error: 'headline must be at most 120 characters' }, 400);
          }
          const body = bodyOf(init) as { headline: string };
          current = { ...current, headline: body.headline };
          return jsonResponse(profileReply(current));
        },
      });
      renderRoute('/profile/me');

      await userEvent.click(await screen.findByRole('button', { name: profileTexts.editProfile }));
      const headline = screen.getByRole('textbox', { name: 'Headline' });
      expect(screen.getByText(`${'Platform engineer'.length}/120`)).toBeInTheDocument();
      await userEvent.clear(headline);
      await userEvent.type(headline, 'Staff engineer');
      await userEvent.click(screen.getByRole('button', { name: profileTexts.save }));

      // The first save fails: the server's message shows and nothing typed is lost.
      expect(await screen.findByRole('alert')).toHaveTextContent('headline must be at most 120 characters');
      expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveValue('Staff engineer');

      await userEvent.click(screen.getByRole('button', { name: profileTexts.save }));
      await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Headline' })).not.toBeInTheDocument());
      expect(screen.getByText('Staff engineer')).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, 'PATCH /api/users/me').map((c) => c.body)).toEqual([
        { headline: 'Staff engineer' },
        { headline: 'Staff engineer' },
      ]);
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
      await userEvent.click(await screen.findByRole('tab', { name: 'Experience' }));

      await userEvent.click(screen.getByRole('button', { name: profileTexts.addExperience }));
      const form = screen.getByRole('form', { name: profileTexts.addExperience });
      await userEvent.click(within(form).getByRole('button', { name: profileTexts.save }));
      expect(within(form).getByText('Title is required')).toBeInTheDocument();
      await userEvent.type(within(form).getByRole('textbox', { name: 'Title' }), 'CTO');
      await userEvent.type(within(form).getByRole('textbox', { name: 'Company' }), 'Nuvem');
      await userEvent.type(within(form).getByRole('textbox', { name: 'Duration' }), '2024 – Present');
      await userEvent.click(within(form).getByRole('checkbox', { name: 'I currently work here' }));
      await userEvent.click(within(form).getByRole('button', { name: profileTexts.save }));

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
    "shows the fallback profile built from the signed-in user when the call fails with 500, with the spec's figures",
    async () => {
      let ok = false;
      signedIn({
        'GET /api/users/me': () =>
          ok ? jsonResponse(profileReply(profile())) : jsonResponse({ success: false, error: 'Boom' }, 500),
      });
      renderRoute('/profile/me');

      expect(await screen.findByText(profileTexts.fallbackNotice)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Ana' })).toBeInTheDocument();
      expect(screen.getByText('500 connections')).toBeInTheDocument();
      expect(screen.getByText('1,200 followers')).toBeInTheDocument();
      expect(within(screen.getByRole('region', { name: profileTexts.viewsOwner })).getByText('89')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: profileTexts.samplePosts })).toBeInTheDocument();
      // Nothing can be saved from the fallback: no edit controls.
      expect(screen.queryByRole('button', { name: profileTexts.editProfile })).not.toBeInTheDocument();

      ok = true;
      await userEvent.click(screen.getByRole('button', { name: profileTexts.retry }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Ana Souza' })).toBeInTheDocument();
      expect(screen.queryByText(profileTexts.fallbackNotice)).not.toBeInTheDocument();
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
    await userEvent.click(await screen.findByRole('tab', { name: 'About' }));
    expect(screen.getByRole('button', { name: `${profileTexts.moveUp}: TypeScript` })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: `${profileTexts.moveDown}: TypeScript` }));
    await waitFor(() => expect(fetchCalls(fetchSpy, 'PUT /api/users/me/skills/order')).toHaveLength(1));
    expect(fetchCalls(fetchSpy, 'PUT /api/users/me/skills/order')[0]?.body).toEqual({ names: ['Go', 'TypeScript'] });
  });

  it("shows 'Unable to load profile' for another user's profile when the call fails", async () => {
    signedIn({ 'GET /api/users/usr_2': reply({ success: false, error: 'Boom' }, 500) });
    renderRoute('/profile/usr_2');
    expect(await screen.findByRole('heading', { level: 1, name: profileTexts.unable })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: profileTexts.retry })).toBeInTheDocument();
    expect(screen.queryByText('500 connections')).not.toBeInTheDocument();
  });

  it("shows 'User not found' with a way home for an unknown id", async () => {
    signedIn({ 'GET /api/users/usr_nope': reply({ success: false, error: 'User not found', code: 'NOT_FOUND' }, 404) });
    renderRoute('/profile/usr_nope');
    expect(await screen.findByRole('heading', { level: 1, name: profileTexts.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: profileTexts.home })).toHaveAttribute('href', '/');
  });

  it('reaches the profile from the header menu’s Perfil', async () => {
    signedIn({
      'GET /api/users/me': reply(profileReply(profile())),
      'GET /api/users': reply({ success: true, users: [], total: 0 }),
    });
    const { router } = renderRoute('/pricing');
    await userEvent.click(await screen.findByRole('button', { name: 'User menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Perfil' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Souza' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/me');
  });
});
