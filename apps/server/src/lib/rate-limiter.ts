import { errorMessages } from '@nuvem/contracts/common';
import type { Redis } from 'ioredis';
import { AppError } from './errors.js';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window resets. */
  resetInMs: number;
}

/** What a counter holds now: hits in the current window (0 when none) and ms until it resets. */
export interface RateLimitCount {
  count: number;
  resetInMs: number;
}

/**
 * Fixed-window counters: `hit(key, limit, windowMs)` counts one hit and says if it is allowed;
 * `peek(key)` reads a counter without counting.
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  peek(key: string): Promise<RateLimitCount>;
  /** Forgets a counter (a success that ends a run of failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One process's counters: right for one instance, and for tests. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Drop expired windows so the map cannot grow without bound.
    this.sweeper = setInterval(() => {
      const t = this.now();
      for (const [key, window] of this.windows) if (window.resetAt <= t) this.windows.delete(key);
    }, 60_000);
    this.sweeper.unref();
  }

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const t = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= t) {
      window = { count: 0, resetAt: t + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { allowed: window.count <= limit, count: window.count, resetInMs: window.resetAt - t };
  }

  async peek(key: string): Promise<RateLimitCount> {
    const t = this.now();
    const window = this.windows.get(key);
    return window && window.resetAt > t
      ? { count: window.count, resetInMs: window.resetAt - t }
      : { count: 0, resetInMs: 0 };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}

// INCR, set the expiry on the first hit, and read what is left, atomically.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

// The count and what is left of its window, read together.
const peekScript = `
local count = redis.call('GET', KEYS[1])
if not count then return { 0, 0 } end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return { tonumber(count), ttl }
`;

/** Counters in Redis, shared by every instance. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'nuvem:rl:',
  ) {}

  async hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const reply = await this.run(hitScript, key, String(windowMs));
    const [count, ttl] = Array.isArray(reply) ? reply.map(Number) : [Number.NaN, Number.NaN];
    if (count === undefined || ttl === undefined || Number.isNaN(count) || Number.isNaN(ttl)) {
      throw new Error('unexpected reply from Redis rate-limit script');
    }
    return { allowed: count <= limit, count, resetInMs: ttl };
  }

  async peek(key: string): Promise<RateLimitCount> {
    const reply = await this.run(peekScript, key);
    const [count, ttl] = Array.isArray(reply) ? reply.map(Number) : [Number.NaN, Number.NaN];
    if (count === undefined || ttl === undefined || Number.isNaN(count) || Number.isNaN(ttl)) {
      throw new Error('unexpected reply from Redis rate-limit script');
    }
    return { count, resetInMs: ttl };
  }

  async reset(key: string): Promise<void> {
    // Best effort: a counter that is not forgotten only expires with its window.
    await this.redis.del(this.prefix + key).catch(() => 0);
  }

  /**
   * Runs a counter script. Without Redis the limits cannot be enforced: the request is refused
   * at once with a 503 (fail closed) rather than let through uncounted or left waiting.
   */
  private async run(script: string, key: string, ...args: string[]): Promise<unknown> {
    try {
      return await this.redis.eval(script, 1, this.prefix + key, ...args);
    } catch (error) {
      const unavailable = new AppError(503, errorMessages.serviceUnavailable, 'SERVICE_UNAVAILABLE', {
        'retry-after': '5',
      });
      unavailable.cause = error; // logged by the error handler
      throw unavailable;
    }
  }

  async close(): Promise<void> {
    // The Redis connection belongs to the redis plugin, which closes it.
  }
}
