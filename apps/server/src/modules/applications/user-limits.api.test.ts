import {
  apiKeyCreatedResponseSchema,
  applicationCreatedResponseSchema,
  applicationLimitMessages,
  applicationMessages,
} from '@nuvem/contracts/applications';
import { SESSION_COOKIE } from '@nuvem/contracts/auth';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.js';
import { apiKeys } from '../../db/schema/api-keys.js';
import { applications } from '../../db/schema/applications.js';
import { registerUser, testDriver, useTestApp } from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { asUser, userWithKey, withKey } from './applications-client.testing.js';

const limits = (overrides: Partial<AppConfig['userLimits']>): AppConfig['userLimits'] => ({
  applications: 20,
  apiKeys: 50,
  containers: { count: 10, vcpus: 16, memoryGb: 32 },
  apiRequestsPerMinute: 600,
  ...overrides,
});

const countApplications = async (app: App, userId: string) =>
  (
    await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(eq(applications.userId, userId))
  )[0]?.n ?? 0;

const countActiveKeys = async (app: App, userId: string) =>
  (
    await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
  )[0]?.n ?? 0;

describe(`per-user caps on applications and API keys, ${testDriver}`, () => {
  const t = useTestApp({ config: { userLimits: limits({ applications: 3, apiKeys: 4 }) } });

  it('refuses the application past the cap with 409 LIMIT_REACHED, writes nothing, and counts per user', async () => {
    const user = await registerUser(t.app);
    const api = asUser(t.app, user);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api.post('/applications', { name: `app ${i}`, allowedOrigins: ['https://x.example'] });
      expect(res.statusCode).toBe(201);
      ids.push(applicationCreatedResponseSchema.parse(res.json()).application.id);
    }
    const refused = await api.post('/applications', { name: 'one too many' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      error: applicationLimitMessages.applications(3),
      code: 'LIMIT_REACHED',
    });
    expect(refused.json<{ error: string }>().error).toBe(
      'You have reached the limit of 3 applications. Delete one or contact support to raise it.',
    );
    expect(await countApplications(t.app, user.id)).toBe(3);

    // Another user has a cap of their own.
    const other = asUser(t.app, await registerUser(t.app));
    expect((await other.post('/applications', { name: 'mine' })).statusCode).toBe(201);

    // Deleting one makes room again.
    expect((await api.del(`/applications/${ids[0]}`)).statusCode).toBe(200);
    expect((await api.post('/applications', { name: 'again' })).statusCode).toBe(201);
  });

  it('holds the application cap under concurrent creates', async () => {
    const user = await registerUser(t.app);
    const api = asUser(t.app, user);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.post('/applications', { name: `c${i}` })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(await countApplications(t.app, user.id)).toBe(3);
  });

  it('caps active keys across all of a user’s applications; revoking makes room and rotating is allowed', async () => {
    const user = await registerUser(t.app);
    const api = asUser(t.app, user);
    const appIds: string[] = [];
    for (const name of ['one', 'two']) {
      appIds.push(
        applicationCreatedResponseSchema.parse((await api.post('/applications', { name })).json()).application.id,
      );
    }
    const keyIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await api.post(`/applications/${appIds[i % 2]}/keys`, { name: `k${i}` });
      expect(res.statusCode).toBe(201);
      keyIds.push(apiKeyCreatedResponseSchema.parse(res.json()).apiKey.id);
    }
    const refused = await api.post(`/applications/${appIds[0]}/keys`, { name: 'k5' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      error: applicationLimitMessages.apiKeys(4),
      code: 'LIMIT_REACHED',
    });
    expect(await countActiveKeys(t.app, user.id)).toBe(4);

    // Rotation replaces a key: allowed at the cap, and the count stays.
    const rotated = await api.post(`/applications/${appIds[0]}/keys/${keyIds[0]}/rotate`);
    expect(rotated.statusCode).toBe(201);
    expect(await countActiveKeys(t.app, user.id)).toBe(4);

    // A revoked key no longer counts.
    expect((await api.del(`/applications/${appIds[1]}/keys/${keyIds[1]}`)).statusCode).toBe(200);
    expect((await api.post(`/applications/${appIds[1]}/keys`, { name: 'k6' })).statusCode).toBe(201);
    expect((await api.post(`/applications/${appIds[1]}/keys`, { name: 'k7' })).statusCode).toBe(409);

    // Another user is not affected.
    const { apiKey } = await userWithKey(t.app);
    expect(apiKey.id).toMatch(/^key_/);
  });

  it('holds the key cap under concurrent creates', async () => {
    const user = await registerUser(t.app);
    const api = asUser(t.app, user);
    const { application } = applicationCreatedResponseSchema.parse(
      (await api.post('/applications', { name: 'k' })).json(),
    );
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api.post(`/applications/${application.id}/keys`, { name: `k${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(8);
    expect(await countActiveKeys(t.app, user.id)).toBe(4);
  });
});

describe(`per-user rate limit on /api/v1, ${testDriver}`, () => {
  const t = useTestApp({
    config: {
      userLimits: limits({ apiRequestsPerMinute: 5 }),
      apiKeys: { rateLimits: { standard: 100, premium: 100, enterprise: 1000 }, usageFlushIntervalMs: 1000 },
    },
  });

  it('limits session calls: RateLimit-* headers, then 429 with Retry-After; cookie and bearer token share it', async () => {
    const user = await registerUser(t.app);
    const bearer = asUser(t.app, user);
    const cookie = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/containers', cookies: { [SESSION_COOKIE]: user.cookie } });
    for (let i = 1; i <= 5; i++) {
      const res = i % 2 ? await bearer.get('/api/v1/containers') : await cookie();
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('5');
      expect(res.headers['ratelimit-remaining']).toBe(String(5 - i));
    }
    for (const res of [await bearer.get('/api/v1/containers'), await cookie()]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error: applicationMessages.userRateLimited, code: 'RATE_LIMITED' });
      expect(res.headers['ratelimit-remaining']).toBe('0');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another user is not affected.
    expect((await asUser(t.app, await registerUser(t.app)).get('/api/v1/containers')).statusCode).toBe(200);
  });

  it('makes all of a user’s keys and their session share one budget', async () => {
    const { api, application, apiKey: first } = await userWithKey(t.app);
    const second = apiKeyCreatedResponseSchema.parse(
      (await api.post(`/applications/${application.id}/keys`, { name: 'second' })).json(),
    ).apiKey;
    const a = withKey(t.app, first.key);
    const b = withKey(t.app, second.key);
    for (let i = 0; i < 3; i++) expect((await a.get('/containers')).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await b.get('/containers')).statusCode).toBe(200);
    const limited = await b.get('/containers');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: applicationMessages.userRateLimited, code: 'RATE_LIMITED' });
    expect(limited.headers['ratelimit-limit']).toBe('5');
    expect((await a.get('/containers')).statusCode).toBe(429);
    expect((await api.get('/api/v1/containers')).statusCode).toBe(429);

    // Another user's key is not affected.
    const { apiKey: someoneElse } = await userWithKey(t.app);
    expect((await withKey(t.app, someoneElse.key).get('/containers')).statusCode).toBe(200);
  });

  it('lets a key an operator put on a higher tier use that tier’s budget, still counted for the user', async () => {
    const { api, apiKey } = await userWithKey(t.app);
    await t.app.db.update(apiKeys).set({ rateLimitTier: 'premium' }).where(eq(apiKeys.id, apiKey.id));
    const key = withKey(t.app, apiKey.key);
    for (let i = 0; i < 7; i++) expect((await key.get('/containers')).statusCode).toBe(200);
    expect((await api.get('/api/v1/containers')).statusCode).toBe(429);
  });
});
