import { describe, expect, it } from 'vitest';
import { decidePostLoginRedirect, resolveSafeRedirect } from './post-login-redirect';

const own = 'https://portal.example';
const page = (query: string) => `${own}/login${query}`;
const ecosystem = ['https://crm.example', 'http://localhost:5174/'];

describe('decidePostLoginRedirect', () => {
  it('goes home when the address has no redirect parameter', () => {
    expect(decidePostLoginRedirect(page(''))).toEqual({ kind: 'home' });
    expect(decidePostLoginRedirect(page('?next=/events'))).toEqual({ kind: 'home' });
  });

  it('cleans the address when the parameter is present but empty', () => {
    expect(decidePostLoginRedirect(page('?redirect='))).toEqual({ kind: 'clean' });
    expect(decidePostLoginRedirect(page('?redirect'))).toEqual({ kind: 'clean' });
    expect(decidePostLoginRedirect(page('?redirect=%20'))).toEqual({ kind: 'clean' });
  });

  it('goes to a path or address on the portal itself', () => {
    expect(decidePostLoginRedirect(page('?redirect=%2Fevents%3Fq%3D1'))).toEqual({
      kind: 'navigate',
      url: `${own}/events?q=1`,
    });
    expect(decidePostLoginRedirect(page(`?redirect=${encodeURIComponent(`${own}/pricing#plans`)}`))).toEqual({
      kind: 'navigate',
      url: `${own}/pricing#plans`,
    });
  });

  it('goes to an allowed ecosystem origin', () => {
    const url = 'https://crm.example/deals?id=7';
    expect(decidePostLoginRedirect(page(`?redirect=${encodeURIComponent(url)}`), ecosystem)).toEqual({
      kind: 'navigate',
      url,
    });
    expect(decidePostLoginRedirect(page('?redirect=http://localhost:5174/x'), ecosystem)).toEqual({
      kind: 'navigate',
      url: 'http://localhost:5174/x',
    });
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,hi',
    'https://crm.example.evil.example',
    'https://portal.example.evil.example/',
    'https://portal.example@evil.example/',
    'http://portal.example/', // same host, other scheme: another origin
  ])('goes home instead of to %s', (target) => {
    expect(decidePostLoginRedirect(page(`?redirect=${encodeURIComponent(target)}`), ecosystem)).toEqual({
      kind: 'home',
    });
  });

  // Already signed in, the sign-in page follows `redirect` at once from the portal's own page: a
  // link to /login?redirect=%2Flogout would be a same-origin sign-out, past /logout's question.
  it.each([
    '/logout',
    '/logout/',
    '/LOGOUT',
    '/LogOut?redirect=/',
    '/%6Cogout',
    '/%256Cogout',
    '//portal.example/logout',
    '/./logout',
    '/x/../logout',
    '/x/..%2Flogout',
    '/logout%2F',
    '/logout;x',
    `${own}/logout#x`,
    `${own}/LOGOUT/`,
    '/sso/logout',
    '/sso/check?application_id=main',
    '/SSO/',
    '/oauth/github?redirect=/logout',
    '/OAuth/Google',
  ])('never goes to the sign-out, SSO or OAuth route %s', (target) => {
    expect(decidePostLoginRedirect(page(`?redirect=${encodeURIComponent(target)}`), ecosystem)).toEqual({
      kind: 'home',
    });
  });

  it('still goes to paths that only look like those routes', () => {
    for (const path of ['/logouts', '/docs/logout', '/ssox', '/events?next=/logout']) {
      expect(decidePostLoginRedirect(page(`?redirect=${encodeURIComponent(path)}`))).toEqual({
        kind: 'navigate',
        url: `${own}${path}`,
      });
    }
    // An ecosystem app's own pages are its business, whatever their paths.
    expect(decidePostLoginRedirect(page('?redirect=https://crm.example/logout'), ecosystem)).toEqual({
      kind: 'navigate',
      url: 'https://crm.example/logout',
    });
  });

  it('decodes the parameter once only, so an encoded path stays on the portal', () => {
    expect(decidePostLoginRedirect(page(`?redirect=${encodeURIComponent('%2F%2Fevil.example')}`))).toEqual({
      kind: 'navigate',
      url: `${own}/%2F%2Fevil.example`,
    });
  });
});

describe('resolveSafeRedirect', () => {
  it('ignores allowed origins that are not http(s) addresses', () => {
    expect(resolveSafeRedirect('javascript:alert(1)', own, ['null', 'javascript:'])).toBeNull();
    expect(resolveSafeRedirect('https://crm.example/', own, ['not a url'])).toBeNull();
  });
});
