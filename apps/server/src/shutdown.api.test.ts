import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createTestDatabase, testConfig, testDriver } from './test/helper.js';

describe(`graceful close on ${testDriver}`, () => {
  it('finishes a request in flight, refuses new ones, then closes the database', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(database.config));
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/api/test/slow', { config: { auth: 'public' } }, async () => {
      markStarted();
      await released;
      await app.database.ping(); // the database is still open for requests in flight
      return { done: true };
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

      const inFlight = fetch(`${base}/api/test/slow`);
      await started;
      const closing = app.close();

      // While closing, a new connection is refused.
      await expect(fetch(`${base}/healthz`, { headers: { connection: 'close' } })).rejects.toThrow();

      release();
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ done: true });

      await closing;
      await expect(app.database.ping()).rejects.toThrow();
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
