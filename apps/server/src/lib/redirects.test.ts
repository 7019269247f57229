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
