import { describe, expect, it } from 'vitest';
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
  });
});
