import { describe, expect, it } from 'vitest';
import { asciiLocation, originOf, safeRedirect } from './redirects.js';

const allowed = new Set(['http://localhost:3000', 'https://crm.nuvem.example']);

describe('safeRedirect', () => {
  it.each([
    ['/developer', '/developer'],
    ['/events?page=2#top', '/events?page=2#top'],
    ['http://localhost:3000/pricing', 'http://localhost:3000/pricing'],
    ['https://crm.nuvem.example/deals?id=1', 'https://crm.nuvem.example/deals?id=1'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'], // stays a path on this site
  ])('keeps %s', (input, expected) => {
    expect(safeRedirect(input, allowed)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '///evil.example',
    'https://evil.example',
    'http://evil.example/http://localhost:3000',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://crm.nuvem.example.evil.example/',
    'https://site.evil.example',
    'https://crm.nuvem.example@evil.example/',
    'https://user:pass@crm.nuvem.example/',
    'http://crm.nuvem.example/', // wrong scheme: a different origin
    '/\t/evil.example',
    '/\n/evil.example',
    ' //evil.example',
    'evil.example',
    '',
  ])('refuses %j', (input) => {
    expect(safeRedirect(input, allowed)).toBe('/');
  });

  it.each([
    // U+3002 (ideographic full stop) is a dot in a host name: it must stay a path on this site.
    ['/\u3002evil.com', '/%E3%80%82evil.com'],
    ['/caf\u00e9?q=\u00fc#\u00e7', '/caf%C3%A9?q=%C3%BC#%C3%A7'],
    ['/%E3%80%82evil.com', '/%E3%80%82evil.com'], // already encoded: left alone
    ['/\u{1F600}', '/%F0%9F%98%80'],
    ['https://crm\u3002nuvem\u3002example/d\u00e9als', 'https://crm.nuvem.example/d%C3%A9als'],
  ])('percent-encodes %j into ASCII on this site', (input, expected) => {
    const result = safeRedirect(input, allowed);
    expect(result).toBe(expected);
    expect(result).toMatch(/^[\x21-\x7e]+$/);
    expect(new URL(result, 'http://localhost:3000').origin).not.toContain('evil');
  });

  it.each(['/\ud800x', '//evil\u3002com', 'https://evil\u3002com/', 'https://crm.nuvem.example\u3002evil.com/'])(
    'refuses %j',
    (input) => {
      expect(safeRedirect(input, allowed)).toBe('/');
    },
  );

  // A redirect to the portal's own sign-out, SSO or OAuth routes would chain into a sign-out
  // (`/logout?redirect=/logout`, `/oauth/github?redirect=/logout`): never a target.
  it.each([
    '/logout',
    '/logout/',
    '/logout//',
    '/LOGOUT',
    '/LogOut?redirect=/',
    '/logout#x',
    '/%6Cogout',
    '/%6c%6F%67%6f%75%74',
    '/%256Cogout', // encoded twice
    '/./logout',
    '/x/../logout',
    '/x/%2E%2E/logout',
    '/x/..%2Flogout',
    '/logout%2F',
    '/logout;x=1',
    '/sso/logout',
    '/sso/check?application_id=main',
    '/SSO/Check',
    '/sso',
    '/%73so/logout',
    '/oauth/github?redirect=/logout',
    '/oauth/google/callback',
    '/OAuth/GitHub',
    'http://localhost:3000/logout',
    'http://localhost:3000/LOGOUT/',
    'http://localhost:3000/%6Cogout?redirect=/',
    'http://localhost:3000/x/../sso/logout',
    'https://crm.nuvem.example/oauth/github',
  ])('refuses the sign-out, SSO or OAuth route %j', (input) => {
    expect(safeRedirect(input, allowed)).toBe('/');
    expect(safeRedirect(input, allowed, '/home')).toBe('/home');
  });

  it.each(['/logouts', '/logout-help', '/ssocheck', '/oauthx', '/docs/logout', '/events?next=/logout', '/x#/logout'])(
    'keeps %j, which only looks like those routes',
    (input) => {
      expect(safeRedirect(input, allowed)).toBe(input);
    },
  );

  it('uses the given fallback', () => {
    expect(safeRedirect('https://evil.example', allowed, '/login')).toBe('/login');
    expect(safeRedirect(undefined, allowed, '/x')).toBe('/x');
  });
});

describe('asciiLocation', () => {
  it.each([
    ['/plain?a=1#x', '/plain?a=1#x'],
    ['/\u3002evil.com', '/%E3%80%82evil.com'],
    ['/a b', '/a%20b'],
    ['/\u00e9\ud800', '/%C3%A9%EF%BF%BD'], // a lone surrogate becomes U+FFFD
    ['https://example.com/\u00fc', 'https://example.com/%C3%BC'],
  ])('makes %j safe for a Location header', (input, expected) => {
    expect(asciiLocation(input)).toBe(expected);
  });
});

describe('originOf', () => {
  it('reads http(s) origins only', () => {
    expect(originOf('https://a.example:8443/x?y')).toBe('https://a.example:8443');
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('not a url')).toBeNull();
    expect(originOf(undefined)).toBeNull();
  });
});
