import { SESSION_COOKIE } from '@nuvem/contracts/auth';
import { describe, expect, it } from 'vitest';
import { registerUser, testDriver, useTestApp } from '../../test/helper.testing.js';
import { userWithKey } from './applications-client.testing.js';

describe(`platform API CORS scoped to the calling key's application, ${testDriver}`, () => {
  const t = useTestApp({
    config: { apiKeys: { rateLimits: { standard: 2, premium: 2, enterprise: 2 }, usageFlushIntervalMs: 1000 } },
  });
  const originA = 'https://a.example';
  const originB = 'https://b.example';

  async function setUp() {
    const a = await userWithKey(t.app);
    const b = await userWithKey(t.app);
    expect((await a.api.put(`/applications/${a.application.id}`, { allowedOrigins: [originA] })).statusCode).toBe(200);
    expect((await b.api.put(`/applications/${b.application.id}`, { allowedOrigins: [originB] })).statusCode).toBe(200);
    return { a, b };
  }

  const call = (key: string, origin: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/containers', headers: { origin, authorization: `Bearer ${key}` } });

  it("grants only the key's own application's origins, never another user's", async () => {
    const { a, b } = await setUp();
    const foreign = await call(a.apiKey.key, originB);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.headers.vary).toContain('Origin');

    const own = await call(a.apiKey.key, originA);
    expect(own.statusCode).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBe(originA);
    expect(own.headers['access-control-expose-headers']).toContain('RateLimit-Remaining');
    expect(own.headers['access-control-allow-credentials']).toBeUndefined();

    expect((await call(b.apiKey.key, originB)).headers['access-control-allow-origin']).toBe(originB);
    expect((await call(b.apiKey.key, originA)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a browser read a 429 on its own origin (Retry-After), but not with an unknown key', async () => {
    const { a } = await setUp();
    await call(a.apiKey.key, originA);
    await call(a.apiKey.key, originA);
    const limited = await call(a.apiKey.key, originA);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['access-control-allow-origin']).toBe(originA);
    const unknown = await call(`nuv_${'x'.repeat(40)}`, originA);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gives a session (cookie or access token) no CORS grant, even from an allowed origin', async () => {
    await setUp();
    const user = await registerUser(t.app);
    const cookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/containers',
      headers: { origin: originA },
      cookies: { [SESSION_COOKIE]: user.cookie },
    });
    expect(cookie.statusCode).toBe(200);
    expect(cookie.headers['access-control-allow-origin']).toBeUndefined();
    const bearer = await call(user.accessToken, originA);
    expect(bearer.statusCode).toBe(200);
    expect(bearer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('still answers preflights (no credentials) for origins some application allows, and withdraws them at once', async () => {
    const { a } = await setUp();
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/containers',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
    expect((await preflight(originA)).headers['access-control-allow-origin']).toBe(originA);
    expect((await preflight('https://nobody.example')).headers['access-control-allow-origin']).toBeUndefined();

    // Changing the application's origins applies to its key at once.
    expect((await call(a.apiKey.key, originA)).headers['access-control-allow-origin']).toBe(originA);
    expect((await a.api.put(`/applications/${a.application.id}`, { allowedOrigins: [] })).statusCode).toBe(200);
    expect((await call(a.apiKey.key, originA)).headers['access-control-allow-origin']).toBeUndefined();
  });
});
