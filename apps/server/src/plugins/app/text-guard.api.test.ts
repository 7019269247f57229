import { errorResponseSchema } from '@nuvem/contracts/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, testDriver, testOrigin, useTestApp, type TestUser } from '../../test/helper.testing.js';

/** A JSON body sent byte for byte, so `\u0000` and lone surrogates arrive as escapes. */
function rawJson(text: string) {
  return { payload: text, headers: { origin: testOrigin, 'content-type': 'application/json' } };
}

function expectRefused(res: { statusCode: number; json: () => unknown }, path: string, message: RegExp) {
  expect(res.statusCode).toBe(400);
  const body = errorResponseSchema.parse(res.json());
  expect(body.code).toBe('VALIDATION_ERROR');
  expect(body.details?.map((d) => d.path)).toEqual([path]);
  expect(body.details?.[0]?.message).toMatch(message);
  expect(body.error).not.toContain(path);
}

describe(`text PostgreSQL cannot store is refused with a 400 on ${testDriver}`, () => {
  const t = useTestApp();
  let user: TestUser;
  const signedIn = () => ({ origin: testOrigin, cookie: `nuvem_session=${user.cookie}` });
  beforeAll(async () => {
    user = await registerUser(t.app);
  });

  it('refuses NUL in a JSON string on anonymous routes (login, register), writing nothing', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      ...rawJson('{"email":"a\\u0000@x.io","password":"x"}'),
    });
    expectRefused(login, 'body.email', /NUL/);

    const register = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      ...rawJson('{"email":"nul@example.com","password":"correct horse battery","displayName":"a\\u0000b"}'),
    });
    expectRefused(register, 'body.displayName', /NUL/);
    await registerUser(t.app, { email: 'nul@example.com' }); // the refused request took nothing
  });

  it('refuses a lone surrogate in a JSON string instead of storing a replacement character', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      ...rawJson('{"email":"lone@example.com","password":"correct horse battery","displayName":"a\\ud800b"}'),
    });
    expectRefused(res, 'body.displayName', /unpaired surrogate/);
  });

  it('refuses NUL nested in arrays and object keys', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/skills/order',
      ...rawJson('{"names":["ok","x\\u0000"]}'),
      headers: { ...signedIn(), 'content-type': 'application/json' },
    });
    expectRefused(res, 'body.names.1', /NUL/);
    const key = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      payload: '{"a\\u0000":1}',
      headers: { ...signedIn(), 'content-type': 'application/json' },
    });
    expect(key.statusCode).toBe(400);
    expect(errorResponseSchema.parse(key.json()).code).toBe('VALIDATION_ERROR');
  });

  it('refuses NUL in a path parameter, anonymous and signed in', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/oauth/%00' }), 'params.provider', /NUL/);
    // A signed-in route refuses an anonymous caller first, before anything reads the path.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/%00' })).statusCode).toBe(401);
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/users/usr_x%00/avatar', headers: signedIn() }),
      'params.id',
      /NUL/,
    );
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/applications/%00', headers: signedIn() }),
      'params.id',
      /NUL/,
    );
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/v1/containers/ctr_%00', headers: signedIn() }),
      'params.id',
      /NUL/,
    );
  });

  it('answers a URL the router cannot decode (a lone surrogate, a broken escape) in the error shape', async () => {
    for (const url of ['/applications/%ED%A0%80', '/api/users/%zz', '/api/users/%C0%80/avatar']) {
      const res = await t.app.inject({ method: 'GET', url, headers: signedIn() });
      expect(res.statusCode).toBe(400);
      const body = errorResponseSchema.parse(res.json());
      expect(body.error).not.toContain('%'); // the URL is not echoed back
      // The router answers before the hooks run: the security headers must still be there.
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses NUL in a query parameter', async () => {
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/users?q=%00', headers: signedIn() }),
      'querystring.q',
      /NUL/,
    );
    expectRefused(await t.app.inject({ method: 'GET', url: '/logout?redirect=/%00' }), 'querystring.redirect', /NUL/);
  });

  it('refuses NUL in a signed-in JSON body and leaves the row as it was', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/applications',
      ...rawJson('{"name":"App\\u0000","description":"x"}'),
      headers: { ...signedIn(), 'content-type': 'application/json' },
    });
    expectRefused(res, 'body.name', /NUL/);
    const list = await t.app.inject({ method: 'GET', url: '/applications', headers: signedIn() });
    expect(list.body).not.toContain('App\\u0000');
    expect(list.json()).toMatchObject({ applications: [] });
  });

  it('still accepts ordinary text with accents and astral characters', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      payload: { displayName: 'Zoë 🌍' },
      headers: signedIn(),
    });
    expect(res.statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: signedIn() });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('"Zoë 🌍"');
  });
});
