import { ssoCheckResponseSchema } from '@nuvem/contracts/auth';
import { describe, expect, it } from 'vitest';
import { registerUser, testDriver, testOrigin, useTestApp } from '../../test/helper.js';

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
    [{ origin: 'http://localhost:80' }], // the address the request itself came in on
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

  it('locks an account after 10 tries a minute, from any address, with Retry-After', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await login(user.email, 'wrong password', `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(user.email, user.password, '198.51.100.99');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(blocked.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(blocked.cookies).toHaveLength(0);
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
        payload: { email: `spam${i}@example.com`, password: 'password123', displayName: 'Spam' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
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
