import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/helper.testing.js';
import type { App } from './types.js';

// Two sign-in attempts per minute per address: the third from one address is refused.
const AUTH_LIMIT = 2;

/** Echoes what the server believes about the caller. */
const whoAmI = (app: App) => {
  app.get('/test/who-am-i', { config: { auth: 'public' } }, async (request) => ({
    ip: request.ip,
    protocol: request.protocol,
  }));
};

/** Failed sign-ins from the test client (127.0.0.1) claiming to forward for three different clients. */
async function loginsForwardedFor(app: App, remoteAddress = '127.0.0.1') {
  const statuses: number[] = [];
  for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress,
      headers: { 'x-forwarded-for': client },
      payload: { email: `nobody-${randomBytes(4).toString('hex')}@example.com`, password: 'wrong password' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('without TRUST_PROXY', () => {
  const ctx = useTestApp({ config: { authRateLimitPerMinute: AUTH_LIMIT }, setup: whoAmI });

  it('ignores X-Forwarded-For: spoofed addresses share the caller’s one rate-limit bucket', async () => {
    expect(await loginsForwardedFor(ctx.app)).toEqual([401, 401, 429]);
  });

  it('reports the connection’s own address and protocol', async () => {
    const res = await ctx.app.inject({
      url: '/test/who-am-i',
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
    });
    expect(res.json()).toEqual({ ip: '198.51.100.7', protocol: 'http' });
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  const ctx = useTestApp({
    config: { authRateLimitPerMinute: AUTH_LIMIT, trustProxy: ['127.0.0.1'] },
    setup: whoAmI,
  });

  it('gives each forwarded client its own rate-limit bucket', async () => {
    expect(await loginsForwardedFor(ctx.app)).toEqual([401, 401, 401]);
  });

  it('takes the client address and protocol from the proxy’s headers', async () => {
    const res = await ctx.app.inject({
      url: '/test/who-am-i',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
    });
    expect(res.json()).toEqual({ ip: '203.0.113.9', protocol: 'https' });
  });

  it('does not trust the headers from an address that is not the proxy', async () => {
    expect(await loginsForwardedFor(ctx.app, '198.51.100.7')).toEqual([401, 401, 429]);
    const res = await ctx.app.inject({
      url: '/test/who-am-i',
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' },
    });
    expect(res.json()).toEqual({ ip: '198.51.100.7', protocol: 'http' });
  });
});

describe('with TRUST_PROXY naming another address', () => {
  const ctx = useTestApp({
    config: { authRateLimitPerMinute: AUTH_LIMIT, trustProxy: ['10.0.0.0/8'] },
    setup: whoAmI,
  });

  it('does not trust X-Forwarded-For from 127.0.0.1', async () => {
    expect(await loginsForwardedFor(ctx.app)).toEqual([401, 401, 429]);
  });
});
