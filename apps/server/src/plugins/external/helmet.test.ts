import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, computeSecurityHeaders, securityHeaderOptions } from './helmet.js';

describe('security headers', () => {
  it('allow scripts only from our own origin and forbid framing', () => {
    const headers = computeSecurityHeaders(securityHeaderOptions(false));
    const csp = headers['content-security-policy'] ?? '';
    expect(csp.split(';')).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
      ]),
    );
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
  });

  it('add HSTS and upgrade-insecure-requests over https', () => {
    const headers = computeSecurityHeaders(securityHeaderOptions(true));
    expect(headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('give JSON answers a policy under which nothing runs or loads, keeping HSTS over https', () => {
    const api = apiSecurityHeaders(computeSecurityHeaders(securityHeaderOptions(true)));
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
    expect(api['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(apiSecurityHeaders(computeSecurityHeaders(securityHeaderOptions(false)))['strict-transport-security']).toBe(
      undefined,
    );
  });
});
