import { ssoCheckResponseSchema } from '@nuvem/contracts/auth';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { MemoryRateLimiter } from '../../lib/rate-limiter.js';
import { MemoryTtlCache } from '../../lib/ttl-cache.js';
import { registerUser, testDriver, testOrigin, useTestApp } from '../../test/helper.testing.js';
import { createAccountTokensRepository } from './account-tokens.repository.js';
import { createAuthRepository } from './auth.repository.js';
import { createAuthService, type AuthService } from './auth.service.js';

describe(`cross-site requests on ${testDriver}`, () => {
  const t = useTestApp({ config: { allowedRedirectOrigins: ['https://crm.nuvem.example'] } });

  const logout = (cookie: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/sso/logout', cookies: { nuvem_session: cookie }, headers, payload: {} });
  const stillSignedIn = async (cookie: string) =>
    ssoCheckResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/sso/check', cookies: { nuvem_session: cookie } })).json(),
    ).authenticated;

  it.each([
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
    [{ origin: 'https://crm.nuvem.example.evil.example' }],
    [{ referer: 'https://evil.example/page' }],
    [{ origin: 'http://localhost:80' }], // the Host the request names is not PUBLIC_URL
    [{}], // a cookie request that names no origin cannot be checked
  ])('refuses a cookie-authenticated POST with %j and changes nothing', async (headers) => {
    const user = await registerUser(t.app);
    const res = await logout(user.cookie, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, error: 'Cross-site request refused', code: 'CSRF' });
    expect(await stillSignedIn(user.cookie)).toBe(true);
  });

  it.each([
    [{ origin: testOrigin }],
    [{ origin: 'https://crm.nuvem.example' }],
    [{ referer: `${testOrigin}/developer` }],
  ])('accepts the same POST from %j', async (headers) => {
    const user = await registerUser(t.app);
    const res = await logout(user.cookie, headers);
    expect(res.statusCode).toBe(200);
    expect(await stillSignedIn(user.cookie)).toBe(false);
  });

  it('refuses a sign-in posted from another site (login CSRF)', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
  });

  it('lets API clients without cookies (bearer tokens) call without an Origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'nobody@example.com', password: 'whatever1' },
    });
    expect(res.statusCode).toBe(401); // reached the handler
  });
});

describe(`GET /logout from another site on ${testDriver}`, () => {
  const t = useTestApp({ config: { allowedRedirectOrigins: ['https://crm.nuvem.example'] } });
  const target = 'https://crm.nuvem.example/bye';
  const getLogout = (cookie: string | null, headers: Record<string, string>, redirect = target) =>
    t.app.inject({
      method: 'GET',
      url: `/logout?redirect=${encodeURIComponent(redirect)}`,
      headers,
      ...(cookie ? { cookies: { nuvem_session: cookie } } : {}),
    });
  const stillSignedIn = async (cookie: string) =>
    ssoCheckResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/sso/check', cookies: { nuvem_session: cookie } })).json(),
    ).authenticated;

  it.each([
    [{ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }],
    [{ 'sec-fetch-site': 'same-site' }],
    [{ referer: 'https://evil.example/page' }], // a browser without Sec-Fetch-*
    [{ 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/page' }],
    [{}], // neither header (an older browser, or a page that hid its Referer): it may be another site
  ])('does not end a live session on %j: it asks first, on a page without scripts', async (headers) => {
    const user = await registerUser(t.app);
    const res = await getLogout(user.cookie, headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.cookies).toHaveLength(0);
    expect(res.body).toContain('Sign out of Nuvem?');
    expect(res.body).toMatch(/<form method="post" action="\/logout">/);
    expect(res.body).toContain(`<input type="hidden" name="redirect" value="${target}">`);
    expect(res.body).not.toMatch(/<script/i);
    expect(await stillSignedIn(user.cookie)).toBe(true);
  });

  it('escapes the redirect it carries, and carries only an allowed one', async () => {
    const user = await registerUser(t.app);
    const hostile = await getLogout(user.cookie, { 'sec-fetch-site': 'cross-site' }, '/x"><script>alert(1)</script>');
    expect(hostile.body).not.toMatch(/<script/i);
    expect(hostile.body).not.toContain('"><');
    expect(hostile.body).toMatch(/<input type="hidden" name="redirect" value="\/x[^"<>]*alert\(1\)[^"<>]*">/);
    const foreign = await getLogout(user.cookie, { 'sec-fetch-site': 'cross-site' }, 'https://evil.example/');
    expect(foreign.body).toContain('<input type="hidden" name="redirect" value="/">');
  });

  it('signs out when the confirmation form is posted from this site, and goes to the redirect', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { origin: testOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      cookies: { nuvem_session: user.cookie },
      payload: `redirect=${encodeURIComponent(target)}`,
    });
    expect(res.statusCode).toBe(303); // See Other: the browser follows a POST with a GET
    expect(res.headers.location).toBe(target);
    expect(res.cookies.find((c) => c.name === 'nuvem_session')?.value).toBe('');
    expect(await stillSignedIn(user.cookie)).toBe(false);
  });

  it('refuses the confirmation form posted from another site', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      cookies: { nuvem_session: user.cookie },
      payload: 'redirect=%2F',
    });
    expect(res.statusCode).toBe(403);
    expect(await stillSignedIn(user.cookie)).toBe(true);
  });

  it.each([
    [{ 'sec-fetch-site': 'same-origin', referer: `${testOrigin}/developer` }],
    [{ 'sec-fetch-site': 'none' }], // typed in the address bar, or a bookmark
    [{ 'sec-fetch-site': 'cross-site', referer: 'https://crm.nuvem.example/settings' }], // an ecosystem app
    [{ referer: `${testOrigin}/developer` }], // a browser without Sec-Fetch-*, from this site
  ])('ends the session at once on %j', async (headers) => {
    const user = await registerUser(t.app);
    const res = await getLogout(user.cookie, headers);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(target);
    expect(res.cookies.find((c) => c.name === 'nuvem_session')?.value).toBe('');
    expect(await stillSignedIn(user.cookie)).toBe(false);
  });

  it("keeps the spec's flow: after POST /sso/logout, a cross-site jump to /logout clears the cookie and redirects", async () => {
    const user = await registerUser(t.app);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/sso/logout',
      headers: { origin: testOrigin },
      cookies: { nuvem_session: user.cookie },
      payload: { application_id: 'main' },
    });
    expect(logout.statusCode).toBe(200);
    for (const cookie of [user.cookie, null]) {
      const res = await getLogout(cookie, { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(target);
      expect(res.cookies.find((c) => c.name === 'nuvem_session')?.value).toBe('');
    }
  });
});

