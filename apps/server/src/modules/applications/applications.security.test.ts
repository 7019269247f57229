import { apiKeyListResponseSchema } from '@nuvem/contracts/applications';
import { errorResponseSchema } from '@nuvem/contracts/common';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/api-keys.js';
import { applications } from '../../db/schema/applications.js';
import { registerUser, testDriver, testOrigin, useTestApp } from '../../test/helper.testing.js';
import { asUser, userWithKey, withKey } from './applications-client.testing.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every owner-only route, with a body where it takes one. */
const routes = (appId: string, keyId: string): [Method, string, object | undefined][] => [
  ['GET', '/applications', undefined],
  ['POST', '/applications', { name: 'x' }],
  ['GET', `/applications/${appId}`, undefined],
  ['PUT', `/applications/${appId}`, { name: 'mine now' }],
  ['DELETE', `/applications/${appId}`, undefined],
  ['POST', `/applications/${appId}/secret/rotate`, {}],
  ['POST', `/applications/${appId}/keys`, { name: 'k' }],
  ['GET', `/applications/${appId}/keys`, undefined],
  ['DELETE', `/applications/${appId}/keys/${keyId}`, { reason: 'x' }],
  ['POST', `/applications/${appId}/keys/${keyId}/rotate`, {}],
  ['GET', `/applications/${appId}/keys/${keyId}/stats`, undefined],
];

describe(`applications security on ${testDriver}`, () => {
  const t = useTestApp();
  const counts = async () => ({
    applications: (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(applications))[0]?.n,
    keys: (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(apiKeys))[0]?.n,
  });

  it('answers 401 without a session on every route', async () => {
    for (const [method, url, payload] of routes('app_x', 'key_x')) {
      const res = await t.app.inject({ method, url, headers: { origin: testOrigin }, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another user's application and keys on every route, and changes nothing", async () => {
    const { apiKey, application } = await userWithKey(t.app);
    const biaUser = await registerUser(t.app);
    const bia = asUser(t.app, biaUser);
    for (const [method, url, payload] of routes(application.id, apiKey.id)) {
      if (url === '/applications') continue; // her own list and creation
      const res = await t.app.inject({
        method,
        url,
        headers: { origin: testOrigin, authorization: `Bearer ${biaUser.accessToken}` },
        payload,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Her list does not show it, and Ana's key still works.
    expect((await bia.get('/applications')).json()).toEqual({ success: true, applications: [] });
    expect((await withKey(t.app, apiKey.key).get('/containers')).statusCode).toBe(200);
  });

  it("answers 404 for a key under someone else's application, even one of the caller's own keys", async () => {
    const ana = await userWithKey(t.app);
    const bia = await userWithKey(t.app);
    // Bia's application, Ana's key id: no mixing.
    const res = await bia.api.del(`/applications/${bia.application.id}/keys/${ana.apiKey.id}`, {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'API key not found' });
    const list = apiKeyListResponseSchema.parse(
      (await ana.api.get(`/applications/${ana.application.id}/keys?include_revoked=true`)).json(),
    );
    expect(list.keys[0]?.revoked_at).toBeNull();
  });

  it('refuses an API key on every application route: keys cannot manage keys', async () => {
    const { apiKey, application } = await userWithKey(t.app);
    for (const [method, url, payload] of routes(application.id, apiKey.id)) {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${apiKey.key}` }, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    // Nothing happened to the application behind the key.
    const user = asUser(t.app, await registerUser(t.app));
    expect((await user.get(`/applications/${application.id}`)).statusCode).toBe(404);
  });

  it('answers malformed bodies with 400 naming the field, and writes nothing', async () => {
    const { api, application } = await userWithKey(t.app);
    const before = await counts();
    for (const [method, url, payload, field] of [
      ['POST', '/applications', { name: '' }, 'body.name'],
      ['POST', '/applications', { name: 'a', redirectUris: ['http://evil.example/cb'] }, 'body.redirectUris.0'],
      ['PUT', `/applications/${application.id}`, { allowedOrigins: ['https://a.example/x'] }, 'body.allowedOrigins.0'],
      ['POST', `/applications/${application.id}/keys`, { name: 'k', scopes: ['root'] }, 'body.scopes.0'],
      ['POST', `/applications/${application.id}/keys`, { name: 'k', expiresIn: -1 }, 'body.expiresIn'],
      ['DELETE', `/applications/${application.id}/keys/key_x`, { reason: 'x'.repeat(501) }, 'body.reason'],
    ] as const) {
      const res =
        method === 'POST'
          ? await api.post(url, payload)
          : method === 'PUT'
            ? await api.put(url, payload)
            : await api.del(url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(errorResponseSchema.parse(res.json()).details?.map((d) => d.path)).toContain(field);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/applications',
      headers: {
        origin: testOrigin,
        authorization: `Bearer ${(await registerUser(t.app)).accessToken}`,
        'content-type': 'application/json',
      },
      body: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('refuses cookie-carrying cross-site requests, and lets bearer-only calls through from any origin', async () => {
    const user = await registerUser(t.app);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/applications',
      headers: { origin: 'https://evil.example' },
      cookies: { nuvem_session: user.cookie },
      payload: { name: 'forged' },
    });
    expect(crossSite.statusCode).toBe(403);
    const withBoth = await t.app.inject({
      method: 'POST',
      url: '/applications',
      headers: { origin: 'https://evil.example', authorization: `Bearer ${user.accessToken}` },
      cookies: { nuvem_session: user.cookie },
      payload: { name: 'forged' },
    });
    expect(withBoth.statusCode).toBe(403);
    const { apiKey } = await userWithKey(t.app);
    const bearerOnly = await t.app.inject({
      method: 'POST',
      url: '/api/v1/containers',
      headers: { origin: 'https://someone.example', authorization: `Bearer ${apiKey.key}` },
      payload: { name: 'from-a-browser' },
    });
    expect(bearerOnly.statusCode).toBe(202);
  });

  it("answers CORS for the applications' allowed origins only, without credentials", async () => {
    const { api, application, apiKey } = await userWithKey(t.app);
    const allowed = 'https://dashboard.example.com';
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/containers',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    // Not yet allowed.
    expect((await preflight(allowed)).headers['access-control-allow-origin']).toBeUndefined();

    expect((await api.put(`/applications/${application.id}`, { allowedOrigins: [allowed] })).statusCode).toBe(200);
    const ok = await preflight(allowed);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers).toMatchObject({
      'access-control-allow-origin': allowed,
      'access-control-allow-methods': 'GET, POST, PUT, DELETE',
      'access-control-allow-headers': 'Authorization, Content-Type',
    });
    expect(ok.headers.vary).toContain('Origin');
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();

    const get = await t.app.inject({
      method: 'GET',
      url: '/api/v1/containers',
      headers: { origin: allowed, authorization: `Bearer ${apiKey.key}` },
    });
    expect(get.statusCode).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBe(allowed);
    expect(get.headers['access-control-expose-headers']).toContain('RateLimit-Remaining');

    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    // Removing the origin (or the application) withdraws it at once.
    await api.del(`/applications/${application.id}`);
    expect((await preflight(allowed)).headers['access-control-allow-origin']).toBeUndefined();
  });
});
