import { accountSessionsResponseSchema, endSessionsResponseSchema } from '@nuvem/contracts/account';
import { describe, expect, it } from 'vitest';
import { registerUser, testDriver, testOrigin, useTestApp, type TestUser } from '../../test/helper.testing.js';
import type { App } from '../../types.js';

const firefoxOnMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';
const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Another sign-in of the user (another browser): its cookie. */
async function signInAgain(app: App, user: TestUser, userAgent: string, remoteAddress = '198.51.100.7') {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { origin: testOrigin, 'user-agent': userAgent },
    remoteAddress,
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'nuvem_session')?.value;
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

function as(app: App, cookie: string) {
  const headers = { origin: testOrigin, cookie: `nuvem_session=${cookie}` };
  return {
    list: async () => {
      const res = await app.inject({ method: 'GET', url: '/auth/sessions', headers });
      expect(res.statusCode, res.body).toBe(200);
      return accountSessionsResponseSchema.parse(res.json()).sessions;
    },
    end: (id: string) => app.inject({ method: 'DELETE', url: `/auth/sessions/${id}`, headers }),
    endOthers: () => app.inject({ method: 'POST', url: '/auth/sessions/revoke-others', headers }),
    me: async () => (await app.inject({ method: 'GET', url: '/auth/me', headers })).statusCode,
  };
}

describe(`the account page's sessions on ${testDriver}`, () => {
  const t = useTestApp();

  it("lists the caller's live sessions with their device, address and which one is this", async () => {
    const ana = await registerUser(t.app);
    const second = await signInAgain(t.app, ana, firefoxOnMac, '198.51.100.42');
    const bia = await registerUser(t.app);
    await signInAgain(t.app, bia, chromeOnLinux);

    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/sessions',
      headers: { cookie: `nuvem_session=${second}` },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const sessions = accountSessionsResponseSchema.parse(res.json()).sessions;
    expect(sessions).toHaveLength(2); // Ana's two; none of Bia's
    const [current, other] = sessions;
    expect(current).toMatchObject({
      current: true,
      device: 'Firefox on macOS',
      browser: 'Firefox',
      os: 'macOS',
      ip: '198.51.100.42',
      mfa_passed: false,
    });
    expect(other).toMatchObject({ current: false, device: 'Unknown device' }); // inject's own user agent
    expect(current?.id).toMatch(/^ses_/);
    // No token or hash of one is ever listed.
    expect(Object.keys(current ?? {}).filter((key) => /hash|token/i.test(key))).toEqual([]);
    expect(res.body).not.toContain(second);
  });

  it("ends one session at once (its next request is refused), and answers 404 for another user's", async () => {
    const ana = await registerUser(t.app);
    const laptop = await signInAgain(t.app, ana, chromeOnLinux);
    const bia = await registerUser(t.app);
    const [biaSession] = await as(t.app, bia.cookie).list();

    const phone = as(t.app, ana.cookie);
    const laptopSession = (await phone.list()).find((session) => !session.current);
    if (!laptopSession || !biaSession) throw new Error('sessions missing');
    // The laptop's session is cached by its own use just before it ends.
    expect(await as(t.app, laptop).me()).toBe(200);

    const refused = await phone.end(biaSession.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect(await as(t.app, bia.cookie).me()).toBe(200);

    const ended = await phone.end(laptopSession.id);
    expect(ended.statusCode).toBe(200);
    expect(endSessionsResponseSchema.parse(ended.json())).toEqual({ success: true, ended: 1, signed_out: false });
    expect(ended.cookies).toHaveLength(0); // the caller's cookie stays
    expect(await as(t.app, laptop).me()).toBe(401);
    expect(await phone.me()).toBe(200);
    expect((await phone.end(laptopSession.id)).statusCode).toBe(404); // already gone
  });

  it("signs out every other session and keeps the caller's; ending the caller's own clears its cookie", async () => {
    const ana = await registerUser(t.app);
    const others = [await signInAgain(t.app, ana, chromeOnLinux), await signInAgain(t.app, ana, firefoxOnMac)];
    const bia = await registerUser(t.app);
    const me = as(t.app, ana.cookie);

    const res = await me.endOthers();
    expect(res.statusCode, res.body).toBe(200);
    expect(endSessionsResponseSchema.parse(res.json())).toMatchObject({ ended: 2, signed_out: false });
    for (const cookie of others) expect(await as(t.app, cookie).me()).toBe(401);
    expect(await me.me()).toBe(200);
    expect(await as(t.app, bia.cookie).me()).toBe(200);
    const left = await me.list();
    expect(left.map((session) => session.current)).toEqual([true]);

    const own = await me.end(left[0]?.id ?? '');
    expect(endSessionsResponseSchema.parse(own.json())).toMatchObject({ ended: 1, signed_out: true });
    expect(own.cookies.find((c) => c.name === 'nuvem_session')?.value).toBe('');
    expect(await me.me()).toBe(401);
  });

  it('needs a session, and a same-site origin for a cookie that ends one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/auth/sessions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/auth/sessions/revoke-others' })).statusCode).toBe(401);
    const ana = await registerUser(t.app);
    const other = await signInAgain(t.app, ana, chromeOnLinux);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/auth/sessions/revoke-others',
      headers: { origin: 'https://evil.example', cookie: `nuvem_session=${ana.cookie}` },
    });
    expect(forged.statusCode).toBe(403);
    expect(await as(t.app, other).me()).toBe(200);
  });
});
