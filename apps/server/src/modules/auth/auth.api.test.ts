import { authSuccessSchema, meResponseSchema, ssoCheckResponseSchema } from '@nuvem/contracts/auth';
import { errorResponseSchema } from '@nuvem/contracts/common';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions.js';
import { users } from '../../db/schema/users.js';
import { newId } from '../../lib/ids.js';
import { registerUser, testDriver, testOrigin, useTestApp } from '../../test/helper.testing.js';
import { createAuthRepository } from './auth.repository.js';

const origin = { origin: testOrigin };
const DAY = 24 * 60 * 60 * 1000;

describe(`sign-in service on ${testDriver}`, () => {
  const t = useTestApp();
  const countUsers = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n ?? 0;

  describe('POST /auth/register', () => {
    it('creates the user, starts a session with an HttpOnly cookie and returns the user and a token', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/register',
        headers: origin,
        payload: { email: 'Ana.Silva@Example.com', password: 'a long passphrase', displayName: 'Ana Silva' },
      });
      expect(res.statusCode).toBe(201);
      const body = authSuccessSchema.parse(res.json());
      expect(body.user).toMatchObject({
        email: 'Ana.Silva@Example.com',
        email_verified: false,
        user_metadata: { display_name: 'Ana Silva', avatar_url: null },
      });
      expect(body.user.id).toMatch(/^usr_/);
      expect(body.access_token).toMatch(/^nat_[0-9a-f]{64}$/);

      const cookie = res.cookies.find((c) => c.name === 'nuvem_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy(); // plain http in tests
      const lifetime = (cookie?.expires?.getTime() ?? 0) - Date.now();
      expect(lifetime).toBeGreaterThan(DAY - 60_000);
      expect(lifetime).toBeLessThanOrEqual(DAY);

      const [row] = await t.app.db.select().from(users).where(eq(users.id, body.user.id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row?.passwordHash).not.toContain('a long passphrase');
      const [session] = await t.app.db.select().from(sessions).where(eq(sessions.userId, body.user.id));
      expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(session?.tokenHash).not.toBe(cookie?.value);
    });

    it('refuses an e-mail that is taken, compared lower-cased', async () => {
      const before = await countUsers();
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/register',
        headers: origin,
        payload: { email: 'ana.silva@EXAMPLE.com', password: 'another passphrase', displayName: 'Impostor' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, error: 'An account with this e-mail already exists' });
      expect(await countUsers()).toBe(before);
    });

    it.each([
      [{ email: 'not-an-email', password: 'long enough', displayName: 'X' }, 'Email must be a valid e-mail address.'],
      [{ email: 'a@b.example', password: 'short', displayName: 'X' }, 'Password must be 8 to 128 characters.'],
      [{ email: 'a@b.example', password: 'x'.repeat(129), displayName: 'X' }, 'Password must be 8 to 128 characters.'],
      [
        { email: 'a@b.example', password: 'long enough', displayName: '   ' },
        'Display name must be 1 to 80 characters.',
      ],
      [
        { email: 'a@b.example', password: 'long enough', displayName: 'x'.repeat(81) },
        'Display name must be 1 to 80 characters.',
      ],
      [{ email: 'a@b.example', password: 'long enough' }, 'Display name is required.'],
    ])('rejects %j with a clear 400 and writes nothing', async (payload, message) => {
      const before = await countUsers();
      const res = await t.app.inject({ method: 'POST', url: '/auth/register', headers: origin, payload });
      expect(res.statusCode).toBe(400);
      const body = errorResponseSchema.parse(res.json());
      // A sentence a person reads, with no field path in it; the path stays in `details`.
      expect(body.error).toBe(message);
      expect(body.error).not.toMatch(/body\.|displayName/);
      expect(body.details?.[0]?.path).toMatch(/^body\.(email|password|displayName)$/);
      expect(await countUsers()).toBe(before);
    });
  });

  describe('the password rule', () => {
    it.each([
      '12345678',
      'password',
      ' '.repeat(8),
      'qwertyuiop',
      'Password123',
      '\u00a0'.repeat(9),
      // Common passwords dressed up with invisible characters, compatibility forms or accents.
      'password\u200b',
      'pass\u200bword',
      'password\u00ad',
      '\u2060password',
      'passw\u200dord',
      'pass\u034fword',
      'password\ufe0f',
      '\uff50\uff41\uff53\uff53\uff57\uff4f\uff52\uff44', // full-width
      'p\u00e4ssw\u00f6rd',
      'PASSWORD\u0301',
      'ILOVEYOU \u2800',
      // Blank-looking.
      '\u2800'.repeat(8),
      '\u0301'.repeat(8),
      '\u3164'.repeat(8),
    ])('refuses %j with a 400 on body.password and writes no user', async (password) => {
      const before = await countUsers();
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/register',
        headers: origin,
        payload: { email: 'weak@example.com', password, displayName: 'Weak' },
      });
      expect(res.statusCode).toBe(400);
      const body = errorResponseSchema.parse(res.json());
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details?.map((d) => d.path)).toEqual(['body.password']);
      expect(body.details?.[0]?.message).toMatch(
        /^(This password is too common\. Choose one that is harder to guess\.|Password must contain letters, digits or symbols, not only spaces or invisible characters)$/,
      );
      expect(await countUsers()).toBe(before);
      expect(await t.app.db.select().from(users).where(eq(users.email, 'weak@example.com'))).toHaveLength(0);
    });

    it('says why a common password is refused in plain words', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/register',
        headers: origin,
        payload: { email: 'weak@example.com', password: 'iloveyou', displayName: 'Weak' },
      });
      expect(res.json()).toMatchObject({
        error: 'This password is too common. Choose one that is harder to guess.',
        details: [
          { path: 'body.password', message: 'This password is too common. Choose one that is harder to guess.' },
        ],
      });
    });

    it('accepts a passphrase that is on no list', async () => {
      const user = await registerUser(t.app, { password: 'plum orbit kettle 42' });
      expect(user.id).toMatch(/^usr_/);
    });

    it('keeps a good password with accents or emoji as typed: it signs in with exactly that', async () => {
      // The checks normalise a copy; the stored hash is of the password as typed, so a look-alike fails.
      const cases = [
        ['crème brûlée 42', 'crème brûlée 42'.normalize('NFD')],
        ['plum \u2764\ufe0f orbit', 'plum \u2764 orbit'],
      ] as const;
      for (const [i, [password, lookalike]] of cases.entries()) {
        const email = `typed${i}@example.com`;
        const user = await registerUser(t.app, { email, password });
        expect(user.id).toMatch(/^usr_/);
        const login = (pw: string) =>
          t.app.inject({ method: 'POST', url: '/auth/login', headers: origin, payload: { email, password: pw } });
        expect((await login(password)).statusCode).toBe(200);
        expect((await login(lookalike)).statusCode).toBe(401);
      }
    });
  });

  describe('display names', () => {
    it('stores a registered display name without bidirectional controls or invisible characters', async () => {
      const user = await registerUser(t.app, { displayName: '\u202eevil\u200b' });
      const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.displayName).toBe('evil');
      const me = await t.app.inject({
        method: 'GET',
        url: '/auth/me',
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(meResponseSchema.parse(me.json()).user.user_metadata.display_name).toBe('evil');
    });

    it('cleans a name the repository stores from elsewhere (a social provider)', async () => {
      const repo = createAuthRepository(t.app.db);
      const user = await repo.insertUser({
        id: newId('user'),
        email: 'social@example.com',
        displayName: '\u202eMallory\u202c',
      });
      expect(user.displayName).toBe('Mallory');
      await repo.updateUser(user.id, { displayName: '\u2066\u200f' });
      expect((await repo.findUserById(user.id))?.displayName).toBeNull();
    });

    it.each(['\u034f', '\ufe0f\ufe0f', '\u2800', '\u0301'.repeat(3)])(
      'refuses the empty-looking display name %j at registration and on the profile',
      async (displayName) => {
        const before = await countUsers();
        const reg = await t.app.inject({
          method: 'POST',
          url: '/auth/register',
          headers: origin,
          payload: { email: 'blank-name@example.com', password: 'plum orbit kettle 42', displayName },
        });
        expect(reg.statusCode).toBe(400);
        expect(errorResponseSchema.parse(reg.json()).details?.map((d) => d.path)).toEqual(['body.displayName']);
        expect(await countUsers()).toBe(before);

        const user = await registerUser(t.app, { displayName: 'Ana' });
        const res = await t.app.inject({
          method: 'PATCH',
          url: '/api/users/me',
          headers: { ...origin, authorization: `Bearer ${user.accessToken}` },
          payload: { displayName },
        });
        expect(res.statusCode).toBe(400);
        const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
        expect(row?.displayName).toBe('Ana');
      },
    );

    it('caps a stack of combining marks and keeps real names unchanged', async () => {
      const user = await registerUser(t.app, { displayName: `A${'\u0301'.repeat(10)}` });
      const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.displayName).toBe(`A${'\u0301'.repeat(4)}`);

      for (const displayName of ['José', 'Zoë', 'محمد', '李雷', 'Ana ❤️']) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: '/api/users/me',
          headers: { ...origin, authorization: `Bearer ${user.accessToken}` },
          payload: { displayName },
        });
        expect(res.statusCode).toBe(200);
        const [changed] = await t.app.db.select().from(users).where(eq(users.id, user.id));
        expect(changed?.displayName).toBe(displayName);
      }
    });

    it('cleans a display name changed on the profile too', async () => {
      const user = await registerUser(t.app);
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/users/me',
        headers: { ...origin, authorization: `Bearer ${user.accessToken}` },
        payload: { displayName: '\u2067Ana\u2069 \u202eSouza' },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
      expect(row?.displayName).toBe('Ana Souza');
    });
  });

  describe('POST /auth/login', () => {
    it('signs in with the right password, whatever the e-mail case', async () => {
      const user = await registerUser(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: origin,
        payload: { email: user.email.toUpperCase(), password: user.password },
      });
      expect(res.statusCode).toBe(200);
      expect(authSuccessSchema.parse(res.json()).user.id).toBe(user.id);
      const cookie = res.cookies.find((c) => c.name === 'nuvem_session');
      expect((cookie?.expires?.getTime() ?? 0) - Date.now()).toBeLessThanOrEqual(DAY);
    });

    it('keeps a remembered session for 30 days', async () => {
      const user = await registerUser(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: origin,
        payload: { email: user.email, password: user.password, rememberMe: true },
      });
      const cookie = res.cookies.find((c) => c.name === 'nuvem_session');
      expect((cookie?.expires?.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * DAY);
    });

    it("says 'Invalid email or password' whichever part was wrong", async () => {
      const user = await registerUser(t.app);
      for (const payload of [
        { email: user.email, password: 'wrong password' },
        { email: 'nobody@example.com', password: user.password },
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/auth/login', headers: origin, payload });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ success: false, error: 'Invalid email or password' });
        expect(res.cookies).toHaveLength(0);
      }
    });

    it('rejects a malformed body with 400', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/auth/login', headers: origin, payload: { email: 5 } });
      expect(res.statusCode).toBe(400);
      expect(errorResponseSchema.parse(res.json()).code).toBe('VALIDATION_ERROR');
    });
  });

  describe('sessions', () => {
    it('/sso/check answers with the user and the same bearer token while the cookie is valid', async () => {
      const user = await registerUser(t.app);
      const res = await t.app.inject({
        method: 'GET',
        url: '/sso/check?application_id=main',
        cookies: { nuvem_session: user.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = ssoCheckResponseSchema.parse(res.json());
      expect(body).toMatchObject({
        authenticated: true,
        user: { id: user.id, email: user.email },
        access_token: user.accessToken,
      });
    });

    it('/sso/check without a valid session gives the sign-in address for the application', async () => {
      const variants: Record<string, string>[] = [
        {},
        { nuvem_session: 'forged-token' },
        { nuvem_session: 'x'.repeat(5000) },
      ];
      for (const cookies of variants) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/sso/check?application_id=crm',
          cookies,
          headers: { referer: 'http://localhost:3000/events?page=2' },
        });
        const body = ssoCheckResponseSchema.parse(res.json());
        if (body.authenticated) throw new Error('expected signed out');
        const login = new URL(body.sso_login_url);
        expect(login.origin + login.pathname).toBe('http://localhost:3000/login');
        expect(login.searchParams.get('application_id')).toBe('crm');
        expect(login.searchParams.get('redirect')).toBe('http://localhost:3000/events?page=2');
      }
    });

    it('/sso/check defaults to the main application and never sends an untrusted referer back', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/sso/check',
        headers: { referer: 'https://evil.example/x' },
      });
      const body = ssoCheckResponseSchema.parse(res.json());
      if (body.authenticated) throw new Error('expected signed out');
      const login = new URL(body.sso_login_url);
      expect(login.searchParams.get('application_id')).toBe('main');
      expect(login.searchParams.get('redirect')).toBe('http://localhost:3000/');
    });

    it('accepts the bearer token on the APIs, and the token dies with its session', async () => {
      const user = await registerUser(t.app);
      const me = await t.app.inject({
        method: 'GET',
        url: '/auth/me',
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(me.statusCode).toBe(200);
      expect(meResponseSchema.parse(me.json()).user.id).toBe(user.id);

      const logout = await t.app.inject({
        method: 'POST',
        url: '/sso/logout',
        headers: origin,
        cookies: { nuvem_session: user.cookie },
        payload: { application_id: 'main' },
      });
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ success: true });
      expect(logout.cookies.find((c) => c.name === 'nuvem_session')?.value).toBe('');

      const byBearer = await t.app.inject({
        method: 'GET',
        url: '/auth/me',
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(byBearer.statusCode).toBe(401);
      const byCookie = await t.app.inject({ method: 'GET', url: '/auth/me', cookies: { nuvem_session: user.cookie } });
      expect(byCookie.statusCode).toBe(401);
    });

    it.each([
      ['POST /sso/logout', { method: 'POST' as const, url: '/sso/logout', payload: { application_id: 'crm' } }],
      ['GET /logout', { method: 'GET' as const, url: '/logout' }],
    ])('%s with only the bearer token ends the session the token belongs to', async (_name, request) => {
      const user = await registerUser(t.app);
      const other = await registerUser(t.app);
      const bearer = { authorization: `Bearer ${user.accessToken}` };
      // Looked up once, so the session is in the cache too.
      expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer })).statusCode).toBe(200);

      const res = await t.app.inject({ ...request, headers: bearer });
      expect(res.statusCode).toBeLessThan(400);

      expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer })).statusCode).toBe(401);
      const byCookie = await t.app.inject({ method: 'GET', url: '/auth/me', cookies: { nuvem_session: user.cookie } });
      expect(byCookie.statusCode).toBe(401);
      expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
      // Nobody else is signed out.
      const asOther = await t.app.inject({
        method: 'GET',
        url: '/auth/me',
        headers: { authorization: `Bearer ${other.accessToken}` },
      });
      expect(asOther.statusCode).toBe(200);
    });

    // A client that signs out with no body, or `Content-Type: application/json` and an empty one,
    // must really be signed out: application_id defaults to the main application.
    it.each([
      ['no body', {}],
      ['an empty JSON body', { 'content-type': 'application/json' }],
    ])('POST /sso/logout with %s ends the bearer token’s session', async (_name, headers) => {
      const user = await registerUser(t.app);
      const bearer = { authorization: `Bearer ${user.accessToken}` };
      const res = await t.app.inject({ method: 'POST', url: '/sso/logout', headers: { ...headers, ...bearer } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer })).statusCode).toBe(401);
    });

    it.each([
      ['no body', {}],
      ['an empty JSON body', { 'content-type': 'application/json' }],
    ])('POST /sso/logout with %s ends the cookie’s session', async (_name, headers) => {
      const user = await registerUser(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/sso/logout',
        headers: { ...headers, ...origin },
        cookies: { nuvem_session: user.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'nuvem_session')?.value).toBe('');
      const me = await t.app.inject({ method: 'GET', url: '/auth/me', cookies: { nuvem_session: user.cookie } });
      expect(me.statusCode).toBe(401);
    });

    it.each([[{ application_id: 5 }], [[]], ['main']])(
      'POST /sso/logout with a body that is present but wrong (%j) is refused and signs nobody out',
      async (payload: unknown) => {
        const user = await registerUser(t.app);
        const bearer = { authorization: `Bearer ${user.accessToken}` };
        const res = await t.app.inject({
          method: 'POST',
          url: '/sso/logout',
          headers: { ...bearer, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode).toBe(400);
        expect(errorResponseSchema.parse(res.json()).success).toBe(false);
        expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer })).statusCode).toBe(200);
      },
    );

    it('still documents POST /sso/logout in the OpenAPI document', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json<{ paths: Record<string, Record<string, { requestBody?: { description?: string } }>> }>();
      expect(doc.paths['/sso/logout']?.post?.requestBody?.description).toMatch(/^Optional/);
    });

    it('treats an expired session as signed out', async () => {
      const user = await registerUser(t.app);
      await t.app.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id));
      const res = await t.app.inject({ method: 'GET', url: '/sso/check', cookies: { nuvem_session: user.cookie } });
      expect(ssoCheckResponseSchema.parse(res.json()).authenticated).toBe(false);
    });

    it('answers 401 to a protected call without a session or with a wrong token', async () => {
      for (const headers of [{}, { authorization: 'Bearer nat_nope' }, { authorization: 'Basic abc' }]) {
        const res = await t.app.inject({ method: 'GET', url: '/auth/me', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ success: false, error: 'Unauthorized' });
      }
    });

    it("keeps each user's session their own", async () => {
      const ana = await registerUser(t.app);
      const bia = await registerUser(t.app);
      const asBia = await t.app.inject({ method: 'GET', url: '/sso/check', cookies: { nuvem_session: bia.cookie } });
      expect(ssoCheckResponseSchema.parse(asBia.json())).toMatchObject({ user: { id: bia.id } });
      // Bia signing out ends only her own session.
      await t.app.inject({
        method: 'POST',
        url: '/sso/logout',
        headers: origin,
        cookies: { nuvem_session: bia.cookie },
        payload: {},
      });
      const asAna = await t.app.inject({
        method: 'GET',
        url: '/auth/me',
        headers: { authorization: `Bearer ${ana.accessToken}` },
      });
      expect(meResponseSchema.parse(asAna.json()).user.id).toBe(ana.id);
      expect(ana.accessToken).not.toBe(bia.accessToken);
    });
  });

  describe('GET /logout', () => {
    it('ends the session, clears the cookie and goes to an allowed redirect', async () => {
      const user = await registerUser(t.app);
      const res = await t.app.inject({
        method: 'GET',
        url: `/logout?redirect=${encodeURIComponent('http://localhost:3000/pricing')}`,
        headers: { 'sec-fetch-site': 'same-origin' },
        cookies: { nuvem_session: user.cookie },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('http://localhost:3000/pricing');
      expect(res.cookies.find((c) => c.name === 'nuvem_session')?.value).toBe('');
      const check = await t.app.inject({ method: 'GET', url: '/sso/check', cookies: { nuvem_session: user.cookie } });
      expect(ssoCheckResponseSchema.parse(check.json()).authenticated).toBe(false);
    });

    it.each([
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'https://site.evil.example',
      'https://localhost:3000.evil.example/',
      '%2F%2Fevil.example',
      'https:%2F%2Fevil.example',
      '/%09/evil.example',
    ])('never redirects to %s', async (target) => {
      const res = await t.app.inject({ method: 'GET', url: `/logout?redirect=${encodeURIComponent(target)}` });
      expect(res.statusCode).toBe(302);
      const location = String(res.headers.location);
      expect(location.startsWith('/') && !location.startsWith('//') && !location.includes('\\')).toBe(true);
      expect(new URL(location, 'http://localhost:3000').origin).toBe('http://localhost:3000');
    });

    it.each(['/logout', '/LOGOUT/', '/%6Cogout', '/x/../sso/logout', 'http://localhost:3000/oauth/github'])(
      'never chains into another sign-out or sign-in route (%s)',
      async (target) => {
        const res = await t.app.inject({ method: 'GET', url: `/logout?redirect=${encodeURIComponent(target)}` });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/');
      },
    );
  });
});

describe(`allowed ecosystem origins on ${testDriver}`, () => {
  const t = useTestApp({ config: { allowedRedirectOrigins: ['https://crm.nuvem.example'] } });

  it('honours a redirect to a configured ecosystem origin', async () => {
    const target = 'https://crm.nuvem.example/deals?id=7';
    const res = await t.app.inject({ method: 'GET', url: `/logout?redirect=${encodeURIComponent(target)}` });
    expect(res.headers.location).toBe(target);
  });

  it('lists the configured origins for the sign-in page, and no unconfigured provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/config' });
    expect(res.json()).toEqual({ providers: [], redirect_origins: ['https://crm.nuvem.example'] });
  });
});
