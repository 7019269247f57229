import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryTtlCache, RedisTtlCache } from './ttl-cache.js';

describe('MemoryTtlCache', () => {
  it('forgets entries after their time to live, on delete, and the oldest past its size', async () => {
    let now = 0;
    const cache = new MemoryTtlCache<string>(2, () => now);
    await cache.set('a', 'A', 1_000);
    expect(await cache.get('a')).toBe('A');
    now = 1_000;
    expect(await cache.get('a')).toBeUndefined();

    await cache.set('b', 'B', 1_000);
    await cache.delete('b');
    expect(await cache.get('b')).toBeUndefined();

    await cache.set('x', 'X', 1_000);
    await cache.set('y', 'Y', 1_000);
    await cache.set('z', 'Z', 1_000);
    expect(await cache.get('x')).toBeUndefined();
    expect(await cache.get('z')).toBe('Z');
  });

  it('keeps nothing whose time to live is already spent (zero or less), and drops what was there', async () => {
    const cache = new MemoryTtlCache<string>(10, () => 5_000);
    await cache.set('a', 'A', 0);
    expect(await cache.get('a')).toBeUndefined();
    await cache.set('b', 'B', 1_000);
    await cache.set('b', 'B2', -1);
    expect(await cache.get('b')).toBeUndefined();
  });
});

describe('RedisTtlCache without Redis', () => {
  it('misses and carries on, so callers fall back to the source of truth, and reports the failure', async () => {
    // Nothing listens on port 1; no offline queue, no retries: every command fails at once.
    const redis = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
    const failures: unknown[] = [];
    const cache = new RedisTtlCache(
      redis,
      'nuvem:test:',
      (json) => json as string,
      (error) => failures.push(error),
    );
    try {
      await expect(cache.get('k')).resolves.toBeUndefined();
      await expect(cache.set('k', 'v', 1_000)).resolves.toBeUndefined();
      await expect(cache.delete('k')).resolves.toBeUndefined();
      expect(failures).toHaveLength(3);
    } finally {
      redis.disconnect();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('RedisTtlCache', () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? '');
  afterAll(async () => {
    await redis.quit();
  });

  it('round-trips values through the reviver, shared by every client, and deletes them', async () => {
    const prefix = `nuvem:test:${randomBytes(4).toString('hex')}:`;
    const revive = (json: unknown) => {
      const { at } = json as { at: string };
      return { at: new Date(at) };
    };
    const a = new RedisTtlCache(redis, prefix, revive);
    const b = new RedisTtlCache(redis, prefix, revive);
    const at = new Date('2026-01-02T03:04:05.000Z');
    await a.set('k', { at }, 10_000);
    expect(await b.get('k')).toEqual({ at });
    expect(await redis.pttl(`${prefix}k`)).toBeGreaterThan(9_000);
    await b.delete('k');
    expect(await a.get('k')).toBeUndefined();
  });
});
