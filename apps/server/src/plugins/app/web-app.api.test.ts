import { describe, expect, it } from 'vitest';
import { testDriver, useTestApp } from '../../test/helper.testing.js';

describe(`source maps on ${testDriver}`, () => {
  describe('in production', () => {
    const t = useTestApp({ config: { env: 'production' } });

    it('answers 404 for a source map, plain or precompressed, and still serves the script', async () => {
      for (const headers of [{}, { 'accept-encoding': 'br, gzip' }]) {
        const map = await t.app.inject({ method: 'GET', url: '/assets/app-test.js.map', headers });
        expect(map.statusCode).toBe(404);
        expect(map.body).not.toContain('sourcesContent');
      }
      for (const url of ['/assets/app-test.js.map.br', '/assets/APP-TEST.JS.MAP', '/assets/app-test.js.map?x=1']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
      const script = await t.app.inject({ method: 'GET', url: '/assets/app-test.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).not.toContain('sourceMappingURL');
    });
  });

  describe('in development and tests', () => {
    const t = useTestApp();

    it('may serve the map for local debugging', async () => {
      const map = await t.app.inject({ method: 'GET', url: '/assets/app-test.js.map' });
      expect(map.statusCode).toBe(200);
      expect(map.body).toContain('sourcesContent');
    });
  });
});
