import { describe, expect, it } from 'vitest';
import { originOf, safeRedirect } from './redirects.js';

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

  it('uses the given fallback', () => {
    expect(safeRedirect('https://evil.example', allowed, '/login')).toBe('/login');
    expect(safeRedirect(undefined, allowed, '/x')).toBe('/x');
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
