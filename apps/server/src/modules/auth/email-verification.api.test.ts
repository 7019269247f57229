import { accountEmailMessages } from '@nuvem/contracts/account-email';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountTokens } from '../../db/schema/account-tokens.js';
import { sha256 } from '../../lib/tokens.js';
import { registerUser, testDriver, testOrigin } from '../../test/helper.testing.js';
import { paymentsClient } from '../billing/billing.testing.js';
import { me, post, signIn, tokenIn, useMailTestApp } from './account-email.testing.js';

describe(`verified addresses on ${testDriver}`, () => {
  const t = useMailTestApp();
  let client = 0;
  // Each from its own address: links followed are limited per address (AUTH_RATE_LIMIT_PER_MINUTE).
  const verify = (token: string, cookie?: string) =>
    post(t.app, '/auth/email/verify', { token }, { ip: `203.0.113.${++client}`, ...(cookie ? { cookie } : {}) });

  it('mails a verification link at registration, in the language asked for, that verifies the address once', async () => {
    const email = 'ana.verifica@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { origin: testOrigin, 'accept-language': 'pt-PT,pt;q=0.9,en;q=0.8' },
      remoteAddress: '192.0.2.201',
      payload: { email, password: 'correct horse battery', displayName: 'Ana' },
    });
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === 'nuvem_session')?.value ?? '';
    const userId = res.json<{ user: { id: string } }>().user.id;

    const mail = await t.mailTo(email, /^Verifique o seu endereço/);
    expect(mail.text).toContain('Olá Ana,');
    const token = tokenIn(mail, '/verify-email');
    // Only the hash is kept.
    const rows = await t.app.db.select().from(accountTokens).where(eq(accountTokens.userId, userId));
    expect(rows.map((row) => [row.purpose, row.tokenHash])).toEqual([['verify-email', sha256(token)]]);
    expect((await me(t.app, { cookie }))?.email_verified).toBe(false);

    // Only signed in to the account it was sent for: the mailbox alone does not vouch for an
    // account someone else may have registered (that owner resets the password instead).
    const signedOut = await verify(token);
    expect(signedOut.statusCode).toBe(403);
    expect(signedOut.json()).toMatchObject({ code: 'SIGN_IN_TO_FOLLOW' });
    const other = await registerUser(t.app);
    expect((await verify(token, other.cookie)).json()).toMatchObject({ code: 'SIGN_IN_TO_FOLLOW' });
    const verified = await verify(token, cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ result: 'verified', email, signed_in: false });
    // The session's next check sees it at once.
    expect((await me(t.app, { cookie }))?.email_verified).toBe(true);

    const again = await verify(token, cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN', error: accountEmailMessages.invalidToken });
  });

  it('refuses an expired link exactly like an unknown one; the banner sends a new link, until verified', async () => {
    const user = await registerUser(t.app);
    const first = await t.mailTo(user.email, /^Verify your e-mail/);
    await t.app.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(accountTokens.userId, user.id));
    const expired = await verify(tokenIn(first, '/verify-email'), user.cookie);
    const unknown = await verify('Xy'.repeat(21), user.cookie);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(unknown.json());

    const since = Date.now();
    const resent = await post(t.app, '/auth/email/verify/resend', undefined, { cookie: user.cookie });
    expect(resent.json()).toEqual({ status: 'sent' });
    const second = await t.mailTo(user.email, /^Verify your e-mail/, since);
    expect((await verify(tokenIn(second, '/verify-email'), user.cookie)).statusCode).toBe(200);
    const alreadyVerified = await post(t.app, '/auth/email/verify/resend', undefined, { bearer: user.accessToken });
    expect(alreadyVerified.json()).toEqual({ status: 'already_verified' });
  });

  it('limits the resends per account', async () => {
    const user = await registerUser(t.app);
    const resend = () => post(t.app, '/auth/email/verify/resend', undefined, { cookie: user.cookie });
    for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(200);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('lets an unverified account buy only once its address is verified', async () => {
    const user = await registerUser(t.app);
    const buy = () => paymentsClient(t.app, user).checkout({ type: 'tokens', pack: 'small' });
    const refused = await buy();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', error: accountEmailMessages.emailNotVerified });

    const mail = await t.mailTo(user.email, /^Verify your e-mail/);
    expect((await verify(tokenIn(mail, '/verify-email'), user.cookie)).statusCode).toBe(200);
    expect((await buy()).statusCode).toBe(200);
  });

  it('changes the address only when the new one confirms it, and tells the old one', async () => {
    const user = await registerUser(t.app);
    const newEmail = `moved-${user.id.slice(-6)}@example.net`;
    const change = (password: string) =>
      post(t.app, '/auth/email/change', { new_email: newEmail, password }, { cookie: user.cookie });
    expect((await change('not my password')).statusCode).toBe(401);
    const same = await post(
      t.app,
      '/auth/email/change',
      { new_email: user.email.toUpperCase(), password: user.password },
      { cookie: user.cookie },
    );
    expect(same.json()).toMatchObject({ code: 'SAME_EMAIL' });
    expect((await change(user.password)).statusCode).toBe(202);

    const confirm = await t.mailTo(newEmail, /^Confirm your new e-mail/);
    expect((await me(t.app, { cookie: user.cookie }))?.email).toBe(user.email); // nothing changed yet
    const followed = await verify(tokenIn(confirm, '/verify-email'), user.cookie);
    expect(followed.json()).toEqual({ result: 'email_changed', email: newEmail, signed_in: false });
    expect(await me(t.app, { cookie: user.cookie })).toMatchObject({ email: newEmail, email_verified: true });
    const told = await t.mailTo(user.email, /e-mail address of your Nuvem account was changed/);
    expect(told.text).toContain(newEmail);

    expect((await signIn(t.app, newEmail, user.password)).status).toBe(200);
    expect((await signIn(t.app, user.email, user.password)).status).toBe(401);
  });

  it('refuses to take an address that another account took meanwhile (409), and changes nothing', async () => {
    const user = await registerUser(t.app);
    const wanted = `wanted-${user.id.slice(-6)}@example.net`;
    const requested = await post(
      t.app,
      '/auth/email/change',
      { new_email: wanted, password: user.password },
      { cookie: user.cookie },
    );
    expect(requested.statusCode).toBe(202);
    const confirm = await t.mailTo(wanted, /^Confirm your new e-mail/);
    await registerUser(t.app, { email: wanted });
    const taken = await verify(tokenIn(confirm, '/verify-email'), user.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect((await me(t.app, { cookie: user.cookie }))?.email).toBe(user.email);
  });

  it('takes security changes only from the browser session, never from the bearer token the SSO check hands out', async () => {
    const user = await registerUser(t.app);
    const body = { current_password: user.password, new_password: 'a brand new passphrase' };
    const bearer = await post(t.app, '/auth/password/change', body, { bearer: user.accessToken });
    expect(bearer.statusCode).toBe(403);
    expect(bearer.json()).toMatchObject({ code: 'COOKIE_SESSION_REQUIRED' });
    expect((await signIn(t.app, user.email, user.password)).status).toBe(200);
  });

  it('writes mail in the language the portal was last signed in to in', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: testOrigin, 'accept-language': 'pt-PT' },
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    const since = Date.now();
    expect((await post(t.app, '/auth/email/verify/resend', undefined, { cookie: user.cookie })).statusCode).toBe(200);
    await t.mailTo(user.email, /^Verifique o seu endereço/, since);
  });
});
