import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * A small key/value cache with a time to live, shared by instances when it lives in Redis. The
 * in-process one is `lru-cache`; the Redis one is ours (a GET/SET PX/DEL with a reviver and errors
 * that count as misses: no library adds anything to three commands).
 */
export interface TtlCache<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * In-process, on `lru-cache`: right for one instance. Bounded: past `maxEntries` the least
 * recently used entry goes first. An entry is gone once its time to live has passed (to the ms).
 */
export class MemoryTtlCache<T extends object | string | number | boolean> implements TtlCache<T> {
  private readonly entries: LRUCache<string, T>;

  constructor(maxEntries = 10_000, now: () => number = Date.now) {
    this.entries = new LRUCache<string, T>({
      max: maxEntries,
      // lru-cache reads a start time of 0 as "no time to live": a clock that starts at 0 (a test's)
      // is moved on by 1 ms, which changes no entry's age. Each read asks the clock (no 1 ms reuse).
      perf: { now: () => now() + 1 },
      ttlResolution: 0,
    });
  }

  async get(key: string): Promise<T | undefined> {
    const value = this.entries.get(key);
    // lru-cache keeps an entry through the very millisecond its time to live ends; this cache does not.
    if (value === undefined || this.entries.getRemainingTTL(key) > 0) return value;
    this.entries.delete(key);
    return undefined;
  }

  async set(key: string, value: T, ttlMs: number): Promise<void> {
    // lru-cache reads a ttl of 0 as "for ever": a time to live already spent keeps nothing.
    if (!(ttlMs > 0)) {
      this.entries.delete(key);
      return;
    }
    this.entries.set(key, value, { ttl: ttlMs });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  /** Forgets everything (e.g. when invalidations may have been missed). */
  clear(): void {
    this.entries.clear();
  }
}

/**
 * In Redis, as JSON; `revive` turns the parsed JSON back into a value (dates, say). A cache is
 * only a shortcut: when Redis fails (`onError` hears of it), `get` misses and `set` and `delete`
 * do nothing, so callers fall back to the source of truth instead of failing. An entry whose
 * delete failed can outlive its source only until its time to live ends, which Redis counts.
 */
export class RedisTtlCache<T> implements TtlCache<T> {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly revive: (json: unknown) => T | undefined,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async get(key: string): Promise<T | undefined> {
    let raw: string | null;
    try {
      raw = await this.redis.get(this.prefix + key);
    } catch (error) {
      this.onError(error);
      return undefined;
    }
    if (raw === null) return undefined;
    try {
      return this.revive(JSON.parse(raw));
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: T, ttlMs: number): Promise<void> {
    try {
      await this.redis.set(this.prefix + key, JSON.stringify(value), 'PX', ttlMs);
    } catch (error) {
      this.onError(error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.redis.del(this.prefix + key);
    } catch (error) {
      this.onError(error);
    }
  }
}
