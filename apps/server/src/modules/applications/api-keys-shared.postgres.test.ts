import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, testConfig, testDriver, type TestDatabase } from '../../test/helper.js';
import type { App } from '../../types.js';
import { userWithKey, withKey } from './test-client.js';

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

    it('adds both instances’ usage into one count', async () => {
      const { apiKey, api, application } = await userWithKey(a);
      await withKey(a, apiKey.key).get('/containers');
      await withKey(b, apiKey.key).get('/containers');
      await Promise.all([a.apiKeys.flushUsage(), b.apiKeys.flushUsage()]);
      const list = (await api.get(`/applications/${application.id}/keys`)).json<{ keys: { usage_count: number }[] }>();
      expect(list.keys[0]?.usage_count).toBe(2);
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
