import { meResponseSchema } from '@nuvem/contracts/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthAccounts } from '../../db/schema/oauth-accounts.js';
import { users } from '../../db/schema/users.js';
import { loadConfig } from '../../config.js';
import { registerUser, testDriver, testOrigin, useTestApp } from '../../test/helper.testing.js';
import { followOAuth } from '../../test/providers/follow-redirects.testing.js';
import { startGitHubProvider, type GitHubTestProvider } from '../../test/providers/github-provider.testing.js';
import { startOidcProvider, type OidcTestProvider } from '../../test/providers/oidc-provider.testing.js';

let google: OidcTestProvider;
let github: GitHubTestProvider;

beforeAll(async () => {
  google = await startOidcProvider([`${testOrigin}/oauth/google/callback`]);
  github = await startGitHubProvider();
});
afterAll(async () => {
  await google.close();
  await github.close();
});

/** The providers' settings, read the way the server reads its environment. */
function providerConfig() {
  const config = loadConfig({ ...google.env, ...github.env });
  return { google: config.google, github: config.github };
}

describe(`social sign-in on ${testDriver}`, () => {
  const t = useTestApp({
    config: {
      get google() {
        return providerConfig().google;
      },
      get github() {
        return providerConfig().github;
      },
    },
  });
  const me = async (cookie: string | undefined) => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/me', cookies: { nuvem_session: cookie ?? '' } });
    return res.statusCode === 200 ? meResponseSchema.parse(res.json()).user : null;
  };

  it('lists both providers once configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/config' });
    expect(res.json()).toMatchObject({ providers: ['google', 'github'] });
  });

  it('sends the browser to the provider with state and a PKCE challenge', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oauth/github?redirect=%2Fdeveloper' });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.origin).toBe(github.url);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('redirect_uri')).toBe(`${testOrigin}/oauth/github/callback`);
  });

  it('signs in with Google (OpenID Connect), creates the user and goes to the redirect', async () => {
    const outcome = await followOAuth(t.app, '/oauth/google?redirect=%2Fdeveloper', google.url);
    expect(outcome.location).toBe('/developer');
    const user = await me(outcome.sessionCookie);
    expect(user).toMatchObject({
      email: 'ana.google@example.com',
      email_verified: true,
      user_metadata: { display_name: 'Ana Google' },
    });

    // Signing in again finds the same user through the linked account.
    const again = await followOAuth(t.app, '/oauth/google', google.url);
    expect(again.location).toBe('/');
    expect((await me(again.sessionCookie))?.id).toBe(user?.id);
  });

  it('signs in with GitHub using the verified primary e-mail', async () => {
    github.user = {
      id: 777,
      login: 'bia',
      name: 'Bia Hub',
      avatar_url: 'https://avatars.example/bia.png',
      emails: [
        { email: 'bia-unverified@example.com', primary: false, verified: false },
        { email: 'bia@example.com', primary: true, verified: true },
      ],
    };
    const outcome = await followOAuth(
      t.app,
      `/oauth/github?redirect=${encodeURIComponent(`${testOrigin}/events`)}`,
      github.url,
    );
    expect(outcome.location).toBe(`${testOrigin}/events`);
    expect(await me(outcome.sessionCookie)).toMatchObject({
      email: 'bia@example.com',
      user_metadata: { display_name: 'Bia Hub', avatar_url: 'https://avatars.example/bia.png' },
    });
  });

  it('links a social account to the existing user whose e-mail is verified (signed up with Google), not a duplicate', async () => {
    // The Google sign-in above created ana.google@example.com with the address verified by Google.
    const [existing] = await t.app.db.select().from(users).where(eq(users.email, 'ana.google@example.com'));
    expect(existing?.emailVerified).toBe(true);
    github.user = {
      id: 888,
      login: 'ana',
      name: 'Ana Hub',
      avatar_url: null,
      emails: [{ email: 'Ana.Google@example.com', primary: true, verified: true }],
    };
    const outcome = await followOAuth(t.app, '/oauth/github', github.url);
    expect((await me(outcome.sessionCookie))?.id).toBe(existing?.id);
    const links = await t.app.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, existing?.id ?? ''));
    expect(links.map((l) => l.provider).sort()).toEqual(['github', 'google']);
  });

  it('does not link a social account to a password-registered account whose e-mail was never verified', async () => {
    const existing = await registerUser(t.app, { email: 'Carla@Example.com' });
    github.user = {
      id: 889,
      login: 'carla',
      name: 'Carla',
      avatar_url: null,
      emails: [{ email: 'carla@example.com', primary: true, verified: true }],
    };
    const outcome = await followOAuth(t.app, '/oauth/github', github.url);
    expect(outcome.location).toBe('/login?redirect=%2F&error=social_account_exists');
    expect(outcome.sessionCookie).toBeUndefined();
    const rows = await t.app.db.select().from(users).where(eq(users.id, existing.id));
    expect(rows[0]?.emailVerified).toBe(false);
    expect(await t.app.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, existing.id))).toEqual([]);
  });

  it('refuses a GitHub account without a verified primary e-mail and starts no session', async () => {
    github.user = {
      id: 999,
      login: 'nomail',
      name: null,
      avatar_url: null,
      emails: [{ email: 'x@example.com', primary: true, verified: false }],
    };
    const outcome = await followOAuth(t.app, '/oauth/github', github.url);
    expect(outcome.location).toBe('/login?error=social_unverified_email');
    expect(outcome.sessionCookie).toBeUndefined();
  });

  it('never follows a redirect to another site after social sign-in', async () => {
    github.user = {
      id: 1001,
      login: 'dora',
      name: 'Dora',
      avatar_url: null,
      emails: [{ email: 'dora@example.com', primary: true, verified: true }],
    };
    const outcome = await followOAuth(
      t.app,
      `/oauth/github?redirect=${encodeURIComponent('https://evil.example/')}`,
      github.url,
    );
    expect(outcome.location).toBe('/');
  });

  it('rejects a callback with a forged or replayed state', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/oauth/github' });
    const browser = { nuvem_oauth: start.cookies.find((c) => c.name === 'nuvem_oauth')?.value ?? '' };
    const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
    const callback = new URL(String(authorize.headers.get('location')));
    const forged = await t.app.inject({
      method: 'GET',
      url: `/oauth/github/callback?code=${callback.searchParams.get('code')}&state=forged`,
      cookies: browser,
    });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/login?error=social_expired');
    expect(forged.cookies.find((c) => c.name === 'nuvem_session')).toBeUndefined();

    const first = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, cookies: browser });
    expect(first.cookies.find((c) => c.name === 'nuvem_session')?.value).toBeTruthy();
    const replay = await t.app.inject({ method: 'GET', url: callback.pathname + callback.search, cookies: browser });
    expect(replay.headers.location).toBe('/login?error=social_expired');
    expect(replay.cookies.find((c) => c.name === 'nuvem_session')).toBeUndefined();
  });

  it('reports a cancelled sign-in on the sign-in page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oauth/google/callback?error=access_denied&state=x' });
    expect(res.headers.location).toBe('/login?error=social_cancelled');
    // Anything else a provider says is not shown: the page has a fixed message per code.
    const other = await t.app.inject({
      method: 'GET',
      url: `/oauth/google/callback?error=${encodeURIComponent('<b>Call +1 555 for help</b>')}&state=x`,
    });
    expect(other.headers.location).toBe('/login?error=social_failed');
  });
});

describe(`social sign-in without providers on ${testDriver}`, () => {
  const t = useTestApp();

  it('sends a browser back to the sign-in page for a provider that is not configured, and 400 for an unknown one', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/oauth/google?redirect=${encodeURIComponent('/?app=5')}` });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), testOrigin);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('redirect')).toBe('/?app=5');
    expect(location.searchParams.get('error')).toBe('google_not_configured');
    expect((await t.app.inject({ method: 'GET', url: '/oauth/facebook' })).statusCode).toBe(400);
    // The callback of an unconfigured provider is not a page: a JSON 404.
    expect((await t.app.inject({ method: 'GET', url: '/oauth/github/callback?code=x&state=y' })).statusCode).toBe(404);
  });
});
