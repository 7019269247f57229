import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, testDriver, testOrigin, useTestApp, type TestUser } from '../../test/helper.testing.js';

describe(`Cache-Control on signed-in and token-bearing replies on ${testDriver}`, () => {
  const t = useTestApp();
  let user: TestUser;
  const cookie = () => ({ cookie: `nuvem_session=${user.cookie}` });

  beforeAll(async () => {
    user = await registerUser(t.app);
  });

  it('sends no-store on the register and login replies, which carry the access token', async () => {
    const register = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { origin: testOrigin },
      payload: { email: 'cache@example.com', password: 'correct horse battery', displayName: 'Cache' },
    });
    expect(register.statusCode).toBe(201);
    expect(register.headers['cache-control']).toBe('no-store');

    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: testOrigin },
      payload: { email: 'cache@example.com', password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('sends no-store on signed-in JSON: me, sso check, an /api/v1 list, the applications list', async () => {
    for (const url of ['/auth/me', '/sso/check', '/api/v1/containers', '/applications', '/api/users/me/suggestions']) {
      const res = await t.app.inject({ method: 'GET', url, headers: cookie() });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.headers['cache-control']).toBe('no-store');
  });

  it('sends no-store on the APIs’ error replies too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the caching a route chose for identity-free data and the web app’s files', async () => {
    const apps = await t.app.inject({ method: 'GET', url: '/api/ecosystem/apps', headers: cookie() });
    expect(apps.headers['cache-control']).toBe('public, max-age=30');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-test.js', headers: cookie() });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: cookie() });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
