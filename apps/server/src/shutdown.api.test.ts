import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createTestDatabase, testConfig, testDriver } from './test/helper.testing.js';

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

      // While closing, a new request is refused: its connection is reset, or, when it was accepted
      // just before the server stopped listening, it is answered 503 (a load balancer retries
      // elsewhere either way). It is never served.
      const refused = await fetch(`${base}/healthz`, {
        headers: { connection: 'close' },
        signal: AbortSignal.timeout(5_000),
      }).then(
        (res) => res.status,
        (error: unknown) => (error as Error & { cause?: { code?: string } }).cause?.code ?? String(error),
      );
      expect(['ECONNRESET', 'ECONNREFUSED', 503]).toContain(refused);

      release();
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ done: true });

      await closing;
      await expect(app.database.ping()).rejects.toThrow();
    } finally {
      release(); // a failed expectation must not leave the slow request, and close(), waiting
      await app.close();
      await database.drop();
    }
  });
});