describe(`brute-force limits on ${testDriver}`, () => {
  const t = useTestApp();
  const login = (email: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: testOrigin },
      remoteAddress: ip,
      payload: { email, password },
    });

  it('10 failures from 10 addresses do not lock the owner out: a fresh address signs in', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 12; i++) {
      const res = await login(user.email, 'wrong password', `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const owner = await login(user.email, user.password, '198.51.100.99');
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.find((c) => c.name === 'nuvem_session')?.value).toBeTruthy();
    // The addresses that failed once are not locked either: one mistake is not an attack.
    expect((await login(user.email, user.password, '198.51.100.1')).statusCode).toBe(200);
  });

  it('locks the failing address out of that account, even with the right password, and no one else', async () => {
    const user = await registerUser(t.app);
    const attacker = '198.51.100.150';
    for (let i = 0; i < 10; i++) expect((await login(user.email, `guess ${i}`, attacker)).statusCode).toBe(401);

    const blocked = await login(user.email, user.password, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(blocked.cookies).toHaveLength(0);

    // The owner, from their own address, is not affected.
    expect((await login(user.email, user.password, '198.51.100.151')).statusCode).toBe(200);
  });

  it('limits one address trying many accounts', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await login(`guess${i}@example.com`, 'password1', '203.0.113.7');
      expect(res.statusCode).toBe(401);
    }
    expect((await login('guess-next@example.com', 'password1', '203.0.113.7')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await login('guess-next@example.com', 'password1', '203.0.113.8')).statusCode).toBe(401);
  });

  it('limits registrations from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/register',
        headers: { origin: testOrigin },
        remoteAddress: '203.0.113.50',
        payload: { email: `spam${i}@example.com`, password: 'plum orbit kettle', displayName: 'Spam' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe(`distributed guessing on ${testDriver}`, () => {
  // A small per-pair limit keeps the test short: 3 failures per pair, 30 per account.
  const t = useTestApp({ config: { authRateLimitPerMinute: 3 } });
  const login = (email: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: testOrigin },
      remoteAddress: ip,
      payload: { email, password },
    });

  it('past many failures on one account, refuses only the addresses that failed on it', async () => {
    const user = await registerUser(t.app);
    // 30 addresses, one guess each: under the per-address and per-pair limits.
    for (let i = 0; i < 30; i++) {
      expect((await login(user.email, `guess ${i}`, `100.64.0.${i + 1}`)).statusCode).toBe(401);
    }
    // The account is under attack: an address that guessed before is refused, right password or not.
    const guessedBefore = await login(user.email, user.password, '100.64.0.7');
    expect(guessedBefore.statusCode).toBe(429);
    expect(Number(guessedBefore.headers['retry-after'])).toBeGreaterThan(0);
    // A new address gets one guess, then joins them.
    expect((await login(user.email, 'guess 31', '100.64.1.1')).statusCode).toBe(401);
    expect((await login(user.email, 'guess 32', '100.64.1.1')).statusCode).toBe(429);
    // The owner, from an address that never failed, signs in.
    expect((await login(user.email, user.password, '100.64.2.1')).statusCode).toBe(200);
    // Other accounts are not affected.
    const other = await registerUser(t.app);
    expect((await login(other.email, other.password, '100.64.0.7')).statusCode).toBe(200);
  });
});

describe(`the sign-in limits over time on ${testDriver}`, () => {
  // The service on the test database with a clock the test moves: windows end without waiting.
  const t = useTestApp();
  let now = Date.UTC(2030, 0, 1);
  const service = () =>
    createAuthService({
      repo: createAuthRepository(t.app.db),
      limiter: new MemoryRateLimiter(() => now),
      sessionCache: new MemoryTtlCache(),
      bus: t.app.eventBus,
      config: t.app.config,
      log: t.app.log,
      tokens: createAccountTokensRepository(t.app.db),
      mail: t.app.mail,
      queue: t.app.queue,
    });
  const attempt = (auth: AuthService, email: string, password: string, ip: string) =>
    auth.login({ email, password }, { ip, userAgent: null }).then(
      () => 200,
      (error: unknown) => (error instanceof AppError ? error.statusCode : 500),
    );

  it('keeps a failing pair locked for 15 minutes after the per-address minute is over', async () => {
    const auth = service();
    const user = await registerUser(t.app);
    const other = await registerUser(t.app);
    const attacker = '198.51.100.200';
    for (let i = 0; i < 10; i++) expect(await attempt(auth, user.email, `guess ${i}`, attacker)).toBe(401);
    now += 61_000; // the per-address limit has reset
    expect(await attempt(auth, user.email, user.password, attacker)).toBe(429);
    expect(await attempt(auth, other.email, other.password, attacker)).toBe(200);
    expect(await attempt(auth, user.email, user.password, '198.51.100.201')).toBe(200);
    now += 15 * 60_000;
    expect(await attempt(auth, user.email, user.password, attacker)).toBe(200);
  });

  it("the right password ends an address's run of failures: typos spread over time never add up to a lock", async () => {
    const auth = service();
    const user = await registerUser(t.app);
    const owner = '198.51.100.220';
    for (let i = 0; i < 3; i++) expect(await attempt(auth, user.email, `typo ${i}`, owner)).toBe(401);
    expect(await attempt(auth, user.email, user.password, owner)).toBe(200);
    now += 61_000; // a new minute for the per-address limit
    for (let i = 0; i < 9; i++) expect(await attempt(auth, user.email, `typo ${i}`, owner)).toBe(401);
    expect(await attempt(auth, user.email, user.password, owner)).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one client: rotating through them buys no more guesses', async () => {
    const auth = service();
    const user = await registerUser(t.app);
    for (let i = 1; i <= 10; i++) expect(await attempt(auth, user.email, `guess ${i}`, `2001:db8:7:7::${i}`)).toBe(401);
    now += 61_000;
    expect(await attempt(auth, user.email, user.password, '2001:db8:7:7:ffff::1')).toBe(429);
    expect(await attempt(auth, user.email, user.password, '2001:db8:7:8::1')).toBe(200);
  });

  it('says how long to wait in words a person reads: minutes past two minutes', async () => {
    const auth = service();
    const user = await registerUser(t.app);
    const attacker = '198.51.100.230';
    for (let i = 0; i < 10; i++) expect(await attempt(auth, user.email, `guess ${i}`, attacker)).toBe(401);
    now += 61_000;
    await expect(
      auth.login({ email: user.email, password: user.password }, { ip: attacker, userAgent: null }),
    ).rejects.toThrow('Too many attempts. Try again in 14 minutes.');
  });

  it('counts only failures against an account: its owner signing in often is never locked', async () => {
    const auth = service();
    const user = await registerUser(t.app);
    for (let minute = 0; minute < 3; minute++) {
      for (let i = 0; i < 10; i++) expect(await attempt(auth, user.email, user.password, '198.51.100.210')).toBe(200);
      now += 61_000;
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)(`brute-force limits shared through Redis on ${testDriver}`, () => {
  // Two instances, as behind a load balancer: the attempts on both count together.
  const a = useTestApp({ config: { redisUrl: process.env.TEST_REDIS_URL ?? null } });
  const b = useTestApp({ config: { redisUrl: process.env.TEST_REDIS_URL ?? null } });

  it('counts attempts across instances', async () => {
    const email = `shared-${Date.now()}@example.com`;
    const ip = `203.0.113.${100 + (Date.now() % 100)}`;
    const attempt = (app: typeof a.app) =>
      app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { origin: testOrigin },
        remoteAddress: ip,
        payload: { email, password: 'wrong-password' },
      });
    for (let i = 0; i < 5; i++) {
      expect((await attempt(a.app)).statusCode).toBe(401);
      expect((await attempt(b.app)).statusCode).toBe(401);
    }
    expect((await attempt(a.app)).statusCode).toBe(429);
    expect((await attempt(b.app)).statusCode).toBe(429);
  });
});
