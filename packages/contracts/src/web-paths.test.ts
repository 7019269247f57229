import { describe, expect, it } from 'vitest';
import { isWebPagePath } from './web-paths.js';

describe('isWebPagePath', () => {
  it('knows the pages, with their parameters, any case and trailing slashes', () => {
    for (const path of ['/', '/pricing', '/planos', '/events/', '/EVENTS', '/events/evt_1', '/profile/usr%201']) {
      expect(isWebPagePath(path), path).toBe(true);
    }
    expect(isWebPagePath('/containers/ctr_1/logs')).toBe(true);
    expect(isWebPagePath('/checkout/sandbox/sbx_1')).toBe(true);
  });

  it('refuses what no page answers: unknown paths, missing or extra segments', () => {
    for (const path of [
      '/no/such/page',
      '/events/evt_1/tickets',
      '/containers/ctr_1',
      '/profile',
      '/profile/',
      '/pricingx',
    ]) {
      expect(isWebPagePath(path), path).toBe(false);
    }
  });

  it('reads a malformed escape as it is, without throwing', () => {
    expect(isWebPagePath('/events/%E0%A4%A')).toBe(true);
    expect(isWebPagePath('/%E0%A4%A')).toBe(false);
  });
});
