import { ssoCheckResponseSchema } from '@nuvem/contracts/auth';
import { describe, expect, it } from 'vitest';
import { registerUser, testDriver, testOrigin, useTestApp } from '../../test/helper.testing.js';

// The Host header is chosen by whoever sends the request (a misrouted proxy, DNS rebinding, a
// script): the portal's own origin comes from PUBLIC_URL and ALLOWED_REDIRECT_ORIGINS only.
describe(`a forged Host header on ${testDriver}`, () => {
  const t = useTestApp({ config: { allowedRedirectOrigins: ['https://crm.nuvem.example'] } });
  const forged = { host: 'evil.example' };
  const signedIn = async (cookie: string) =>
    ssoCheckResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/sso/check', cookies: { nuvem_session: cookie } })).json(),
    ).authenticated;

  it.each([[{ origin: 'http://evil.example' }], [{ referer: 'http://evil.example/page' }]])(
    'refuses a cookie POST whose %j matches the forged Host',
    async (headers) => {
      const user = await registerUser(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/sso/logout',
        headers: { ...forged, ...headers },
        cookies: { nuvem_session: user.cookie },
        payload: {},
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'CSRF' });
      expect(await signedIn(user.cookie)).toBe(true);
    },
  );

  it('still accepts the POST from PUBLIC_URL and from an allowed origin, whatever the Host', async () => {
    for (const origin of [testOrigin, 'https://crm.nuvem.example']) {
      const user = await registerUser(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/sso/logout',
        headers: { ...forged, origin },
        cookies: { nuvem_session: user.cookie },
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      expect(await signedIn(user.cookie)).toBe(false);
    }
  });

  it('keeps /logout?redirect= to the forged host on this site', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/logout?redirect=${encodeURIComponent('http://evil.example/')}`,
      headers: forged,
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const allowed = await t.app.inject({
      method: 'GET',
      url: `/logout?redirect=${encodeURIComponent(`${testOrigin}/events`)}`,
      headers: forged,
    });
    expect(allowed.headers.location).toBe(`${testOrigin}/events`);
  });

  it('does not send /sso/check sign-ins back to the forged host', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sso/check?application_id=app_1',
      headers: { ...forged, referer: 'http://evil.example/page' },
    });
    const body = ssoCheckResponseSchema.parse(res.json());
    if (body.authenticated) throw new Error('anonymous /sso/check answered authenticated');
    const login = new URL(body.sso_login_url);
    expect(login.origin).toBe(testOrigin);
    expect(login.searchParams.get('redirect')).toBe(`${testOrigin}/`);
  });
});
