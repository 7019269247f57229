import { verifyEmailResponseSchema } from '@nuvem/contracts/account-email';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { accountTokens } from '../../db/schema/account-tokens.js';
import { mfaTotp } from '../../db/schema/mfa-totp.js';
import { oauthAccounts } from '../../db/schema/oauth-accounts.js';
import { registerUser, testDriver, testOrigin } from '../../test/helper.testing.js';
import { followOAuth } from '../../test/providers/follow-redirects.testing.js';
import { startGitHubProvider, type GitHubTestProvider } from '../../test/providers/github-provider.testing.js';
import { me, post, signIn, tokenIn, useMailTestApp } from './account-email.testing.js';

let github: GitHubTestProvider;
beforeAll(async () => {
  github = await startGitHubProvider();
});
afterAll(async () => {
  await github.close();
});

/**
 * Pre-account takeover: someone registers an address they do not own, with their own password,
 * and stays signed in. The owner proves the mailbox (a reset link, or a social sign-in confirmed
 * by a mailed link) and takes the account over: the squatter's password and sessions are gone.
 */
describe(`the verified owner takes over a squatted account on ${testDriver}`, () => {
  const t = useMailTestApp({
    get github() {
      return loadConfig(github.env).github;
    },
  });
  const squat = async (email: string) => {
    const squatter = await registerUser(t.app, { email, password: 'squatter chosen pw' });
    const elsewhere = await signIn(t.app, email, 'squatter chosen pw', '198.51.100.66');
    expect(elsewhere.status).toBe(200);
    // The squatter asks to move the account to an address of theirs, and sets up a second factor.
    const moving = await post(
      t.app,
      '/auth/email/change',
      { new_email: `${squatter.id}@squatter.example`, password: 'squatter chosen pw' },
      { cookie: squatter.cookie },
    );
    expect(moving.statusCode).toBe(202);
    await t.app.db.insert(mfaTotp).values({ userId: squatter.id, secret: 'JBSWY3DPEHPK3PXP', confirmedAt: new Date() });
    // And an API key, which needs neither the password nor a session.
    const headers = { origin: testOrigin, authorization: `Bearer ${squatter.accessToken}` };
    const created = await t.app.inject({ method: 'POST', url: '/applications', headers, payload: { name: 'Squat' } });
    const applicationId = created.json<{ application: { id: string } }>().application.id;
    const keyed = await t.app.inject({
      method: 'POST',
      url: `/applications/${applicationId}/keys`,
      headers,
      payload: { name: 'squat key' },
    });
    const apiKey = keyed.json<{ apiKey: { key: string } }>().apiKey.key;
    expect(await keyWorks(apiKey)).toBe(true);
    return { ...squatter, otherCookie: elsewhere.cookie ?? '', apiKey };
  };
  const keyWorks = async (key: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/containers', headers: { authorization: `Bearer ${key}` } }))
      .statusCode === 200;
  const expectSquatterOut = async (squatter: Awaited<ReturnType<typeof squat>>) => {
    expect(await keyWorks(squatter.apiKey)).toBe(false);
    expect(await me(t.app, { cookie: squatter.cookie })).toBeNull();
    expect(await me(t.app, { bearer: squatter.accessToken })).toBeNull();
    expect(await me(t.app, { cookie: squatter.otherCookie })).toBeNull();
    expect((await signIn(t.app, squatter.email, 'squatter chosen pw', '198.51.100.67')).status).toBe(401);
    expect(await t.app.db.select().from(mfaTotp).where(eq(mfaTotp.userId, squatter.id))).toEqual([]);
    // No link the squatter asked for (the address change) works any more.
    expect(await t.app.db.select().from(accountTokens).where(eq(accountTokens.userId, squatter.id))).toEqual([]);
  };

  it("the owner's password reset by mail ends the squatter's sessions and password", async () => {
    const squatter = await squat('alice@corp.example');

    // The real Alice asks for a reset; the link reaches her mailbox only.
    expect((await post(t.app, '/auth/password/forgot', { email: 'alice@corp.example' })).statusCode).toBe(202);
    const mail = await t.mailTo('alice@corp.example', /^Reset your Nuvem password/);
    const reset = await post(t.app, '/auth/password/reset', {
      token: tokenIn(mail, '/reset-password'),
      password: 'alice owns this now',
    });
    expect(reset.statusCode).toBe(200);

    await expectSquatterOut(squatter);
    const alice = await signIn(t.app, 'alice@corp.example', 'alice owns this now');
    expect(alice.status).toBe(200);
    expect(await me(t.app, { cookie: alice.cookie })).toMatchObject({ id: squatter.id, email_verified: true });
  });

  it("the owner's social sign-in mails a claim link; following it ends the squatter's sessions and drops their password", async () => {
    const squatter = await squat('bruno@corp.example');
    github.user = {
      id: 4242,
      login: 'bruno',
      name: 'Bruno',
      avatar_url: null,
      emails: [{ email: 'bruno@corp.example', primary: true, verified: true }],
    };

    // GitHub has verified the address, but the account's was never verified: no session yet.
    const attempt = await followOAuth(t.app, '/oauth/github', github.url);
    expect(attempt.location).toBe('/login?redirect=%2F&error=social_account_exists');
    expect(attempt.sessionCookie).toBeUndefined();

    const claim = await t.mailTo('bruno@corp.example', /^Sign in to Nuvem with GitHub/);
    const token = tokenIn(claim, '/verify-email');
    const followed = await post(t.app, '/auth/email/verify', { token });
    expect(followed.statusCode).toBe(200);
    const body = verifyEmailResponseSchema.parse(followed.json());
    expect(body).toMatchObject({ result: 'social_linked', email: 'bruno@corp.example', signed_in: true });
    const cookie = followed.cookies.find((c) => c.name === 'nuvem_session')?.value;
    expect(await me(t.app, { cookie })).toMatchObject({ id: squatter.id, email_verified: true });
    expect(await me(t.app, { bearer: body.access_token ?? '' })).toMatchObject({ id: squatter.id });

    await expectSquatterOut(squatter);
    const links = await t.app.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, squatter.id));
    expect(links.map((l) => l.provider)).toEqual(['github']);
    // From now on GitHub signs straight in; the link was single-use.
    const next = await followOAuth(t.app, '/oauth/github', github.url);
    expect(next.location).toBe('/');
    expect((await me(t.app, { cookie: next.sessionCookie }))?.id).toBe(squatter.id);
    expect((await post(t.app, '/auth/email/verify', { token })).json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });
});
