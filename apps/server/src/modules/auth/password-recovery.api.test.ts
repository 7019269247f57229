import { accountEmailMessages } from '@nuvem/contracts/account-email';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.js';
import { registerUser, testDriver } from '../../test/helper.testing.js';
import { MAIL_SEND_JOB } from '../mail/mail.repository.js';
import { me, post, signIn, tokenIn, useMailTestApp } from './account-email.testing.js';
import { PASSWORD_FORGOT_JOB } from './password-recovery.service.js';

describe(`forgotten and changed passwords on ${testDriver}`, () => {
  const t = useMailTestApp();
  const forgot = (email: string, ip: string) => post(t.app, '/auth/password/forgot', { email }, { ip });
  const reset = (token: string, password: string) =>
    post(t.app, '/auth/password/reset', { token, password }, { ip: '203.0.113.80' });
  const settleMail = () => t.app.queue.drain([PASSWORD_FORGOT_JOB, MAIL_SEND_JOB]);

  it('answers 202 with the same body whether or not the address has an account, and mails only an account', async () => {
    const user = await registerUser(t.app);
    const known = await forgot(user.email.toUpperCase(), '198.51.100.1');
    const unknown = await forgot('nobody-here@example.com', '198.51.100.1');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ accepted: true, message: accountEmailMessages.accepted });

    const mail = await t.mailTo(user.email, /^Reset your Nuvem password/);
    expect(tokenIn(mail, '/reset-password')).toMatch(/^[\w-]{43}$/);
    await settleMail();
    expect(t.smtp.messages.filter((m) => m.to === 'nobody-here@example.com')).toEqual([]);
  });

  it('limits requests per account (known or not, alike) and per client address', async () => {
    const user = await registerUser(t.app);
    for (const email of [user.email, 'nobody-either@example.com']) {
      for (let i = 1; i <= 3; i++) expect((await forgot(email, `198.51.100.${10 + i}`)).statusCode).toBe(202);
      const limited = await forgot(email, '198.51.100.20');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
    // Ten a minute from one address (AUTH_RATE_LIMIT_PER_MINUTE), whatever the e-mail addresses.
    for (let i = 0; i < 10; i++) expect((await forgot(`spray${i}@example.com`, '198.51.100.30')).statusCode).toBe(202);
    expect((await forgot('spray-last@example.com', '198.51.100.30')).statusCode).toBe(429);
  });

  it('resets once: the password changes, every session ends, the address counts as verified, a notice is mailed', async () => {
    const user = await registerUser(t.app);
    const other = await signIn(t.app, user.email, user.password, '203.0.113.10');
    expect(other.status).toBe(200);
    expect((await forgot(user.email, '198.51.100.40')).statusCode).toBe(202);
    const token = tokenIn(await t.mailTo(user.email, /^Reset your Nuvem password/), '/reset-password');

    // A password registration would refuse is refused here too, and the link still works after.
    const common = await reset(token, 'password123');
    expect(common.statusCode).toBe(400);
    const since = Date.now();
    const done = await reset(token, 'a brand new passphrase');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true });
    expect(done.cookies.find((c) => c.name === 'nuvem_session')).toBeUndefined(); // not signed in here

    expect(await me(t.app, { cookie: user.cookie })).toBeNull();
    expect(await me(t.app, { bearer: user.accessToken })).toBeNull();
    expect(await me(t.app, { cookie: other.cookie })).toBeNull();
    expect((await signIn(t.app, user.email, user.password)).status).toBe(401);
    const fresh = await signIn(t.app, user.email, 'a brand new passphrase');
    expect(fresh.status).toBe(200);
    expect((await me(t.app, { cookie: fresh.cookie }))?.email_verified).toBe(true);
    await t.mailTo(user.email, /^Your Nuvem password was changed/, since);

    const reused = await reset(token, 'yet another passphrase');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'INVALID_TOKEN', error: accountEmailMessages.invalidToken });
    expect((await reset('unknown-token', 'yet another passphrase')).json()).toEqual(reused.json());
  });

  it('changes the password of a signed-in user with the current one, ending the other sessions', async () => {
    const user = await registerUser(t.app);
    const other = await signIn(t.app, user.email, user.password, '203.0.113.11');
    const change = (current: string) =>
      post(
        t.app,
        '/auth/password/change',
        { current_password: current, new_password: 'changed long passphrase' },
        { cookie: user.cookie },
      );
    const wrong = await change('not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    const since = Date.now();
    expect((await change(user.password)).statusCode).toBe(200);
    expect(await me(t.app, { cookie: user.cookie })).not.toBeNull(); // this session goes on
    expect(await me(t.app, { cookie: other.cookie })).toBeNull();
    expect((await signIn(t.app, user.email, user.password)).status).toBe(401);
    expect((await signIn(t.app, user.email, 'changed long passphrase')).status).toBe(200);
    await t.mailTo(user.email, /^Your Nuvem password was changed/, since);
  });

  it('mails a notice when a new device signs in, not when a known one does', async () => {
    const user = await registerUser(t.app);
    // Past sign-up, where every sign-in is a new device's.
    await t.app.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(users.id, user.id));
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    const login = (ip: string, userAgent: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { origin: 'http://localhost:3000', 'user-agent': userAgent },
        remoteAddress: ip,
        payload: { email: user.email, password: user.password },
      });
    expect((await login('203.0.113.60', firefox)).statusCode).toBe(200);
    const notice = await t.mailTo(user.email, /^New sign-in to Nuvem/);
    expect(notice.text).toContain('Firefox on Linux');
    expect(notice.text).toContain('203.0.113.60');
    // The same browser from the same network is known now.
    expect((await login('203.0.113.61', firefox)).statusCode).toBe(200);
    await settleMail();
    expect(t.smtp.messages.filter((m) => m.to === user.email && /^New sign-in/.test(m.subject))).toHaveLength(1);
  });
});
