import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter, RedisRateLimiter } from './rate-limiter.js';

describe('MemoryRateLimiter', () => {
  it('allows `limit` hits per window, then refuses until the window resets', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => now);
    for (let i = 1; i <= 3; i++) expect(await limiter.hit('k', 3, 60_000)).toMatchObject({ allowed: true, count: i });
    expect(await limiter.hit('k', 3, 60_000)).toEqual({ allowed: false, count: 4, resetInMs: 60_000 });
    expect((await limiter.hit('other', 3, 60_000)).allowed).toBe(true);
    now += 60_000;
    expect(await limiter.hit('k', 3, 60_000)).toMatchObject({ allowed: true, count: 1 });
    await limiter.close();
  });
});

describe('peek', () => {
  it('reads a count and the time left without counting a hit', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(() => now);
    expect(await limiter.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    await limiter.hit('k', 3, 60_000);
    await limiter.hit('k', 3, 60_000);
    now += 10_000;
    expect(await limiter.peek('k')).toEqual({ count: 2, resetInMs: 50_000 });
    expect(await limiter.peek('k')).toEqual({ count: 2, resetInMs: 50_000 });
    now += 50_000;
    expect(await limiter.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    await limiter.close();
  });

  it('reset forgets a counter and leaves the others', async () => {
    const limiter = new MemoryRateLimiter();
    await limiter.hit('k', 3, 60_000);
    await limiter.hit('other', 3, 60_000);
    await limiter.reset('k');
    expect((await limiter.peek('k')).count).toBe(0);
    expect((await limiter.peek('other')).count).toBe(1);
    await limiter.close();
  });
});

describe('RedisRateLimiter without Redis', () => {
  it('refuses at once with a 503 rather than let requests through uncounted', async () => {
    // Nothing listens on port 1; no offline queue, no retries: every command fails at once.
    const redis = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
    try {
      const limiter = new RedisRateLimiter(redis, 'nuvem:test:');
      await expect(limiter.hit('login', 3, 60_000)).rejects.toMatchObject({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        headers: { 'retry-after': '5' },
      });
    } finally {
      redis.disconnect();
    }
  });
});

// Runs when a Redis server is named (CI sets TEST_REDIS_URL; `npm test` says when it is skipped).
describe.runIf(process.env.TEST_REDIS_URL)('RedisRateLimiter', () => {
  const clients: Redis[] = [];
  const connect = () => {
    const client = new Redis(process.env.TEST_REDIS_URL ?? '');
    clients.push(client);
    return client;
  };
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('shares one count between instances and expires it with the window', async () => {
    const prefix = `nuvem:test:${randomBytes(4).toString('hex')}:`;
    const a = new RedisRateLimiter(connect(), prefix);
    const b = new RedisRateLimiter(connect(), prefix);
    expect(await a.hit('login', 3, 300)).toMatchObject({ allowed: true, count: 1 });
    expect(await b.hit('login', 3, 300)).toMatchObject({ allowed: true, count: 2 });
    expect(await a.hit('login', 3, 300)).toMatchObject({ allowed: true, count: 3 });
    const refused = await b.hit('login', 3, 300);
    expect(refused.allowed).toBe(false);
    expect(refused.resetInMs).toBeGreaterThan(0);
    expect(refused.resetInMs).toBeLessThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, refused.resetInMs + 50));
    expect(await a.hit('login', 3, 300)).toMatchObject({ allowed: true, count: 1 });
  });

  it('peeks at a shared count without counting', async () => {
    const prefix = `nuvem:test:${randomBytes(4).toString('hex')}:`;
    const a = new RedisRateLimiter(connect(), prefix);
    const b = new RedisRateLimiter(connect(), prefix);
    expect(await a.peek('fails')).toEqual({ count: 0, resetInMs: 0 });
    await a.hit('fails', 3, 60_000);
    await a.hit('fails', 3, 60_000);
    const seen = await b.peek('fails');
    expect(seen.count).toBe(2);
    expect(seen.resetInMs).toBeGreaterThan(50_000);
    expect(seen.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await b.peek('fails')).count).toBe(2);
    expect((await a.hit('fails', 3, 60_000)).count).toBe(3);
    await b.reset('fails');
    expect((await a.peek('fails')).count).toBe(0);
  });
});
