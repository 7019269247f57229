import { errorResponseSchema } from '@nuvem/contracts/common';
import {
  connectionRequestsResponseSchema,
  connectionResponseSchema,
  educationEntryResponseSchema,
  educationListResponseSchema,
  experienceEntryResponseSchema,
  experienceListResponseSchema,
  followResponseSchema,
  profileResponseSchema,
  skillListResponseSchema,
  skillResponseSchema,
  suggestionsResponseSchema,
} from '@nuvem/contracts/profiles';
import { describe, expect, it } from 'vitest';
import { profileViews } from '../../db/schema/profile-views.js';
import { registerUser, testDriver, useTestApp } from '../../test/helper.testing.js';
import { asUser, tinyPng } from './profiles-client.testing.js';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe(`profiles API on ${testDriver}`, () => {
  const t = useTestApp();
  const profileOf = async (api: ReturnType<typeof asUser>, id = 'me') => {
    const res = await api.get(`/api/users/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return profileResponseSchema.parse(res.json()).user;
  };

  it('answers the profile record, by id or as me, with the e-mail shown to its owner only', async () => {
    const anaUser = await registerUser(t.app, { displayName: 'Ana Lima' });
    const biaUser = await registerUser(t.app);
    const ana = asUser(t.app, anaUser);
    const bia = asUser(t.app, biaUser);

    const mine = await profileOf(ana);
    expect(mine).toEqual({
      id: anaUser.id,
      email: anaUser.email,
      displayName: 'Ana Lima',
      avatar: null,
      headline: null,
      emailVerified: false,
      mfaEnabled: false,
      location: null,
      bio: null,
      connections: 0,
      followers: 0,
      following: 0,
      views: 0,
      viewsLast30Days: 0,
      experience: [],
      education: [],
      skills: [],
      createdAt: mine.createdAt,
      viewer: { isSelf: true, following: false, followedBy: false, connection: 'none' },
    });
    expect(Date.now() - Date.parse(mine.createdAt)).toBeLessThan(60_000);
    expect(await profileOf(ana, anaUser.id)).toMatchObject({ email: anaUser.email, viewer: { isSelf: true } });

    const seen = await bia.get(`/api/users/${anaUser.id}`);
    const theirs = profileResponseSchema.parse(seen.json()).user;
    expect(theirs).toMatchObject({ id: anaUser.id, email: null, displayName: 'Ana Lima', viewsLast30Days: null });
    expect(theirs.viewer.isSelf).toBe(false);
    expect(seen.body).not.toContain(anaUser.email);

    // The session cookie works as well as the bearer token.
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      cookies: { nuvem_session: anaUser.cookie },
    });
    expect(profileResponseSchema.parse(byCookie.json()).user.email).toBe(anaUser.email);
  });

  it('answers 404 with a clear message for an unknown user', async () => {
    const api = asUser(t.app, await registerUser(t.app));
    const res = await api.get('/api/users/usr_doesnotexist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'User not found', code: 'USER_NOT_FOUND' });
  });

  it('edits the display name, headline, location and bio, and clears a field with an empty string', async () => {
    const user = await registerUser(t.app);
    const api = asUser(t.app, user);
    const res = await api.patch('/api/users/me', {
      displayName: '  Ana Souza ',
      headline: 'Platform engineer',
      location: 'São Paulo',
      bio: 'Builds clouds.\nLikes coffee.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(profileResponseSchema.parse(res.json()).user).toMatchObject({
      displayName: 'Ana Souza',
      headline: 'Platform engineer',
      location: 'São Paulo',
      bio: 'Builds clouds.\nLikes coffee.',
    });
    await api.patch('/api/users/me', { location: '' });
    expect(await profileOf(api)).toMatchObject({
      displayName: 'Ana Souza',
      headline: 'Platform engineer',
      location: null,
    });
    // The sign-in service's user (the header's menu) carries the new name too.
    const list = await api.get('/api/users?q=Souza');
    expect(list.json()).toMatchObject({ users: [{ id: user.id, display_name: 'Ana Souza' }] });
  });

  it('the SSO check (the header) answers with the new name and avatar right after an edit', async () => {
    const user = await registerUser(t.app, { displayName: 'Old Name' });
    const api = asUser(t.app, user);
    const check = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/sso/check?application_id=main',
        cookies: { nuvem_session: user.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ user: { user_metadata: { display_name: string | null; avatar_url: string | null } } }>().user
        .user_metadata;
    };
    expect(await check()).toMatchObject({ display_name: 'Old Name', avatar_url: null }); // now cached

    expect((await api.patch('/api/users/me', { displayName: 'New Name' })).statusCode).toBe(200);
    expect((await check()).display_name).toBe('New Name');

    expect((await api.upload(tinyPng, 'image/png')).statusCode).toBe(200);
    expect((await check()).avatar_url).toMatch(new RegExp(`/api/users/${user.id}/avatar`));

    expect((await api.del('/api/users/me/avatar')).statusCode).toBe(200);
    expect((await check()).avatar_url).toBeNull();
  });

  it('adds, edits, orders and removes experience entries', async () => {
    const api = asUser(t.app, await registerUser(t.app));
    const add = async (title: string) => {
      const res = await api.post('/api/users/me/experience', {
        title,
        company: 'Acme',
        duration: 'Jan 2020 – Present',
        current: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      return experienceEntryResponseSchema.parse(res.json()).entry;
    };
    const first = await add('Engineer');
    const second = await add('Lead');
    expect(first.id).toMatch(/^exp_/);
    expect(first).toMatchObject({ company: 'Acme', duration: 'Jan 2020 – Present', description: null, current: true });

    const edited = await api.put(`/api/users/me/experience/${first.id}`, {
      title: 'Senior engineer',
      company: 'Acme Corp',
      description: 'Kept the lights on.',
    });
    expect(experienceEntryResponseSchema.parse(edited.json()).entry).toEqual({
      id: first.id,
      title: 'Senior engineer',
      company: 'Acme Corp',
      duration: null,
      description: 'Kept the lights on.',
      current: false,
    });

    const ordered = await api.put('/api/users/me/experience/order', { ids: [second.id, first.id] });
    expect(experienceListResponseSchema.parse(ordered.json()).experience.map((e) => e.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect((await profileOf(api)).experience.map((e) => e.title)).toEqual(['Lead', 'Senior engineer']);

    // An order that leaves an entry out, or names another, is refused.
    const partial = await api.put('/api/users/me/experience/order', { ids: [first.id] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({ error: 'ids must list each of your experience entries exactly once' });

    expect((await api.del(`/api/users/me/experience/${second.id}`)).statusCode).toBe(200);
    expect((await api.del(`/api/users/me/experience/${second.id}`)).json()).toMatchObject({
      error: 'Experience entry not found',
    });
    expect((await profileOf(api)).experience.map((e) => e.id)).toEqual([first.id]);
  });

  it('adds, edits, orders and removes education entries', async () => {
    const api = asUser(t.app, await registerUser(t.app));
    const a = educationEntryResponseSchema.parse(
      (await api.post('/api/users/me/education', { school: 'USP', degree: 'BSc', field: 'Physics' })).json(),
    ).entry;
    const b = educationEntryResponseSchema.parse(
      (await api.post('/api/users/me/education', { school: 'MIT' })).json(),
    ).entry;
    expect(a).toMatchObject({ school: 'USP', degree: 'BSc', field: 'Physics', duration: null });
    expect(a.id).toMatch(/^edu_/);
    const put = await api.put(`/api/users/me/education/${b.id}`, { school: 'MIT', duration: '2010 – 2014' });
    expect(educationEntryResponseSchema.parse(put.json()).entry.duration).toBe('2010 – 2014');
    const ordered = await api.put('/api/users/me/education/order', { ids: [b.id, a.id] });
    expect(educationListResponseSchema.parse(ordered.json()).education.map((e) => e.school)).toEqual(['MIT', 'USP']);
    expect((await api.del(`/api/users/me/education/${a.id}`)).statusCode).toBe(200);
    expect((await profileOf(api)).education.map((e) => e.school)).toEqual(['MIT']);
  });

  it('adds skills once (case-insensitively), orders and removes them, and counts endorsements', async () => {
    const anaUser = await registerUser(t.app);
    const ana = asUser(t.app, anaUser);
    const bia = asUser(t.app, await registerUser(t.app));
    const added = await ana.post('/api/users/me/skills', { name: 'TypeScript' });
    expect(added.statusCode).toBe(201);
    expect(skillResponseSchema.parse(added.json()).skill).toEqual({
      name: 'TypeScript',
      endorsements: 0,
      endorsedByViewer: false,
    });
    const again = await ana.post('/api/users/me/skills', { name: 'typescript' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'This skill is already on your profile' });
    await ana.post('/api/users/me/skills', { name: 'Go' });
    await ana.post('/api/users/me/skills', { name: 'C/C++' });

    const ordered = await ana.put('/api/users/me/skills/order', { names: ['go', 'C/C++', 'TypeScript'] });
    expect(skillListResponseSchema.parse(ordered.json()).skills.map((s) => s.name)).toEqual([
      'Go',
      'C/C++',
      'TypeScript',
    ]);
    expect((await ana.put('/api/users/me/skills/order', { names: ['Go', 'Rust', 'TypeScript'] })).statusCode).toBe(400);

    // Endorsed once per endorser, never by the owner.
    for (let i = 0; i < 2; i += 1) {
      const res = await bia.post(`/api/users/${anaUser.id}/skills/typescript/endorse`);
      expect(skillResponseSchema.parse(res.json()).skill).toEqual({
        name: 'TypeScript',
        endorsements: 1,
        endorsedByViewer: true,
      });
    }
    const own = await ana.post(`/api/users/${anaUser.id}/skills/Go/endorse`);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ error: 'You cannot endorse your own skills' });
    expect((await profileOf(ana)).skills.find((s) => s.name === 'TypeScript')?.endorsements).toBe(1);
    const withdrawn = await bia.del(`/api/users/${anaUser.id}/skills/TypeScript/endorse`);
    expect(skillResponseSchema.parse(withdrawn.json()).skill.endorsements).toBe(0);

    expect((await ana.del(`/api/users/me/skills/${encodeURIComponent('C/C++')}`)).statusCode).toBe(200);
    expect((await ana.del('/api/users/me/skills/Rust')).json()).toMatchObject({ error: 'Skill not found' });
    expect((await profileOf(ana)).skills.map((s) => s.name)).toEqual(['Go', 'TypeScript']);
  });

  it('stores an uploaded avatar and serves it back with its type; replaces and removes it', async () => {
    const userRecord = await registerUser(t.app);
    const api = asUser(t.app, userRecord);
    const other = asUser(t.app, await registerUser(t.app));
    const res = await api.upload(tinyPng, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const { avatar } = profileResponseSchema.parse(res.json()).user;
    expect(avatar).toMatch(new RegExp(`^/api/users/${userRecord.id}/avatar\\?v=[0-9a-f]+$`));

    const image = await other.get(avatar ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('private, max-age=86400');
    expect(image.rawPayload.equals(tinyPng)).toBe(true);
    const etag = String(image.headers.etag);
    expect((await other.get(avatar ?? '', { 'if-none-match': etag })).statusCode).toBe(304);

    // A new upload gets a new URL, so no browser shows the old picture.
    const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a464946000101', 'hex'), Buffer.alloc(32)]);
    const replaced = profileResponseSchema.parse((await api.upload(jpeg, 'image/jpeg')).json()).user.avatar;
    expect(replaced).not.toBe(avatar);
    const served = await api.get(`/api/users/me/avatar`);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(jpeg)).toBe(true);

    const removed = await api.del('/api/users/me/avatar');
    expect(profileResponseSchema.parse(removed.json()).user.avatar).toBeNull();
    const gone = await other.get(`/api/users/${userRecord.id}/avatar`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: 'Avatar not found' });
  });

  it('refuses avatars that are not PNG, JPEG or WebP (by content, not only header) or over 2 MiB', async () => {
    const api = asUser(t.app, await registerUser(t.app));
    const svg = await api.upload(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'image/png',
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toMatchObject({
      error: 'The file is not a PNG, JPEG or WebP image matching its Content-Type',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    // A real PNG declared as JPEG: the header lies.
    expect((await api.upload(tinyPng, 'image/jpeg')).statusCode).toBe(415);
    const gif = await api.upload(Buffer.from('GIF89a'), 'image/gif');
    expect(gif.statusCode).toBe(415);
    expect(errorResponseSchema.parse(gif.json()).error).toBe(
      'The avatar must be a PNG, JPEG or WebP image (Content-Type image/png, image/jpeg or image/webp)',
    );
    const json = await api.post('/api/users/me/avatar', { avatar: 'data:image/png;base64,AAAA' });
    expect(json.statusCode).toBe(415);

    const big = Buffer.concat([tinyPng, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await api.upload(big, 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ error: 'The avatar must be at most 2 MiB', code: 'AVATAR_TOO_LARGE' });
    expect((await profileOf(api)).avatar).toBeNull();
  });

  it("counts another user's visit once per day and never the owner's own", async () => {
    const anaUser = await registerUser(t.app);
    const ana = asUser(t.app, anaUser);
    const bia = asUser(t.app, await registerUser(t.app));
    const caio = asUser(t.app, await registerUser(t.app));
    await profileOf(ana);
    await profileOf(ana, anaUser.id);
    expect((await profileOf(ana)).views).toBe(0);

    await profileOf(bia, anaUser.id);
    await profileOf(bia, anaUser.id);
    expect(await profileOf(ana)).toMatchObject({ views: 1, viewsLast30Days: 1 });
    await profileOf(caio, anaUser.id);
    expect(await profileOf(ana)).toMatchObject({ views: 2, viewsLast30Days: 2 });

    // Older visits count in the total; only the last 30 days in the side panel's figure.
    const biaId = (await profileOf(bia)).id;
    await t.app.db.insert(profileViews).values([
      { viewerId: biaId, profileId: anaUser.id, day: daysAgo(29) },
      { viewerId: biaId, profileId: anaUser.id, day: daysAgo(30) },
    ]);
    expect(await profileOf(ana)).toMatchObject({ views: 4, viewsLast30Days: 3 });
    // Others see the total but not the owner's 30-day figure.
    expect(await profileOf(bia, anaUser.id)).toMatchObject({ views: 4, viewsLast30Days: null });
  });

  it('follows and unfollows, idempotently, and not oneself', async () => {
    const anaUser = await registerUser(t.app);
    const biaUser = await registerUser(t.app);
    const ana = asUser(t.app, anaUser);
    const bia = asUser(t.app, biaUser);
    for (let i = 0; i < 2; i += 1) {
      const res = await bia.post(`/api/users/${anaUser.id}/follow`);
      expect(followResponseSchema.parse(res.json())).toEqual({ success: true, following: true, followers: 1 });
    }
    expect(await profileOf(bia, anaUser.id)).toMatchObject({ followers: 1, viewer: { following: true } });
    expect(await profileOf(ana, biaUser.id)).toMatchObject({ following: 1, viewer: { followedBy: true } });
    const self = await ana.post('/api/users/me/follow');
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: 'You cannot follow yourself' });
    for (let i = 0; i < 2; i += 1) {
      const res = await bia.del(`/api/users/${anaUser.id}/follow`);
      expect(followResponseSchema.parse(res.json())).toEqual({ success: true, following: false, followers: 0 });
    }
    expect((await ana.post('/api/users/usr_nobody/follow')).statusCode).toBe(404);
  });

  it('connects: a request is pending until the other accepts, then both have one connection', async () => {
    const anaUser = await registerUser(t.app, { displayName: 'Ana' });
    const biaUser = await registerUser(t.app);
    const ana = asUser(t.app, anaUser);
    const bia = asUser(t.app, biaUser);

    const asked = connectionResponseSchema.parse((await ana.post(`/api/users/${biaUser.id}/connect`)).json());
    expect(asked).toEqual({ success: true, connection: 'pending_outgoing', connections: 0 });
    expect((await profileOf(bia, anaUser.id)).viewer.connection).toBe('pending_incoming');
    const requests = connectionRequestsResponseSchema.parse(
      (await bia.get('/api/users/me/connection-requests')).json(),
    );
    expect(requests.requests.map((r) => r.user)).toEqual([
      { id: anaUser.id, displayName: 'Ana', avatar: null, headline: null },
    ]);
    // Ana cannot accept her own request.
    const wrongSide = await ana.post(`/api/users/${biaUser.id}/connect/accept`);
    expect(wrongSide.statusCode).toBe(404);
    expect(wrongSide.json()).toMatchObject({ error: 'There is no connection request from this user' });

    const accepted = connectionResponseSchema.parse((await bia.post(`/api/users/${anaUser.id}/connect/accept`)).json());
    expect(accepted).toEqual({ success: true, connection: 'connected', connections: 1 });
    expect(await profileOf(ana)).toMatchObject({ connections: 1 });
    expect(await profileOf(bia)).toMatchObject({ connections: 1 });
    expect(await profileOf(ana, biaUser.id)).toMatchObject({ viewer: { connection: 'connected' } });
    expect(
      connectionRequestsResponseSchema.parse((await bia.get('/api/users/me/connection-requests')).json()).requests,
    ).toEqual([]);

    const removed = connectionResponseSchema.parse((await bia.del(`/api/users/${anaUser.id}/connect`)).json());
    expect(removed).toEqual({ success: true, connection: 'none', connections: 0 });
    expect((await profileOf(ana)).connections).toBe(0);
  });

  it('accepts when both ask: connecting to someone who asked you first', async () => {
    const anaUser = await registerUser(t.app);
    const biaUser = await registerUser(t.app);
    await asUser(t.app, anaUser).post(`/api/users/${biaUser.id}/connect`);
    const res = await asUser(t.app, biaUser).post(`/api/users/${anaUser.id}/connect`);
    expect(connectionResponseSchema.parse(res.json())).toMatchObject({ connection: 'connected', connections: 1 });
    const self = await asUser(t.app, anaUser).post(`/api/users/${anaUser.id}/connect`);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: 'You cannot connect with yourself' });
  });

  describe('people you may know', () => {
    const s = useTestApp();

    it('suggests people who share an employer or school first, then the newest users, never connections', async () => {
      const me = await registerUser(s.app, { displayName: 'Me' });
      const api = asUser(s.app, me);
      await api.post('/api/users/me/experience', { title: 'Engineer', company: 'Acme' });
      await api.post('/api/users/me/education', { school: 'USP' });

      const colleague = await registerUser(s.app, { displayName: 'Colleague' });
      await asUser(s.app, colleague).post('/api/users/me/experience', { title: 'PM', company: 'ACME' });
      const both = await registerUser(s.app, { displayName: 'Both' });
      await asUser(s.app, both).post('/api/users/me/experience', { title: 'CTO', company: 'acme' });
      await asUser(s.app, both).post('/api/users/me/education', { school: 'usp' });
      const classmate = await registerUser(s.app, { displayName: 'Classmate' });
      await asUser(s.app, classmate).post('/api/users/me/education', { school: 'USP' });
      const connected = await registerUser(s.app, { displayName: 'Connected' });
      await asUser(s.app, connected).post('/api/users/me/experience', { title: 'Dev', company: 'Acme' });
      await api.post(`/api/users/${connected.id}/connect`);
      const newest = await registerUser(s.app, { displayName: 'Newest' });
      await asUser(s.app, newest).post('/api/users/me/experience', { title: 'Dev', company: 'Elsewhere' });

      const res = await api.get('/api/users/me/suggestions');
      const { people } = suggestionsResponseSchema.parse(res.json());
      expect(people.map((p) => [p.displayName, p.reason])).toEqual([
        ['Both', 'Also worked at acme'],
        ['Classmate', 'Also studied at USP'],
        ['Colleague', 'Also worked at ACME'],
        ['Newest', 'New on Nuvem'],
      ]);
      // The basis lets a client word the reason in its own language.
      expect(people.map((p) => p.basis)).toEqual([
        { kind: 'company', name: 'acme' },
        { kind: 'school', name: 'USP' },
        { kind: 'company', name: 'ACME' },
        { kind: 'new' },
      ]);
      expect(res.body).not.toContain('@example.com');
      expect(people.map((p) => p.id)).not.toContain(me.id);
    });
  });
});
