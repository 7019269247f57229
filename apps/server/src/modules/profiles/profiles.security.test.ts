import { errorResponseSchema } from '@nuvem/contracts/common';
import {
  experienceEntryResponseSchema,
  profileListResponseSchema,
  profileResponseSchema,
} from '@nuvem/contracts/profiles';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { connections } from '../../db/schema/connections.js';
import { follows } from '../../db/schema/follows.js';
import { profileAvatars } from '../../db/schema/profile-avatars.js';
import { profileEducation } from '../../db/schema/profile-education.js';
import { profileExperience } from '../../db/schema/profile-experience.js';
import { profilePostComments } from '../../db/schema/profile-post-comments.js';
import { profilePostImpressions } from '../../db/schema/profile-post-impressions.js';
import { profilePostLikes } from '../../db/schema/profile-post-likes.js';
import { profilePosts } from '../../db/schema/profile-posts.js';
import { profileSkills } from '../../db/schema/profile-skills.js';
import { profileViews } from '../../db/schema/profile-views.js';
import { profiles } from '../../db/schema/profiles.js';
import { skillEndorsements } from '../../db/schema/skill-endorsements.js';
import { users } from '../../db/schema/users.js';
import { registerUser, testDriver, testOrigin, useTestApp } from '../../test/helper.testing.js';
import { asUser, tinyPng } from './profiles-client.testing.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every profile route, with a valid body where it takes one; `id` is the profile's user id. */
const routes = (id: string, entryId = 'exp_x', educationId = 'edu_x'): [Method, string, object | undefined][] => [
  ['GET', '/api/users', undefined],
  ['GET', '/api/users/me', undefined],
  ['GET', `/api/users/${id}`, undefined],
  ['GET', `/api/users/${id}/avatar`, undefined],
  ['PATCH', '/api/users/me', { headline: 'x' }],
  ['DELETE', '/api/users/me/avatar', undefined],
  ['POST', '/api/users/me/experience', { title: 't', company: 'c' }],
  ['PUT', '/api/users/me/experience/order', { ids: [] }],
  ['PUT', `/api/users/me/experience/${entryId}`, { title: 't', company: 'c' }],
  ['DELETE', `/api/users/me/experience/${entryId}`, undefined],
  ['POST', '/api/users/me/education', { school: 's' }],
  ['PUT', '/api/users/me/education/order', { ids: [] }],
  ['PUT', `/api/users/me/education/${educationId}`, { school: 's' }],
  ['DELETE', `/api/users/me/education/${educationId}`, undefined],
  ['POST', '/api/users/me/skills', { name: 'Go' }],
  ['PUT', '/api/users/me/skills/order', { names: [] }],
  ['DELETE', '/api/users/me/skills/Go', undefined],
  ['POST', `/api/users/${id}/skills/Go/endorse`, {}],
  ['DELETE', `/api/users/${id}/skills/Go/endorse`, undefined],
  ['POST', `/api/users/${id}/follow`, {}],
  ['DELETE', `/api/users/${id}/follow`, undefined],
  ['POST', `/api/users/${id}/connect`, {}],
  ['POST', `/api/users/${id}/connect/accept`, {}],
  ['DELETE', `/api/users/${id}/connect`, undefined],
  ['GET', '/api/users/me/connection-requests', undefined],
  ['GET', '/api/users/me/suggestions', undefined],
  ['GET', `/api/users/${id}/posts`, undefined],
  ['GET', `/api/users/${id}/activity`, undefined],
  ['POST', '/api/users/me/posts', { body: 'Hello' }],
  ['DELETE', '/api/users/me/posts/pst_x', undefined],
  ['POST', `/api/users/${id}/posts/pst_x/like`, {}],
  ['DELETE', `/api/users/${id}/posts/pst_x/like`, undefined],
  ['GET', `/api/users/${id}/posts/pst_x/comments`, undefined],
  ['POST', `/api/users/${id}/posts/pst_x/comments`, { body: 'Hi' }],
  ['DELETE', `/api/users/${id}/posts/pst_x/comments/cmt_x`, undefined],
];

