import { describe, expect, it } from 'vitest';
import { testDriver, testOrigin, useTestApp } from '../../test/helper.testing.js';

describe(`non-ASCII redirects on ${testDriver}`, () => {
  const t = useTestApp({
    setup: (app) => {
      // A redirect built by hand, not through safeRedirect: the server-wide guard still encodes it.
      app.get('/test/raw-redirect', { config: { auth: 'public' } }, async (_request, reply) =>
        reply.redirect('/caf\u00e9/\u3002x?q=\u{1F600}'),
      );
    },
  });

  const expectSecurityHeaders = (headers: Record<string, unknown>) => {
    expect(headers['content-security-policy']).toBeTruthy();
    expect(headers['x-content-type-options']).toBe('nosniff');
  };

  it('answers /logout?redirect=/%E3%80%82evil.com with an ASCII Location on this site and the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/logout?redirect=/%E3%80%82evil.com' });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location).toBe('/%E3%80%82evil.com');
    expect(location).toMatch(/^[\x21-\x7e]+$/);
    // A browser resolves it on this site (the U+3002 is a path character, not a dot in a host).
    expect(new URL(location, testOrigin).origin).toBe(testOrigin);
    expectSecurityHeaders(res.headers);
  });

  it.each(['/%C3%A9t%C3%A9', '/%F0%9F%98%80', '/%E2%80%AE', '/%EF%BC%8F%EF%BC%8Fevil.com'])(
    'answers /logout?redirect=%s with a 302 on this site',
    async (redirect) => {
      const res = await t.app.inject({ method: 'GET', url: `/logout?redirect=${redirect}` });
      expect(res.statusCode).toBe(302);
      expect(String(res.headers.location)).toMatch(/^\/[\x21-\x7e]*$/);
      expect(new URL(String(res.headers.location), testOrigin).origin).toBe(testOrigin);
    },
  );

  it('percent-encodes any redirect a route builds with non-ASCII characters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/raw-redirect' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/caf%C3%A9/%E3%80%82x?q=%F0%9F%98%80');
    expectSecurityHeaders(res.headers);
  });
});
