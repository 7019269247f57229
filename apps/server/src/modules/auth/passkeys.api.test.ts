import { authSuccessSchema, loginResponseSchema, meResponseSchema } from '@nuvem/contracts/auth';
import {
  mfaStatusSchema,
  passkeyCreationOptionsResponseSchema,
  passkeyRegisterResponseSchema,
  passkeyRequestOptionsResponseSchema,
} from '@nuvem/contracts/mfa';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passkeys } from '../../db/schema/passkeys.js';
import { registerUser, testDriver, testOrigin, useTestApp, type TestUser } from '../../test/helper.testing.js';
import { createTestAuthenticator, type TestAuthenticator } from '../../test/webauthn.testing.js';

let addressCounter = 0;
/** A distinct client address per call, so the per-address minute limits stay out of the way. */
const nextAddress = () => `203.0.113.${(addressCounter++ % 250) + 1}`;

describe(`passkeys on ${testDriver}`, () => {
  const t = useTestApp();

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin: testOrigin },
      cookies: cookie ? { nuvem_session: cookie } : {},
      remoteAddress: nextAddress(),
      payload,
    });
  const status = async (user: TestUser) =>
    mfaStatusSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/auth/mfa', cookies: { nuvem_session: user.cookie } })).json(),
    );
  const registrationOptions = async (user: TestUser) =>
    passkeyCreationOptionsResponseSchema.parse(
      (await post('/auth/passkeys/options', { password: user.password }, user.cookie)).json(),
    ).options;

  /** Registers a user with one passkey of a software authenticator. */
  async function userWithPasskey(name = 'Laptop') {
    const user = await registerUser(t.app);
    const authenticator = createTestAuthenticator(testOrigin);
    const credential = authenticator.register(await registrationOptions(user));
    const res = await post('/auth/passkeys', { name, credential }, user.cookie);
    expect(res.statusCode, res.body).toBe(201);
    return { user, authenticator, added: passkeyRegisterResponseSchema.parse(res.json()) };
  }

  const signInOptions = async () =>
    passkeyRequestOptionsResponseSchema.parse((await post('/auth/passkey/options', {})).json()).options;

  it('registers a passkey for this site: the first factor brings recovery codes, each challenge answers once', async () => {
    const user = await registerUser(t.app);
    expect((await post('/auth/passkeys/options', {}, user.cookie)).json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    const options = await registrationOptions(user);
    expect(options.rp).toEqual({ id: 'localhost', name: 'Nuvem' });
    expect(options.user.name).toBe(user.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'preferred', userVerification: 'preferred' });

    const authenticator = createTestAuthenticator(testOrigin);
    // Signed for another site: refused (and its challenge is spent).
    const phished = await post(
      '/auth/passkeys',
      { name: 'Phished', credential: authenticator.register(options, { origin: 'https://evil.example' }) },
      user.cookie,
    );
    expect(phished.statusCode).toBe(400);
    expect(phished.json()).toMatchObject({ code: 'PASSKEY_INVALID' });
    const spent = await post(
      '/auth/passkeys',
      { name: 'Again', credential: authenticator.register(options) },
      user.cookie,
    );
    expect(spent.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });

    const credential = authenticator.register(await registrationOptions(user));
    const res = await post('/auth/passkeys', { name: '  Work laptop ', credential }, user.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const added = passkeyRegisterResponseSchema.parse(res.json());
    expect(added.passkey).toMatchObject({ id: authenticator.id, name: 'Work laptop', last_used_at: null });
    expect(added.recovery_codes).toHaveLength(10);

    // Another user cannot answer this user's challenge.
    const other = await registerUser(t.app);
    const stolen = await post(
      '/auth/passkeys',
      { name: 'Stolen', credential: createTestAuthenticator(testOrigin).register(await registrationOptions(user)) },
      other.cookie,
    );
    expect(stolen.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });

    const now = await status(user);
    expect(now).toMatchObject({ enabled: true, totp: { enabled: false }, recovery_codes: { remaining: 10 } });
    expect(now.passkeys.map((p) => p.id)).toEqual([authenticator.id]);
    // The existing key is excluded from the next registration (no duplicates on one authenticator).
    expect((await registrationOptions(user)).excludeCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    const me = meResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/auth/me', cookies: { nuvem_session: user.cookie } })).json(),
    );
    expect(me.mfa).toEqual({ enabled: true, passed: true });
  });

  it('completes a password sign-in with the passkey as second factor', async () => {
    const { user, authenticator } = await userWithPasskey();
    const login = loginResponseSchema.parse(
      (await post('/auth/login', { email: user.email, password: user.password })).json(),
    );
    if (!('mfa_ticket' in login)) throw new Error('expected the second step');
    expect(login.methods).toEqual(['recovery_code', 'passkey']);

    // A signature over a challenge the ticket was not given is refused.
    const unasked = await post('/auth/mfa/verify', {
      ticket: login.mfa_ticket,
      passkey: authenticator.assert({ challenge: 'bm90LWFza2Vk', rpId: 'localhost' }),
    });
    expect(unasked.json()).toMatchObject({ code: 'PASSKEY_INVALID' });

    const optionsRes = await post('/auth/mfa/passkey/options', { ticket: login.mfa_ticket });
    const options = passkeyRequestOptionsResponseSchema.parse(optionsRes.json()).options;
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    const assertion = authenticator.assert(options, { userVerified: false }); // a second factor needs no PIN
    const res = await post('/auth/mfa/verify', { ticket: login.mfa_ticket, passkey: assertion });
    expect(res.statusCode, res.body).toBe(200);
    expect(authSuccessSchema.parse(res.json()).user.id).toBe(user.id);
    const cookie = res.cookies.find((c) => c.name === 'nuvem_session')?.value ?? '';
    const me = meResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/auth/me', cookies: { nuvem_session: cookie } })).json(),
    );
    expect(me.mfa).toEqual({ enabled: true, passed: true });

    // The same signature on a new ticket: its challenge was not this one.
    const next = loginResponseSchema.parse(
      (await post('/auth/login', { email: user.email, password: user.password })).json(),
    );
    if (!('mfa_ticket' in next)) throw new Error('expected the second step');
    await post('/auth/mfa/passkey/options', { ticket: next.mfa_ticket });
    expect((await post('/auth/mfa/verify', { ticket: next.mfa_ticket, passkey: assertion })).statusCode).toBe(401);
  });

  it('signs in without a password with a discoverable passkey that verified its user', async () => {
    const { user, authenticator } = await userWithPasskey();
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);

    const assertion = authenticator.assert(options);
    const res = await post('/auth/passkey/verify', { credential: assertion, rememberMe: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(authSuccessSchema.parse(res.json()).user.id).toBe(user.id);
    const cookie = res.cookies.find((c) => c.name === 'nuvem_session');
    expect(cookie?.expires?.getTime()).toBeGreaterThan(Date.now() + 7 * 24 * 3600_000);
    const me = meResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/auth/me', cookies: { nuvem_session: cookie?.value ?? '' } })).json(),
    );
    expect(me.mfa).toEqual({ enabled: true, passed: true });
    const [row] = await t.app.db.select().from(passkeys).where(eq(passkeys.id, authenticator.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).not.toBeNull();

    // Replayed: the challenge is spent.
    const replay = await post('/auth/passkey/verify', { credential: assertion });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'PASSKEY_CHALLENGE_EXPIRED' });
    expect(replay.cookies).toHaveLength(0);
  });

  it('refuses a passwordless sign-in without user verification, from another site, by an unknown key or an old counter', async () => {
    const { authenticator } = await userWithPasskey();
    const cases: [string, (options: Awaited<ReturnType<typeof signInOptions>>, key: TestAuthenticator) => object][] = [
      ['no user verification', (options, key) => key.assert(options, { userVerified: false })],
      ['another origin', (options, key) => key.assert(options, { origin: 'https://evil.example' })],
      ['an unknown key', (options) => createTestAuthenticator(testOrigin).assert(options)],
    ];
    for (const [label, answer] of cases) {
      const res = await post('/auth/passkey/verify', { credential: answer(await signInOptions(), authenticator) });
      expect(res.statusCode, label).toBe(401);
      expect(res.json(), label).toMatchObject({ code: 'PASSKEY_INVALID' });
    }
    // A cloned authenticator signing with a counter the server has already seen.
    expect(
      (await post('/auth/passkey/verify', { credential: authenticator.assert(await signInOptions()) })).statusCode,
    ).toBe(200);
    const cloned = authenticator.assert(await signInOptions(), { keepCounter: true });
    expect((await post('/auth/passkey/verify', { credential: cloned })).statusCode).toBe(401);
  });

  it('renames and removes passkeys, only the owner, removal only with the password', async () => {
    const { user, authenticator } = await userWithPasskey('Phone');
    const other = await registerUser(t.app);
    const url = `/auth/passkeys/${authenticator.id}`;
    const as = (cookie: string, method: 'PATCH' | 'DELETE', payload: object) =>
      t.app.inject({ method, url, headers: { origin: testOrigin }, cookies: { nuvem_session: cookie }, payload });

    expect((await as(other.cookie, 'PATCH', { name: 'Mine' })).statusCode).toBe(404);
    const renamed = await as(user.cookie, 'PATCH', { name: 'Old phone' });
    expect(renamed.json()).toMatchObject({ passkey: { name: 'Old phone' } });

    expect((await as(other.cookie, 'DELETE', { password: other.password })).statusCode).toBe(404);
    const wrong = await as(user.cookie, 'DELETE', { password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    const removed = await as(user.cookie, 'DELETE', { password: user.password });
    expect(removed.statusCode, removed.body).toBe(200);
    // The last factor gone: two-step verification is off, the recovery codes with it.
    expect(mfaStatusSchema.parse(removed.json())).toMatchObject({
      enabled: false,
      passkeys: [],
      recovery_codes: { remaining: 0 },
    });
    const login = loginResponseSchema.parse(
      (await post('/auth/login', { email: user.email, password: user.password })).json(),
    );
    expect(login).toHaveProperty('access_token');
  });
});
