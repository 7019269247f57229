import {
  authSuccessSchema,
  loginResponseSchema,
  meResponseSchema,
  ssoCheckResponseSchema,
} from '@nuvem/contracts/auth';
import {
  mfaStatusSchema,
  recoveryCodesResponseSchema,
  totpConfirmResponseSchema,
  totpSetupResponseSchema,
} from '@nuvem/contracts/mfa';
import { eq } from 'drizzle-orm';
import { HOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { mfaChallenges } from '../../db/schema/mfa-challenges.js';
import { mfaRecoveryCodes } from '../../db/schema/mfa-recovery-codes.js';
import { registerUser, testDriver, testOrigin, useTestApp, type TestUser } from '../../test/helper.testing.js';
import { followOAuth } from '../../test/providers/follow-redirects.testing.js';
import { startGitHubProvider, type GitHubTestProvider } from '../../test/providers/github-provider.testing.js';
import { sha256 } from '../../lib/tokens.js';

let github: GitHubTestProvider;
beforeAll(async () => {
  github = await startGitHubProvider();
});
afterAll(async () => {
  await github.close();
});

/** The authenticator app's code `offset` steps from now (0 or 1: either stays valid if a step ends meanwhile). */
function codeFor(secret: string, offset: 0 | 1 = 0): string {
  const step = Math.floor(Date.now() / 30_000) + offset;
  return HOTP.generate({ secret: Secret.fromBase32(secret), counter: step, digits: 6, algorithm: 'SHA1' });
}

let addressCounter = 0;
/** A distinct client address per call, so the per-address minute limits stay out of the way. */
const nextAddress = () => `198.51.100.${(addressCounter++ % 250) + 1}`;

describe(`second factor (TOTP, recovery codes, the sign-in step) on ${testDriver}`, () => {
  const t = useTestApp({
    config: {
      get github() {
        return loadConfig({ ...github.env }).github;
      },
    },
  });

  const post = (url: string, payload: object, auth: { cookie?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin: testOrigin },
      cookies: auth.cookie ? { nuvem_session: auth.cookie } : {},
      remoteAddress: auth.ip ?? nextAddress(),
      payload,
    });
  const login = async (user: TestUser) => {
    const res = await post('/auth/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    return { res, body: loginResponseSchema.parse(res.json()) };
  };
  const ticketOf = async (user: TestUser) => {
    const { body } = await login(user);
    if (!('mfa_required' in body)) throw new Error('expected the second step');
    return body.mfa_ticket;
  };
  const me = (token: { cookie?: string; bearer?: string }) =>
    t.app.inject({
      method: 'GET',
      url: '/auth/me',
      cookies: token.cookie ? { nuvem_session: token.cookie } : {},
      headers: token.bearer ? { authorization: `Bearer ${token.bearer}` } : {},
    });

  /** Registers a user and turns the authenticator app on (with the code of this step). */
  async function userWithTotp() {
    const user = await registerUser(t.app);
    const setup = await post('/auth/mfa/totp/setup', { password: user.password }, { cookie: user.cookie });
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = totpSetupResponseSchema.parse(setup.json());
    expect(uri).toMatch(/^otpauth:\/\/totp\/Nuvem:.+\?.*secret=/);
    const confirm = await post('/auth/mfa/totp/confirm', { code: codeFor(secret) }, { cookie: user.cookie });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const codes = totpConfirmResponseSchema.parse(confirm.json()).recovery_codes ?? [];
    return { user, secret, codes };
  }

  it('sets up an authenticator app: a wrong first code is refused, the right one turns it on with ten recovery codes', async () => {
    const user = await registerUser(t.app);
    // A stolen session alone cannot add a factor (it would lock the owner out): the password first.
    const unproven = await post('/auth/mfa/totp/setup', { password: 'not it' }, { cookie: user.cookie });
    expect(unproven.statusCode).toBe(400);
    expect(unproven.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    const setup = totpSetupResponseSchema.parse(
      (await post('/auth/mfa/totp/setup', { password: user.password }, { cookie: user.cookie })).json(),
    );
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await post('/auth/mfa/totp/confirm', { code: '000000' }, { cookie: user.cookie });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_MFA_CODE' });
    // Not on yet: the password alone still signs in.
    const before = await login(user);
    expect('user' in before.body).toBe(true);
    const otherSession = before.res.cookies.find((c) => c.name === 'nuvem_session')?.value;

    const confirm = await post('/auth/mfa/totp/confirm', { code: codeFor(setup.secret) }, { cookie: user.cookie });
    const codes = totpConfirmResponseSchema.parse(confirm.json()).recovery_codes ?? [];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    // Only hashes are stored.
    const stored = await t.app.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.some((code) => row.codeHash.includes(code.replace('-', '')))).toBe(false);

    // This session proved the code; a second set-up is refused (the secret cannot be swapped).
    expect(meResponseSchema.parse((await me({ cookie: user.cookie })).json()).mfa).toEqual({
      enabled: true,
      passed: true,
    });
    // A session signed in before says so at once: on, but not passed by that sign-in.
    expect(meResponseSchema.parse((await me({ cookie: otherSession })).json()).mfa).toEqual({
      enabled: true,
      passed: false,
    });
    expect(
      (await post('/auth/mfa/totp/setup', { password: user.password }, { cookie: user.cookie })).json(),
    ).toMatchObject({
      code: 'TOTP_ALREADY_ENABLED',
    });
    const status = mfaStatusSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/auth/mfa', cookies: { nuvem_session: user.cookie } })).json(),
    );
    expect(status).toMatchObject({
      enabled: true,
      totp: { enabled: true },
      recovery_codes: { remaining: 10 },
      passkeys: [],
    });
  });

  it('asks a password sign-in for the second step: no session until a code, each code and ticket accepted once', async () => {
    const { user, secret } = await userWithTotp();
    const { res, body } = await login(user);
    if (!('mfa_ticket' in body)) throw new Error('expected a ticket');
    expect(body).toEqual({ mfa_required: true, mfa_ticket: body.mfa_ticket, methods: ['totp', 'recovery_code'] });
    expect(body.mfa_ticket).toMatch(/^[\w-]{43}$/);
    // No session of any kind: no cookie, and the ticket is no bearer token.
    expect(res.cookies).toHaveLength(0);
    expect(res.json()).not.toHaveProperty('access_token');
    expect((await me({ bearer: body.mfa_ticket })).statusCode).toBe(401);
    const [stored] = await t.app.db
      .select()
      .from(mfaChallenges)
      .where(eq(mfaChallenges.tokenHash, sha256(body.mfa_ticket)));
    expect(stored).toMatchObject({ userId: user.id, purpose: 'mfa-ticket' });

    const code = codeFor(secret, 1); // the confirmation used this step's code
    const verify = await post('/auth/mfa/verify', { ticket: body.mfa_ticket, code });
    expect(verify.statusCode, verify.body).toBe(200);
    const signedIn = authSuccessSchema.parse(verify.json());
    expect(signedIn.user.id).toBe(user.id);
    const cookie = verify.cookies.find((c) => c.name === 'nuvem_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(meResponseSchema.parse((await me({ cookie: cookie?.value })).json()).mfa).toEqual({
      enabled: true,
      passed: true,
    });
    const check = ssoCheckResponseSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/sso/check', cookies: { nuvem_session: cookie?.value ?? '' } })
      ).json(),
    );
    expect(check).toMatchObject({ authenticated: true, mfa: { enabled: true, passed: true } });

    // The ticket is spent, and the code too (on a new ticket).
    expect((await post('/auth/mfa/verify', { ticket: body.mfa_ticket, code })).json()).toMatchObject({
      code: 'MFA_TICKET_INVALID',
    });
    const replay = await post('/auth/mfa/verify', { ticket: await ticketOf(user), code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'INVALID_MFA_CODE' });
    expect(replay.cookies).toHaveLength(0);
  });

  it('accepts a recovery code once, typed in any case and with or without its dash', async () => {
    const { user, codes } = await userWithTotp();
    const [first = '', second = ''] = codes;
    const typed = first.toUpperCase().replace('-', ' ');
    const ok = await post('/auth/mfa/verify', { ticket: await ticketOf(user), code: typed });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await post('/auth/mfa/verify', { ticket: await ticketOf(user), code: first });
    expect(again.json()).toMatchObject({ code: 'INVALID_MFA_CODE' });
    // Another user's code is no code of this account.
    const other = await userWithTotp();
    expect((await post('/auth/mfa/verify', { ticket: await ticketOf(other.user), code: second })).statusCode).toBe(401);
    const status = mfaStatusSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/auth/mfa', cookies: { nuvem_session: user.cookie } })).json(),
    );
    expect(status.recovery_codes.remaining).toBe(9);
  });

  it('ends a ticket after five wrong codes, and the account after ten, even for the right code', async () => {
    const { user, secret } = await userWithTotp();
    const first = await ticketOf(user);
    for (let i = 0; i < 5; i++) {
      const res = await post('/auth/mfa/verify', { ticket: first, code: String(100000 + i) });
      expect(res.json()).toMatchObject({ code: 'INVALID_MFA_CODE' });
    }
    const dead = await post('/auth/mfa/verify', { ticket: first, code: codeFor(secret, 1) });
    expect(dead.json()).toMatchObject({ code: 'MFA_TICKET_INVALID' });

    const second = await ticketOf(user);
    for (let i = 0; i < 5; i++) await post('/auth/mfa/verify', { ticket: second, code: `wrong-${i}` });
    // Ten tries on the account within the window: the right code is refused too (429), from any address.
    const locked = await post('/auth/mfa/verify', { ticket: await ticketOf(user), code: codeFor(secret, 1) });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect(locked.cookies).toHaveLength(0);
  });

  it('refuses an expired ticket and a made-up one', async () => {
    const { user, codes } = await userWithTotp();
    const ticket = await ticketOf(user);
    await t.app.db
      .update(mfaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaChallenges.tokenHash, sha256(ticket)));
    for (const attempt of [ticket, 'made-up', 'x'.repeat(128)]) {
      const res = await post('/auth/mfa/verify', { ticket: attempt, code: codes[0] ?? '' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'MFA_TICKET_INVALID' });
    }
    expect((await post('/auth/mfa/verify', { code: codes[0] ?? '' })).json()).toMatchObject({
      code: 'MFA_TICKET_INVALID',
    });
    expect((await post('/auth/mfa/verify', { ticket })).statusCode).toBe(400);
  });

  it('turns the app off only with the password and a code; then the password alone signs in', async () => {
    const { user, codes } = await userWithTotp();
    const wrongPassword = await post(
      '/auth/mfa/totp/disable',
      { password: 'nope', code: codes[0] },
      { cookie: user.cookie },
    );
    expect(wrongPassword.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    const wrongCode = await post(
      '/auth/mfa/totp/disable',
      { password: user.password, code: '123456' },
      { cookie: user.cookie },
    );
    expect(wrongCode.json()).toMatchObject({ code: 'INVALID_MFA_CODE' });
    expect((await login(user)).body).toHaveProperty('mfa_required', true);

    const off = await post(
      '/auth/mfa/totp/disable',
      { password: user.password, code: codes[1] },
      { cookie: user.cookie },
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(mfaStatusSchema.parse(off.json())).toMatchObject({ enabled: false, recovery_codes: { remaining: 0 } });
    const { body } = await login(user);
    expect(body).toHaveProperty('access_token');
    expect(meResponseSchema.parse((await me({ cookie: user.cookie })).json()).mfa.enabled).toBe(false);
  });

  it('gives new recovery codes for a code; the old ones stop working', async () => {
    const { user, codes } = await userWithTotp();
    const refused = await post('/auth/mfa/recovery-codes', { code: '999999' }, { cookie: user.cookie });
    expect(refused.statusCode).toBe(400);
    const renewed = await post('/auth/mfa/recovery-codes', { code: codes[0] }, { cookie: user.cookie });
    expect(renewed.statusCode).toBe(200);
    const fresh = recoveryCodesResponseSchema.parse(renewed.json()).recovery_codes;
    expect(fresh).toHaveLength(10);
    expect((await post('/auth/mfa/verify', { ticket: await ticketOf(user), code: codes[1] })).statusCode).toBe(401);
    expect((await post('/auth/mfa/verify', { ticket: await ticketOf(user), code: fresh[0] })).statusCode).toBe(200);
  });

  it('offers verifySecondFactor and hasSecondFactor to the other account use cases', async () => {
    const plain = await registerUser(t.app);
    expect(await t.app.auth.hasSecondFactor(plain.id)).toBe(false);
    expect(await t.app.auth.verifySecondFactor(plain.id, '123456')).toBe(false);
    const { user, secret, codes } = await userWithTotp();
    expect(await t.app.auth.hasSecondFactor(user.id)).toBe(true);
    expect(await t.app.auth.verifySecondFactor(user.id, codes[0] ?? '')).toBe(true);
    expect(await t.app.auth.verifySecondFactor(user.id, codes[0] ?? '')).toBe(false);
    expect(await t.app.auth.verifySecondFactor(user.id, codeFor(secret, 1))).toBe(true);
    expect(await t.app.auth.verifySecondFactor(user.id, codeFor(secret, 1))).toBe(false);
  });

  it('asks a social sign-in for the second step too, with the ticket in an HttpOnly cookie', async () => {
    github.user = {
      id: 4242,
      login: 'cara',
      name: 'Cara Hub',
      avatar_url: null,
      emails: [{ email: 'cara.mfa@example.com', primary: true, verified: true }],
    };
    const first = await followOAuth(t.app, '/oauth/github', github.url);
    const cookie = first.sessionCookie ?? '';
    const setup = totpSetupResponseSchema.parse((await post('/auth/mfa/totp/setup', {}, { cookie })).json());
    expect((await post('/auth/mfa/totp/confirm', { code: codeFor(setup.secret) }, { cookie })).statusCode).toBe(200);

    const again = await followOAuth(t.app, '/oauth/github?redirect=%2Fdeveloper', github.url);
    expect(again.sessionCookie).toBeUndefined();
    const location = new URL(again.location, testOrigin);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('mfa')).toBe('totp,recovery_code');
    expect(location.searchParams.get('redirect')).toBe('/developer');
    const ticket = again.appCookies.get('nuvem_mfa');
    expect(ticket).toBeDefined();

    const verify = await t.app.inject({
      method: 'POST',
      url: '/auth/mfa/verify',
      headers: { origin: testOrigin },
      cookies: { nuvem_mfa: ticket ?? '' },
      payload: { code: codeFor(setup.secret, 1) },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.cookies.find((c) => c.name === 'nuvem_session')?.value).toBeTruthy();
    expect(verify.cookies.find((c) => c.name === 'nuvem_mfa')?.value).toBe('');
  });
});
