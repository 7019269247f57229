import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import {
  createTestDatabase,
  registerUser,
  testConfig,
  testDriver,
  type TestDatabase,
} from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { asUser, userWithKey, withKey } from './applications-client.testing.js';

// Two instances on one PostgreSQL and one Redis share each key's budget and hear of revocations.
describe.runIf(testDriver === 'postgres' && process.env.TEST_REDIS_URL)(
  'API keys across two instances on one PostgreSQL and Redis',
  () => {
    let database: TestDatabase;
    let a: App;
    let b: App;

    beforeAll(async () => {
      database = await createTestDatabase();
      const config = testConfig(database.config, {
        redisUrl: process.env.TEST_REDIS_URL ?? null,
        apiKeys: { rateLimits: { standard: 5, premium: 600, enterprise: 6000 }, usageFlushIntervalMs: 1000 },
      });
      config.userLimits = { ...config.userLimits, apiRequestsPerMinute: 8 };
      [a, b] = await Promise.all([buildApp(config), buildApp(config)]);
      await Promise.all([a.ready(), b.ready()]);
    });
    afterAll(async () => {
      await Promise.all([a.close(), b.close()]);
      await database.drop();
    });

    it('shares one key’s budget: 3 calls on A and 3 on B, the sixth is 429', async () => {
      // Keys from a fresh database are new to Redis, so earlier runs' counters cannot interfere.
      const { apiKey } = await userWithKey(a, { name: `shared-${randomBytes(3).toString('hex')}` });
      const onA = withKey(a, apiKey.key);
      const onB = withKey(b, apiKey.key);
      for (let i = 0; i < 3; i++) expect((await onA.get('/containers')).statusCode).toBe(200);
      const remaining: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await onB.get('/containers');
        expect(res.statusCode).toBe(200);
        remaining.push(String(res.headers['ratelimit-remaining']));
      }
      expect(remaining).toEqual(['1', '0']);
      const sixth = await onB.get('/containers');
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      expect((await onA.get('/containers')).statusCode).toBe(429);
    });

    it('shares one user’s budget across instances: 4 session calls on A and 4 on B, the ninth is 429', async () => {
      const user = await registerUser(a);
      const onA = asUser(a, user);
      const onB = asUser(b, user);
      for (let i = 0; i < 4; i++) expect((await onA.get('/api/v1/containers')).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) expect((await onB.get('/api/v1/containers')).statusCode).toBe(200);
      expect((await onB.get('/api/v1/containers')).statusCode).toBe(429);
      expect((await onA.get('/api/v1/containers')).statusCode).toBe(429);
    });

    it('withdraws an application’s CORS origin on the other instance within a second', async () => {
      const { apiKey, api, application } = await userWithKey(a);
      const origin = 'https://shared.example';
      expect((await api.put(`/applications/${application.id}`, { allowedOrigins: [origin] })).statusCode).toBe(200);
      const call = () =>
        b.inject({
          method: 'GET',
          url: '/api/v1/containers',
          headers: { origin, authorization: `Bearer ${apiKey.key}` },
        });
      await vi.waitFor(
        async () => {
          expect((await call()).headers['access-control-allow-origin']).toBe(origin);
        },
        { timeout: 1000, interval: 20 },
      );
      expect((await api.put(`/applications/${application.id}`, { allowedOrigins: [] })).statusCode).toBe(200);
      await vi.waitFor(
        async () => {
          expect((await call()).headers['access-control-allow-origin']).toBeUndefined();
        },
        { timeout: 1000, interval: 20 },
      );
    });

    it('adds both instances’ usage into one count', async () => {
      const { apiKey, api, application } = await userWithKey(a);
      await withKey(a, apiKey.key).get('/containers');
      await withKey(b, apiKey.key).get('/containers');
      await Promise.all([a.apiKeys.flushUsage(), b.apiKeys.flushUsage()]);
      const list = (await api.get(`/applications/${application.id}/keys`)).json<{ keys: { usage_count: number }[] }>();
      expect(list.keys[0]?.usage_count).toBe(2);
    });

    it('writes both instances’ usage without being asked: the flush job runs on one and tells all', async () => {
      const { apiKey, api, application } = await userWithKey(a);
      for (let i = 0; i < 2; i++) expect((await withKey(a, apiKey.key).get('/containers')).statusCode).toBe(200);
      for (let i = 0; i < 2; i++) expect((await withKey(b, apiKey.key).get('/containers')).statusCode).toBe(200);
      await vi.waitFor(
        async () => {
          const list = (await api.get(`/applications/${application.id}/keys`)).json<{
            keys: { usage_count: number }[];
          }>();
          expect(list.keys[0]?.usage_count).toBe(4);
        },
        { timeout: 10_000, interval: 100 },
      );
    });

    it('refuses a key on the other instance within a second of its revocation', async () => {
      const { apiKey, api, application } = await userWithKey(a);
      // B verifies, and caches, the key.
      expect((await withKey(b, apiKey.key).get('/containers')).statusCode).toBe(200);
      const revoked = await api.del(`/applications/${application.id}/keys/${apiKey.id}`, { reason: 'test' });
      expect(revoked.statusCode).toBe(200);
      await vi.waitFor(
        async () => {
          expect((await withKey(b, apiKey.key).get('/containers')).statusCode).toBe(401);
        },
        { timeout: 1000, interval: 20 },
      );
    });
  },
);
