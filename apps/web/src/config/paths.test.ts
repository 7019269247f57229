import { isWebPagePath, webPathPatterns } from '@nuvem/contracts/web-paths';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('builds links with their parameters encoded', () => {
    expect(paths.containers.logs.getHref('ctr_1')).toBe('/containers/ctr_1/logs');
    expect(paths.profile.getHref('a/b')).toBe('/profile/a%2Fb');
    expect(paths.login.getHref('http://localhost:3000/events?q=1')).toBe(
      '/login?redirect=http%3A%2F%2Flocalhost%3A3000%2Fevents%3Fq%3D1',
    );
    expect(paths.login.getHref()).toBe('/login');
    expect(paths.success.getHref()).toBe('/success');
    expect(paths.success.getHref('ord_1/x')).toBe('/success?order=ord_1%2Fx');
    expect(paths.sandboxCheckout.getHref('sbx_1')).toBe('/checkout/sandbox/sbx_1');
    expect(paths.events.getHref()).toBe('/events');
    expect(paths.events.getHref(new URLSearchParams({ search: 'jazz night', category: 'live-music' }))).toBe(
      '/events?search=jazz+night&category=live-music',
    );
    expect(paths.events.getHref('?when=today')).toBe('/events?when=today');
    expect(paths.events.getHref('')).toBe('/events');
    expect(paths.event.getHref('evt_1/x')).toBe('/events/evt_1%2Fx');
    expect(paths.organisations.settings.getHref('wsp_1')).toBe('/organisations/wsp_1');
    expect(paths.acceptInvitation.getHref('a+b/c')).toBe('/invitations/accept?token=a%2Bb%2Fc');
    expect(paths.acceptInvitation.getHref()).toBe('/invitations/accept');
  });
});

/** Every `path` of the route table, nested entries included. */
function patternsOf(table: object): string[] {
  return Object.values(table).flatMap((entry: object) =>
    'path' in entry && typeof entry.path === 'string' ? [entry.path] : patternsOf(entry),
  );
}

describe('the server’s list of page addresses', () => {
  it('is the route table’s, and matches an address exactly when React Router shows a page, not the 404', () => {
    // React Router warns of the malformed escape.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const routes = patternsOf(paths).map((path) => ({ path }));
    expect(routes.map((r) => r.path).filter((path) => path !== '*')).toEqual(Object.values(webPathPatterns));
    for (const url of [
      '/',
      '/events',
      '/Events/',
      '/events/evt_1',
      '/events/evt%2F1',
      '/events/evt_1/x',
      '/containers/ctr_1/logs',
      '/containers/ctr_1',
      '/containers//logs',
      '/account/billing/',
      '/organisations/wsp_1',
      '/ingeniousgen/programa',
      '/ingeniousgen/program',
      '/no/such/page',
      '/index.htm',
      '/%E0%A4%A',
      '//',
    ]) {
      const matched = matchRoutes(routes, url)?.at(-1)?.route.path;
      expect(isWebPagePath(url), url).toBe(matched !== undefined && matched !== '*');
    }
    warn.mockRestore();
  });
});
