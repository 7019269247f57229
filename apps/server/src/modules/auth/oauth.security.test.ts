import { meResponseSchema } from '@nuvem/contracts/auth';
import { applicationListResponseSchema } from '@nuvem/contracts/applications';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { oauthAccounts } from '../../db/schema/oauth-accounts.js';
import { oauthStates } from '../../db/schema/oauth-states.js';
import { users } from '../../db/schema/users.js';
import { registerUser, testDriver, testOrigin, useTestApp } from '../../test/helper.testing.js';
import { followOAuth } from '../../test/providers/follow-redirects.testing.js';
import { startGitHubProvider, type GitHubTestProvider } from '../../test/providers/github-provider.testing.js';

let github: GitHubTestProvider;
beforeAll(async () => {
  github = await startGitHubProvider();
});
afterAll(async () => {
  await github.close();
});

let nextGitHubId = 50_000;
/** The GitHub account the next authorization signs in as: a verified primary e-mail. */
function gitHubAccount(email: string) {
  nextGitHubId += 1;
  github.user = {
    id: nextGitHubId,
    login: `gh${nextGitHubId}`,
    name: 'GitHub User',
    avatar_url: null,
    emails: [{ email, primary: true, verified: true }],
  };
}

describe(`social sign-in attacks on ${testDriver}`, () => {
  const t = useTestApp({
    config: {
      get github() {
        return loadConfig(github.env).github;
      },
    },
  });
  const me = async (cookie: string | undefined) => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/me', cookies: { nuvem_session: cookie ?? '' } });
    return res.statusCode === 200 ? meResponseSchema.parse(res.json()).user : null;
  };
  const stateRows = async () => (await t.app.db.select({ n: count() }).from(oauthStates))[0]?.n ?? 0;

  describe('pre-account takeover', () => {
    it('never hands a password-registered (unverified) account to the social sign-in of its address', async () => {
      // The attacker registers the victim's address with a password of their choosing and stays signed in.
      const attacker = await registerUser(t.app, { email: 'victim@corp.example', password: 'attacker chosen pw' });

      // Later the real owner signs in with GitHub, which has verified the address.
      gitHubAccount('victim@corp.example');
      const victim = await followOAuth(t.app, '/oauth/github?redirect=%2Fdeveloper', github.url);
      expect(victim.location).toBe('/login?redirect=%2Fdeveloper&error=social_account_exists');
      expect(victim.sessionCookie).toBeUndefined();
      // The link offered to the victim's browser needs the password, which only the attacker has;
      // the attacker signing in with it (in their own browser, without the victim's cookie) links nothing.
      expect(victim.appCookies.has('nuvem_link')).toBe(true);
      const attackerLogin = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { origin: testOrigin },
        remoteAddress: '198.51.100.77',
        payload: { email: 'victim@corp.example', password: 'attacker chosen pw' },
      });
      expect(attackerLogin.statusCode).toBe(200);

      // Whatever the victim goes on to do is not in the attacker's account.
      const created = await t.app.inject({
        method: 'POST',
        url: '/applications',
        headers: { origin: testOrigin },
        cookies: { nuvem_session: victim.sessionCookie ?? '' },
        payload: { name: 'Victim app' },
      });
      expect(created.statusCode).toBe(401);
      for (const auth of [
        { cookies: { nuvem_session: attacker.cookie } },
        { headers: { authorization: `Bearer ${attacker.accessToken}` } },
      ]) {
        const list = await t.app.inject({ method: 'GET', url: '/applications', ...auth });
        expect(list.statusCode).toBe(200);
        expect(applicationListResponseSchema.parse(list.json()).applications).toEqual([]);
      }

      // The account is neither marked verified nor linked to the GitHub identity.
      expect((await me(attacker.cookie))?.email_verified).toBe(false);
      const [row] = await t.app.db.select().from(users).where(eq(users.id, attacker.id));
      expect(row?.emailVerified).toBe(false);
      expect(await t.app.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, attacker.id))).toEqual([]);

      // Trying again changes nothing: still no session, still not linked.
      const again = await followOAuth(t.app, '/oauth/github', github.url);
      expect(again.location).toBe('/login?redirect=%2F&error=social_account_exists');
      expect(again.sessionCookie).toBeUndefined();
    });
  });

  describe('linking a social identity to a password account', () => {
    const login = (email: string, password: string, jar: Map<string, string>, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { origin: testOrigin },
        cookies: Object.fromEntries(jar),
        remoteAddress,
        payload: { email, password },
      });

    it("links only after the same browser proves the password, and ends the account's other sessions", async () => {
      const owner = await registerUser(t.app, { email: 'linker@example.com', password: 'owner long passphrase' });
      gitHubAccount('linker@example.com');
      const browser = new Map<string, string>();
      const first = await followOAuth(t.app, '/oauth/github?redirect=%2Fdeveloper', github.url, {
        appCookies: browser,
      });
      expect(first.location).toBe('/login?redirect=%2Fdeveloper&error=social_account_exists');
      expect(first.sessionCookie).toBeUndefined();
      expect(browser.has('nuvem_link')).toBe(true);

      // A wrong password completes nothing and keeps the offer for the right one.
      expect((await login('linker@example.com', 'not the password', browser, '198.51.100.31')).statusCode).toBe(401);
      const signedIn = await login('linker@example.com', 'owner long passphrase', browser, '198.51.100.31');
      expect(signedIn.statusCode).toBe(200);
      const cleared = signedIn.cookies.find((c) => c.name === 'nuvem_link');
      expect(cleared?.value).toBe('');
      const session = signedIn.cookies.find((c) => c.name === 'nuvem_session')?.value;

      // Linked and verified; the session from registration (perhaps someone else's) is over.
      expect((await me(session))?.email_verified).toBe(true);
      expect(await me(owner.cookie)).toBeNull();
      const links = await t.app.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, owner.id));
      expect(links.map((l) => l.provider)).toEqual(['github']);

      // From now on GitHub signs straight in to the same account.
      const next = await followOAuth(t.app, '/oauth/github', github.url);
      expect(next.location).toBe('/');
      expect((await me(next.sessionCookie))?.id).toBe(owner.id);
    });

    it('an offer made for one account is not completed by signing in to another', async () => {
      const target = await registerUser(t.app, { email: 'offer-target@example.com' });
      const other = await registerUser(t.app, { email: 'offer-other@example.com', password: 'other long passphrase' });
      gitHubAccount('offer-target@example.com');
      const browser = new Map<string, string>();
      await followOAuth(t.app, '/oauth/github', github.url, { appCookies: browser });
      expect(browser.has('nuvem_link')).toBe(true);
      const res = await login(other.email, 'other long passphrase', browser, '198.51.100.32');
      expect(res.statusCode).toBe(200);
      for (const id of [target.id, other.id]) {
        expect(await t.app.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, id))).toEqual([]);
      }
      expect(await me(target.cookie)).not.toBeNull(); // nobody's sessions were ended
    });
  });

  describe('login CSRF: the state belongs to the browser that started the sign-in', () => {
    it('refuses a callback opened in a browser without the start cookie, or with another one', async () => {
      gitHubAccount('csrf-attacker@example.com');
      // The attacker starts a sign-in in their own browser and stops before the callback.
      const attackerBrowser = new Map<string, string>();
      const started = await followOAuth(t.app, '/oauth/github', github.url, {
        appCookies: attackerBrowser,
        stopAtCallback: true,
      });
      expect(started.location).toMatch(/^\/oauth\/github\/callback\?/);

      // The victim's browser opens the attacker's callback address: no cookie at all...
      const bare = await t.app.inject({ method: 'GET', url: started.location });
      expect(bare.statusCode).toBe(302);
      expect(bare.headers.location).toBe('/login?error=social_expired');
      expect(bare.cookies.find((c) => c.name === 'nuvem_session')).toBeUndefined();

      // ...or the cookie of a sign-in it started itself.
      const victimBrowser = new Map<string, string>();
      await followOAuth(t.app, '/oauth/github', github.url, { appCookies: victimBrowser, stopAtCallback: true });
      expect(victimBrowser.size).toBe(1);
      const other = await t.app.inject({
        method: 'GET',
        url: started.location,
        cookies: Object.fromEntries(victimBrowser),
      });
      expect(other.headers.location).toBe('/login?error=social_expired');
      expect(other.cookies.find((c) => c.name === 'nuvem_session')).toBeUndefined();

      // The browser that started it still completes it, once.
      const own = await t.app.inject({
        method: 'GET',
        url: started.location,
        cookies: Object.fromEntries(attackerBrowser),
      });
      expect(own.headers.location).toBe('/');
      const session = own.cookies.find((c) => c.name === 'nuvem_session')?.value;
      expect((await me(session))?.email).toBe('csrf-attacker@example.com');
    });

    it('sets the binding cookie HttpOnly, SameSite=Lax, on /oauth only, for the life of the state', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/oauth/github', remoteAddress: '203.0.113.20' });
      expect(res.statusCode).toBe(302);
      const cookie = res.cookies.find((c) => c.name === 'nuvem_oauth');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/oauth', maxAge: 600 });
      expect(cookie?.secure).toBeFalsy(); // http://localhost: Secure would drop it
      expect(cookie?.value).toMatch(/^[\w-]{43}$/);
      // The browser keeps its cookie across starts (several tabs), and the cookie is not the state.
      const second = await t.app.inject({
        method: 'GET',
        url: '/oauth/github',
        remoteAddress: '203.0.113.20',
        cookies: { nuvem_oauth: cookie?.value ?? '' },
      });
      expect(second.cookies.find((c) => c.name === 'nuvem_oauth')?.value).toBe(cookie?.value);
      expect(new URL(String(second.headers.location)).searchParams.get('state')).not.toBe(cookie?.value);
    });

    it('completes two sign-ins started in two tabs of one browser', async () => {
      gitHubAccount('two-tabs@example.com');
      const browser = new Map<string, string>();
      const first = await followOAuth(t.app, '/oauth/github?redirect=%2Fa', github.url, {
        appCookies: browser,
        stopAtCallback: true,
      });
      const second = await followOAuth(t.app, '/oauth/github?redirect=%2Fb', github.url, {
        appCookies: browser,
        stopAtCallback: true,
      });
      const done = await t.app.inject({ method: 'GET', url: second.location, cookies: Object.fromEntries(browser) });
      expect(done.headers.location).toBe('/b');
      // The callback clears the cookie; a tab whose sign-in is still open starts again.
      expect(done.cookies.find((c) => c.name === 'nuvem_oauth')?.value).toBe('');
      const late = await t.app.inject({ method: 'GET', url: first.location });
      expect(late.headers.location).toBe('/login?error=social_expired');
    });
  });

  describe('start rate limit', () => {
    it('lets an address start 20 sign-ins a minute, then sends it to the sign-in page and stores nothing', async () => {
      const start = () =>
        t.app.inject({ method: 'GET', url: '/oauth/github?redirect=%2Fdeveloper', remoteAddress: '198.51.100.77' });
      for (let i = 0; i < 20; i++) {
        const res = await start();
        expect(new URL(String(res.headers.location)).origin).toBe(github.url);
      }
      const before = await stateRows();
      const limited = await start();
      expect(limited.statusCode).toBe(302);
      expect(limited.headers.location).toBe('/login?redirect=%2Fdeveloper&error=rate_limited');
      expect(await stateRows()).toBe(before);
      // Another address is not affected.
      const other = await t.app.inject({ method: 'GET', url: '/oauth/github', remoteAddress: '198.51.100.78' });
      expect(new URL(String(other.headers.location)).origin).toBe(github.url);
    });
  });

  describe('non-ASCII redirect', () => {
    it('completes a social sign-in whose redirect has a non-Latin-1 character, with the cookie, on this site', async () => {
      gitHubAccount('ideographic@example.com');
      const outcome = await followOAuth(t.app, '/oauth/github?redirect=/%E3%80%82evil.com', github.url);
      expect(outcome.location).toBe('/%E3%80%82evil.com');
      expect(new URL(outcome.location, testOrigin).origin).toBe(testOrigin);
      expect((await me(outcome.sessionCookie))?.email).toBe('ideographic@example.com');
    });
  });

  describe('forged Host header', () => {
    it('keeps a social sign-in redirect to the forged host on this site', async () => {
      gitHubAccount('forged-host@example.com');
      const res = await t.app.inject({
        method: 'GET',
        url: `/oauth/github?redirect=${encodeURIComponent('http://evil.example/x')}`,
        headers: { host: 'evil.example' },
      });
      const state = new URL(String(res.headers.location)).searchParams.get('state') ?? '';
      const authorize = await fetch(String(res.headers.location), { redirect: 'manual' });
      const callback = new URL(String(authorize.headers.get('location')));
      expect(callback.searchParams.get('state')).toBe(state);
      const done = await t.app.inject({
        method: 'GET',
        url: callback.pathname + callback.search,
        cookies: { nuvem_oauth: res.cookies.find((c) => c.name === 'nuvem_oauth')?.value ?? '' },
      });
      expect(done.headers.location).toBe('/');
    });
  });
});

describe(`the sign-in binding cookie over https on ${testDriver}`, () => {
  const t = useTestApp({
    config: {
      publicUrl: new URL('https://portal.example.com'),
      get github() {
        return loadConfig(github.env).github;
      },
    },
  });

  it('is a __Host- cookie (Secure, Path=/), which a sibling subdomain cannot plant', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oauth/github', remoteAddress: '203.0.113.40' });
    expect(res.statusCode).toBe(302);
    const cookie = res.cookies.find((c) => c.name === '__Host-nuvem_oauth');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === 'nuvem_oauth')).toBeUndefined();
    // A value planted under the plain name is not taken as this browser's binding.
    const planted = await t.app.inject({
      method: 'GET',
      url: '/oauth/github',
      remoteAddress: '203.0.113.40',
      cookies: { nuvem_oauth: 'A'.repeat(43) },
    });
    expect(planted.cookies.find((c) => c.name === '__Host-nuvem_oauth')?.value).not.toBe('A'.repeat(43));
  });
});