describe(`profiles security on ${testDriver}`, () => {
  const t = useTestApp();

  /** Row counts of every table the module writes, and the users' editable columns. */
  const snapshot = async () => {
    const n = async (table: PgTable) => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
    return {
      counts: await Promise.all(
        [
          profiles,
          profileAvatars,
          profileExperience,
          profileEducation,
          profileSkills,
          skillEndorsements,
          follows,
          connections,
          profileViews,
          profilePosts,
          profilePostLikes,
          profilePostComments,
          profilePostImpressions,
        ].map(n),
      ),
      users: await t.app.db
        .select({ id: users.id, displayName: users.displayName, avatarUrl: users.avatarUrl })
        .from(users)
        .orderBy(users.id),
      experience: await t.app.db.select().from(profileExperience).orderBy(profileExperience.id),
      education: await t.app.db.select().from(profileEducation).orderBy(profileEducation.id),
      profiles: await t.app.db.select().from(profiles).orderBy(profiles.userId),
    };
  };

  it('answers 401 without a session on every route, and to an unknown bearer token', async () => {
    const user = await registerUser(t.app);
    for (const [method, url, payload] of routes(user.id)) {
      const anonymous = await t.app.inject({ method, url, headers: { origin: testOrigin }, payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false, error: 'Unauthorized' });
      const forged = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer nat_${'0'.repeat(64)}` },
        payload,
      });
      expect(forged.statusCode, `${method} ${url} (unknown token)`).toBe(401);
    }
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/avatar',
      headers: { origin: testOrigin, 'content-type': 'image/png' },
      body: tinyPng,
    });
    expect(upload.statusCode).toBe(401);
    // Refused before the body is read: an anonymous caller cannot make the server take 2 MiB.
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/avatar',
      headers: { origin: testOrigin, 'content-type': 'image/png' },
      body: Buffer.alloc(3 * 1024 * 1024),
    });
    expect(big.statusCode).toBe(401);
  });

  it('answers 404 "User not found" for an unknown user on every route that names one', async () => {
    const api = asUser(t.app, await registerUser(t.app));
    for (const [method, url, payload] of routes('usr_unknown')) {
      if (!url.includes('usr_unknown')) continue;
      const res =
        method === 'GET' ? await api.get(url) : method === 'POST' ? await api.post(url, payload) : await api.del(url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({
        success: false,
        error: 'User not found',
        code: 'USER_NOT_FOUND',
      });
    }
  });

  it('shows an e-mail address to its owner only: not on profiles, lists, requests or suggestions', async () => {
    const anaUser = await registerUser(t.app);
    const biaUser = await registerUser(t.app);
    const bia = asUser(t.app, biaUser);
    await asUser(t.app, anaUser).post(`/api/users/${biaUser.id}/connect`);
    for (const url of [
      `/api/users/${anaUser.id}`,
      '/api/users?limit=100',
      '/api/users/me/connection-requests',
      '/api/users/me/suggestions',
    ]) {
      const res = await bia.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(anaUser.email);
    }
    expect(profileResponseSchema.parse((await bia.get(`/api/users/${anaUser.id}`)).json()).user.email).toBeNull();
    expect(profileListResponseSchema.parse((await bia.get('/api/users')).json()).users[0]).not.toHaveProperty('email');
  });

  it("cannot change another user's entries: there is no route, and their ids answer 404 under /me", async () => {
    const anaUser = await registerUser(t.app);
    const ana = asUser(t.app, anaUser);
    const bia = asUser(t.app, await registerUser(t.app));
    const entry = experienceEntryResponseSchema.parse(
      (await ana.post('/api/users/me/experience', { title: 'Engineer', company: 'Acme' })).json(),
    ).entry;
    const school = (await ana.post('/api/users/me/education', { school: 'USP' })).json<{ entry: { id: string } }>()
      .entry;
    await ana.post('/api/users/me/skills', { name: 'Go' });
    await ana.patch('/api/users/me', { headline: 'Mine' });
    await ana.upload(tinyPng, 'image/png');
    const before = await snapshot();

    const tries: [Promise<{ statusCode: number; json: () => unknown }>, string][] = [
      [
        bia.put(`/api/users/me/experience/${entry.id}`, { title: 'Hacked', company: 'Evil' }),
        'Experience entry not found',
      ],
      [bia.del(`/api/users/me/experience/${entry.id}`), 'Experience entry not found'],
      [bia.put(`/api/users/me/education/${school.id}`, { school: 'Evil U' }), 'Education entry not found'],
      [bia.del(`/api/users/me/education/${school.id}`), 'Education entry not found'],
      [bia.del('/api/users/me/skills/Go'), 'Skill not found'],
    ];
    for (const [call, message] of tries) {
      const res = await call;
      expect(res.statusCode, message).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: message });
    }
    // Ordering lists of someone else's ids is refused too.
    expect((await bia.put('/api/users/me/experience/order', { ids: [entry.id] })).statusCode).toBe(400);
    expect((await bia.put('/api/users/me/education/order', { ids: [school.id] })).statusCode).toBe(400);
    // Writes to /api/users/<ana> do not exist: only /me is writable.
    for (const [method, url] of [
      ['PATCH', `/api/users/${anaUser.id}`],
      ['POST', `/api/users/${anaUser.id}/experience`],
      ['DELETE', `/api/users/${anaUser.id}/avatar`],
      ['POST', `/api/users/${anaUser.id}/avatar`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { origin: testOrigin, authorization: `Bearer ${(await registerUser(t.app)).accessToken}` },
        payload: { title: 'x', company: 'y', headline: 'Hacked' },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const after = await snapshot();
    expect(after.experience).toEqual(before.experience);
    expect(after.education).toEqual(before.education);
    expect(after.profiles).toEqual(before.profiles);
    expect(after.users.find((u) => u.id === anaUser.id)).toEqual(before.users.find((u) => u.id === anaUser.id));
    expect(profileResponseSchema.parse((await ana.get('/api/users/me')).json()).user).toMatchObject({
      headline: 'Mine',
      experience: [{ title: 'Engineer', company: 'Acme' }],
      education: [{ school: 'USP' }],
      skills: [{ name: 'Go' }],
    });
  });

  it('answers malformed bodies with 400 naming the field, and writes nothing', async () => {
    const user = await registerUser(t.app);
    const api = asUser(t.app, user);
    const entry = experienceEntryResponseSchema.parse(
      (await api.post('/api/users/me/experience', { title: 'Engineer', company: 'Acme' })).json(),
    ).entry;
    await api.post('/api/users/me/skills', { name: 'Go' });
    const before = await snapshot();
    const long = (n: number) => 'x'.repeat(n);
    for (const [method, url, payload, field] of [
      ['PATCH', '/api/users/me', { displayName: '' }, 'body.displayName'],
      ['PATCH', '/api/users/me', { displayName: long(81) }, 'body.displayName'],
      ['PATCH', '/api/users/me', { headline: long(121), bio: 'fine' }, 'body.headline'],
      ['PATCH', '/api/users/me', { location: long(81) }, 'body.location'],
      ['PATCH', '/api/users/me', { bio: long(2001) }, 'body.bio'],
      ['PATCH', '/api/users/me', { headline: 7 }, 'body.headline'],
      ['PATCH', '/api/users/me', { email: 'me@evil.example' }, 'body'],
      ['POST', '/api/users/me/experience', { company: 'Acme' }, 'body.title'],
      ['POST', '/api/users/me/experience', { title: 'x', company: long(101) }, 'body.company'],
      ['POST', '/api/users/me/experience', { title: 'x', company: 'y', description: long(2001) }, 'body.description'],
      ['POST', '/api/users/me/experience', { title: 'x', company: 'y', current: 'yes' }, 'body.current'],
      ['PUT', `/api/users/me/experience/${entry.id}`, { title: '', company: 'y' }, 'body.title'],
      ['PUT', '/api/users/me/experience/order', { ids: [entry.id, entry.id] }, 'body.ids'],
      ['POST', '/api/users/me/education', { school: long(121) }, 'body.school'],
      ['POST', '/api/users/me/education', { school: 'x', duration: long(61) }, 'body.duration'],
      ['POST', '/api/users/me/skills', { name: long(51) }, 'body.name'],
      ['POST', '/api/users/me/skills', { name: '  ' }, 'body.name'],
      ['PUT', '/api/users/me/skills/order', { names: 'Go' }, 'body.names'],
    ] as const) {
      const res =
        method === 'PATCH'
          ? await api.patch(url, payload)
          : method === 'PUT'
            ? await api.put(url, payload)
            : await api.post(url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload).slice(0, 60)}`).toBe(400);
      const details = errorResponseSchema.parse(res.json()).details?.map((d) => d.path) ?? [];
      expect(details, `${method} ${url}`).toContain(field);
    }
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
      body: '{"headline": ',
    });
    expect(malformed.statusCode).toBe(400);
    // Refused images write nothing either.
    expect((await api.upload(Buffer.from('not an image'), 'image/png')).statusCode).toBe(415);
    expect(await snapshot()).toEqual(before);
    expect(
      (await t.app.db.select().from(profileExperience).where(eq(profileExperience.userId, user.id))).map(
        (e) => e.title,
      ),
    ).toEqual(['Engineer']);
  });

  it('refuses cookie-carrying cross-site edits', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: { origin: 'https://evil.example' },
      cookies: { nuvem_session: user.cookie },
      payload: { headline: 'pwned' },
    });
    expect(res.statusCode).toBe(403);
    const mine = await asUser(t.app, user).get('/api/users/me');
    expect(profileResponseSchema.parse(mine.json()).user.headline).toBeNull();
  });

  it('lists public profiles, newest first, without e-mail addresses, and searches names', async () => {
    const ana = await registerUser(t.app, { displayName: 'Ana 50% Lima' });
    const bia = await registerUser(t.app, { displayName: 'Bia Rocha' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users?limit=2',
      cookies: { nuvem_session: ana.cookie },
    });
    const body = profileListResponseSchema.parse(res.json());
    expect(body.users.map((u) => u.id)).toEqual([bia.id, ana.id]);
    expect(res.body).not.toContain('@example.com');

    const found = await t.app.inject({
      method: 'GET',
      url: `/api/users?q=${encodeURIComponent('50%')}`,
      cookies: { nuvem_session: bia.cookie },
    });
    expect(profileListResponseSchema.parse(found.json()).users.map((u) => u.id)).toEqual([ana.id]);
  });

  it('rejects a malformed list query with 400', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users?limit=1000',
      cookies: { nuvem_session: user.cookie },
    });
    expect(res.statusCode).toBe(400);
  });
});
