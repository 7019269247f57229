import {
  apiKeyCreatedResponseSchema,
  apiKeyListResponseSchema,
  apiKeyStatsResponseSchema,
} from '@nuvem/contracts/applications';
import { errorResponseSchema } from '@nuvem/contracts/common';
import { containerListResponseSchema, containerResponseSchema } from '@nuvem/contracts/containers';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { apiKeys } from '../../db/schema/api-keys.js';
import { sha256 } from '../../lib/tokens.js';
import {
  createTestDatabase,
  registerUser,
  seedPgliteDir,
  testConfig,
  testDriver,
  useTestApp,
} from '../../test/helper.testing.js';
import { asUser, userWithKey, withKey } from './applications-client.testing.js';

const today = () => new Date().toISOString().slice(0, 10);

describe(`API keys on ${testDriver}`, () => {
  const t = useTestApp();
  const countKeys = async () => (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(apiKeys))[0]?.n ?? 0;

  it('creates a key: nuv_ + 40 base62, a 12-character prefix, the defaults, and only its hash stored', async () => {
    const before = Date.now();
    const { apiKey, api, application } = await userWithKey(t.app, { name: ' deploy bot ', description: 'CI' });
    expect(apiKey.key).toMatch(/^nuv_[0-9A-Za-z]{40}$/);
    expect(apiKey).toMatchObject({
      name: 'deploy bot',
      description: 'CI',
      key_prefix: apiKey.key.slice(0, 12),
      scopes: ['read', 'write'],
      rate_limit_tier: 'standard',
      usage_count: 0,
      last_used_at: null,
      revoked_at: null,
    });
    expect(apiKey.id).toMatch(/^key_/);
    const expiresIn = new Date(apiKey.expires_at).getTime() - before;
    expect(expiresIn).toBeGreaterThanOrEqual(365 * 86_400_000);
    expect(expiresIn).toBeLessThan(365 * 86_400_000 + 60_000);

    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row?.keyHash).toBe(sha256(apiKey.key));
    expect(JSON.stringify(row)).not.toContain(apiKey.key);

    // Lists never carry the key.
    const list = await api.get(`/applications/${application.id}/keys`);
    expect(list.body).not.toContain(apiKey.key);
    const { keys } = apiKeyListResponseSchema.parse(list.json());
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ id: apiKey.id, key_prefix: apiKey.key_prefix });
    expect(keys[0]).not.toHaveProperty('key');
  });

  it('honours scopes and expiry given at creation', async () => {
    const { apiKey } = await userWithKey(t.app, { name: 'ro', scopes: ['read'], expiresIn: 30 });
    expect(apiKey.scopes).toEqual(['read']);
    const days = (new Date(apiKey.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it.each([
    [{}, 'name'],
    [{ name: '  ' }, 'name'],
    [{ name: 'k', scopes: [] }, 'scopes'],
    [{ name: 'k', scopes: ['admin'] }, 'scopes.0'],
    [{ name: 'k', expiresIn: 0 }, 'expiresIn'],
    [{ name: 'k', expiresIn: 3651 }, 'expiresIn'],
    [{ name: 'k', expiresIn: 'soon' }, 'expiresIn'],
    [{ name: 'k', description: 'x'.repeat(501) }, 'description'],
  ])('refuses key %j naming the field, and writes nothing', async (payload, field) => {
    const { api, application } = await userWithKey(t.app);
    const before = await countKeys();
    const res = await api.post(`/applications/${application.id}/keys`, payload);
    expect(res.statusCode).toBe(400);
    expect(errorResponseSchema.parse(res.json()).details?.map((d) => d.path)).toContain(`body.${field}`);
    expect(await countKeys()).toBe(before);
  });

  it('authenticates the container API as the key’s owner', async () => {
    const { apiKey, user } = await userWithKey(t.app);
    const key = withKey(t.app, apiKey.key);
    const created = await key.post('/containers', { name: 'from-a-key' });
    expect(created.statusCode).toBe(202);
    const { container } = containerResponseSchema.parse(created.json());
    const list = await key.get('/containers');
    expect(list.statusCode).toBe(200);
    expect(containerListResponseSchema.parse(list.json()).containers.map((c) => c.id)).toEqual([container.id]);
    // The owner sees it with the session too.
    const mine = await asUser(t.app, user).get('/api/v1/containers');
    expect(containerListResponseSchema.parse(mine.json()).total).toBe(1);
  });

  it('refuses unknown and malformed keys with 401', async () => {
    for (const key of [`nuv_${'a'.repeat(40)}`, 'nuv_short', `nuv_${'!'.repeat(40)}`]) {
      const res = await withKey(t.app, key).get('/containers');
      expect(res.statusCode, key).toBe(401);
      expect(res.json()).toMatchObject({ error: 'Invalid API key', code: 'INVALID_API_KEY' });
    }
  });

  it('lets a read-only key read and refuses its writes with 403', async () => {
    const { apiKey } = await userWithKey(t.app, { name: 'ro', scopes: ['read'] });
    const key = withKey(t.app, apiKey.key);
    expect((await key.get('/containers')).statusCode).toBe(200);
    const write = await key.post('/containers', { name: 'nope' });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ error: 'This API key lacks the write scope', code: 'INSUFFICIENT_SCOPE' });
    const { apiKey: writeOnly } = await userWithKey(t.app, { name: 'wo', scopes: ['write'] });
    expect((await withKey(t.app, writeOnly.key).get('/containers')).statusCode).toBe(403);
    expect((await withKey(t.app, writeOnly.key).post('/containers', { name: 'yes' })).statusCode).toBe(202);
  });

  it('revokes a key: 401 at once, hidden from the list unless include_revoked, and 409 the second time', async () => {
    const { apiKey, api, application } = await userWithKey(t.app);
    const key = withKey(t.app, apiKey.key);
    expect((await key.get('/containers')).statusCode).toBe(200); // now cached

    const revoke = await api.del(`/applications/${application.id}/keys/${apiKey.id}`, { reason: 'leaked in a log' });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({ success: true, message: 'API key revoked successfully' });

    const refused = await key.get('/containers');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'API key revoked', code: 'API_KEY_REVOKED' });

    const active = apiKeyListResponseSchema.parse((await api.get(`/applications/${application.id}/keys`)).json());
    expect(active.keys).toEqual([]);
    const all = apiKeyListResponseSchema.parse(
      (await api.get(`/applications/${application.id}/keys?include_revoked=true`)).json(),
    );
    expect(all.keys).toHaveLength(1);
    expect(all.keys[0]).toMatchObject({ id: apiKey.id, revoked_reason: 'leaked in a log' });
    expect(all.keys[0]?.revoked_at).not.toBeNull();

    const twice = await api.del(`/applications/${application.id}/keys/${apiKey.id}`, { reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'This API key is already revoked', code: 'KEY_ALREADY_REVOKED' });
  });

  it('revokes without a body too', async () => {
    const { apiKey, api, application } = await userWithKey(t.app);
    const res = await api.del(`/applications/${application.id}/keys/${apiKey.id}`);
    expect(res.statusCode).toBe(200);
    const all = apiKeyListResponseSchema.parse(
      (await api.get(`/applications/${application.id}/keys?include_revoked=true`)).json(),
    );
    expect(all.keys[0]).toMatchObject({ revoked_reason: null });
  });

  it('rotates a key: the old one 401, the new one 200 with the same name, scopes, tier and expiry', async () => {
    const { apiKey, api, application } = await userWithKey(t.app, {
      name: 'rotating',
      description: 'kept',
      scopes: ['read'],
      expiresIn: 10,
    });
    await t.app.db.update(apiKeys).set({ rateLimitTier: 'premium' }).where(eq(apiKeys.id, apiKey.id));
    expect((await withKey(t.app, apiKey.key).get('/containers')).statusCode).toBe(200); // cached

    const res = await api.post(`/applications/${application.id}/keys/${apiKey.id}/rotate`);
    expect(res.statusCode).toBe(201);
    const rotated = apiKeyCreatedResponseSchema.parse(res.json());
    expect(rotated.message).toBe('API key rotated successfully');
    expect(rotated.apiKey.key).not.toBe(apiKey.key);
    expect(rotated.apiKey.id).not.toBe(apiKey.id);
    expect(rotated.apiKey).toMatchObject({
      name: 'rotating',
      description: 'kept',
      scopes: ['read'],
      rate_limit_tier: 'premium',
      expires_at: apiKey.expires_at,
      revoked_at: null,
    });

    expect((await withKey(t.app, apiKey.key).get('/containers')).json()).toMatchObject({ code: 'API_KEY_REVOKED' });
    const fresh = await withKey(t.app, rotated.apiKey.key).get('/containers');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['ratelimit-limit']).toBe('600');

    const all = apiKeyListResponseSchema.parse(
      (await api.get(`/applications/${application.id}/keys?include_revoked=true`)).json(),
    );
    expect(all.keys.find((k) => k.id === apiKey.id)).toMatchObject({ revoked_reason: 'rotated' });

    const again = await api.post(`/applications/${application.id}/keys/${apiKey.id}/rotate`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'Cannot rotate a revoked API key', code: 'KEY_REVOKED' });
  });

  it('rotates in one transaction: a failure while issuing leaves the old key working', async () => {
    const { apiKey, api, application } = await userWithKey(t.app);
    // Make the insert of the new key fail: a trigger refusing new rows for this application.
    await t.app.db.execute(
      sql.raw(`create function refuse_key() returns trigger language plpgsql as $$
        begin if new.application_id = '${application.id}' then raise exception 'refused'; end if; return new; end $$`),
    );
    await t.app.db.execute(
      sql.raw('create trigger refuse_key before insert on api_keys for each row execute function refuse_key()'),
    );
    try {
      const res = await api.post(`/applications/${application.id}/keys/${apiKey.id}/rotate`);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql.raw('drop trigger refuse_key on api_keys'));
      await t.app.db.execute(sql.raw('drop function refuse_key'));
    }
    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row?.revokedAt).toBeNull();
    expect((await withKey(t.app, apiKey.key).get('/containers')).statusCode).toBe(200);
  });

  it('refuses an expired key with 401 and will not rotate it', async () => {
    const { apiKey, api, application } = await userWithKey(t.app);
    await t.app.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, apiKey.id));
    const res = await withKey(t.app, apiKey.key).get('/containers');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'API key expired', code: 'API_KEY_EXPIRED' });
    const rotate = await api.post(`/applications/${application.id}/keys/${apiKey.id}/rotate`);
    expect(rotate.statusCode).toBe(409);
    expect(rotate.json()).toMatchObject({ error: 'Cannot rotate an expired API key' });
  });

  it('deleting an application revokes its keys at once', async () => {
    const { apiKey, api, application } = await userWithKey(t.app);
    expect((await withKey(t.app, apiKey.key).get('/containers')).statusCode).toBe(200); // cached
    expect((await api.del(`/applications/${application.id}`)).statusCode).toBe(200);
    expect((await withKey(t.app, apiKey.key).get('/containers')).statusCode).toBe(401);
    expect(await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id))).toEqual([]);
  });

  it('counts usage in batches: usage_count, last_used_at and the daily split', async () => {
    const { apiKey, api, application } = await userWithKey(t.app, { name: 'ro', scopes: ['read'] });
    const key = withKey(t.app, apiKey.key);
    const start = Date.now();
    for (let i = 0; i < 3; i++) expect((await key.get('/containers')).statusCode).toBe(200);
    expect((await key.post('/containers', { name: 'x' })).statusCode).toBe(403); // rejected: scope
    await t.app.apiKeys.flushUsage();

    const { keys } = apiKeyListResponseSchema.parse((await api.get(`/applications/${application.id}/keys`)).json());
    expect(keys[0]?.usage_count).toBe(3);
    expect(new Date(keys[0]?.last_used_at ?? 0).getTime()).toBeGreaterThanOrEqual(start - 1000);

    await api.del(`/applications/${application.id}/keys/${apiKey.id}`);
    expect((await key.get('/containers')).statusCode).toBe(401); // rejected: revoked
    await t.app.apiKeys.flushUsage();

    const statsRes = await api.get(`/applications/${application.id}/keys/${apiKey.id}/stats`);
    expect(statsRes.statusCode).toBe(200);
    const { stats } = apiKeyStatsResponseSchema.parse(statsRes.json());
    expect(stats.days).toHaveLength(7);
    expect(stats.days.at(-1)).toEqual({ date: today(), allowed: 3, rate_limited: 0, rejected: 2 });
    expect(stats.days.slice(0, 6).every((d) => d.allowed + d.rate_limited + d.rejected === 0)).toBe(true);
    expect(stats.days.map((d) => d.date)).toEqual([...stats.days.map((d) => d.date)].sort());
    expect(stats.totals).toEqual({ allowed: 3, rate_limited: 0, rejected: 2 });

    const month = apiKeyStatsResponseSchema.parse(
      (await api.get(`/applications/${application.id}/keys/${apiKey.id}/stats?days=30`)).json(),
    );
    expect(month.stats.days).toHaveLength(30);
    expect((await api.get(`/applications/${application.id}/keys/${apiKey.id}/stats?days=91`)).statusCode).toBe(400);
  });

  it('accepts a session and a key on the platform API, but a key cannot manage applications', async () => {
    const { apiKey, application } = await userWithKey(t.app);
    const headers = { authorization: `Bearer ${apiKey.key}` };
    for (const [method, url] of [
      ['GET', '/applications'],
      ['POST', '/applications'],
      ['GET', `/applications/${application.id}/keys`],
      ['POST', `/applications/${application.id}/keys`],
      ['GET', '/auth/me'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers, payload: method === 'POST' ? { name: 'x' } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const someone = await registerUser(t.app);
    expect((await asUser(t.app, someone).get('/api/v1/containers')).statusCode).toBe(200);
  });
});

describe(`API key rate limits on ${testDriver}`, () => {
  const t = useTestApp({
    config: { apiKeys: { rateLimits: { standard: 3, premium: 5, enterprise: 100 }, usageFlushIntervalMs: 1000 } },
  });

  it('sets RateLimit-* headers and answers 429 with Retry-After past the tier’s budget', async () => {
    const { apiKey, api, application } = await userWithKey(t.app);
    const key = withKey(t.app, apiKey.key);
    for (let i = 1; i <= 3; i++) {
      const res = await key.get('/containers');
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
      expect(res.headers['ratelimit-remaining']).toBe(String(3 - i));
      const reset = Number(res.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(60);
    }
    const limited = await key.get('/containers');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'Rate limit exceeded for this API key', code: 'RATE_LIMITED' });
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    await t.app.apiKeys.flushUsage();
    const { stats } = apiKeyStatsResponseSchema.parse(
      (await api.get(`/applications/${application.id}/keys/${apiKey.id}/stats?days=1`)).json(),
    );
    expect(stats.days).toEqual([{ date: today(), allowed: 3, rate_limited: 1, rejected: 0 }]);
  });

  it('gives each key its own budget, and a premium key the premium one', async () => {
    const { apiKey: premium } = await userWithKey(t.app, { name: 'premium' });
    // Tiers are set by operators; no API changes them.
    await t.app.db.update(apiKeys).set({ rateLimitTier: 'premium' }).where(eq(apiKeys.id, premium.id));
    const { apiKey: standard } = await userWithKey(t.app, { name: 'standard' });
    const p = withKey(t.app, premium.key);
    const s = withKey(t.app, standard.key);
    for (let i = 0; i < 3; i++) expect((await s.get('/containers')).statusCode).toBe(200);
    expect((await s.get('/containers')).statusCode).toBe(429);
    for (let i = 0; i < 5; i++) {
      const res = await p.get('/containers');
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('5');
    }
    expect((await p.get('/containers')).statusCode).toBe(429);
  });

  it('does not limit session calls by key budgets: they count against the user’s own', async () => {
    const user = asUser(t.app, await registerUser(t.app));
    for (let i = 0; i < 5; i++) {
      const res = await user.get('/api/v1/containers');
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe(String(t.app.config.userLimits.apiRequestsPerMinute));
    }
  });
});

describe(`API key usage on shutdown, ${testDriver}`, () => {
  it('writes the batched counts when the server closes', async () => {
    // A database that outlives the app: a PGlite directory, or a PostgreSQL database.
    const dir = testDriver === 'pglite' ? await mkdtemp(join(tmpdir(), 'nuvem-usage-')) : null;
    if (dir) await seedPgliteDir(dir);
    const database = dir
      ? { config: { driver: 'pglite' as const, dataDir: dir }, drop: () => rm(dir, { recursive: true, force: true }) }
      : await createTestDatabase();
    try {
      const config = testConfig(database.config, {
        apiKeys: { rateLimits: { standard: 60, premium: 600, enterprise: 6000 }, usageFlushIntervalMs: 600_000 },
      });
      const first = await buildApp(config);
      await first.ready();
      const { apiKey } = await userWithKey(first);
      for (let i = 0; i < 2; i++) expect((await withKey(first, apiKey.key).get('/containers')).statusCode).toBe(200);
      await first.close();

      const second = await buildApp(config);
      await second.ready();
      try {
        const [row] = await second.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
        expect(row?.usageCount).toBe(2);
        expect(row?.lastUsedAt).not.toBeNull();
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
    }
  });
});
