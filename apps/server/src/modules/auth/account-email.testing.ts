import { meResponseSchema } from '@nuvem/contracts/auth';
import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../../config.js';
import { testOrigin, useTestApp } from '../../test/helper.testing.js';
import { linkIn, startTestSmtp, type ReceivedMail, type TestSmtp } from '../../test/smtp.testing.js';
import type { App } from '../../types.js';

/**
 * A test app whose mail goes to a real SMTP server the test reads (call at the top of a describe
 * block). `extra`: more configuration (its getters are read when the app is built).
 */
export function useMailTestApp(extra: Partial<AppConfig> = {}) {
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const t = useTestApp({
    config: Object.defineProperty(extra, 'mail', {
      enumerable: true,
      get: () => ({ smtpUrl: smtp?.url ?? null, from: 'Nuvem <no-reply@nuvem.test>', retryDelaySeconds: 1 }),
    }),
  });
  return {
    get app(): App {
      return t.app;
    },
    get smtp(): TestSmtp {
      if (!smtp) throw new Error('the SMTP server starts in beforeAll');
      return smtp;
    },
    /** The next message to `to` whose subject matches (already received or still to come). */
    mailTo(to: string, subject: RegExp, since = 0): Promise<ReceivedMail> {
      if (!smtp) throw new Error('the SMTP server starts in beforeAll');
      const lower = to.toLowerCase();
      return smtp.waitFor(
        (m) => m.to.toLowerCase() === lower && subject.test(m.subject) && m.receivedAt.getTime() >= since,
      );
    },
  };
}

/** The `token` of the first link to `path` in a message's text. */
export function tokenIn(message: ReceivedMail, path: string): string {
  const link = linkIn(message.text, path);
  if (!link) throw new Error(`no ${path} link in "${message.subject}"`);
  const url = new URL(link);
  if (url.origin !== testOrigin) throw new Error(`the link leads to ${url.origin}, not PUBLIC_URL`);
  return url.searchParams.get('token') ?? '';
}

/** A JSON POST from the portal's own pages, with a session cookie or bearer token when given. */
export function post(
  app: App,
  url: string,
  payload: object | undefined,
  auth: { cookie?: string; bearer?: string; ip?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      origin: testOrigin,
      ...(auth.bearer ? { authorization: `Bearer ${auth.bearer}` } : {}),
    },
    ...(auth.cookie ? { cookies: { nuvem_session: auth.cookie } } : {}),
    ...(auth.ip ? { remoteAddress: auth.ip } : {}),
    ...(payload ? { payload } : {}),
  });
}

/** The signed-in user of a session cookie or bearer token, or null when it is no session (any more). */
export async function me(app: App, auth: { cookie?: string; bearer?: string }) {
  const res = await app.inject({
    method: 'GET',
    url: '/auth/me',
    ...(auth.cookie ? { cookies: { nuvem_session: auth.cookie } } : {}),
    ...(auth.bearer ? { headers: { authorization: `Bearer ${auth.bearer}` } } : {}),
  });
  return res.statusCode === 200 ? meResponseSchema.parse(res.json()).user : null;
}

/** Signs in with a password; the session cookie, or the status when refused. */
export async function signIn(app: App, email: string, password: string, ip = '203.0.113.9') {
  const res = await post(app, '/auth/login', { email, password }, { ip });
  return { status: res.statusCode, cookie: res.cookies.find((c) => c.name === 'nuvem_session')?.value };
}
