import type { Redis } from 'ioredis';

/** A small key/value cache with a time to live, shared by instances when it lives in Redis. */
export interface TtlCache<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/** In-process: right for one instance. Bounded: the oldest entries go first past `maxEntries`. */
export class MemoryTtlCache<T> implements TtlCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string): Promise<T | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  async set(key: string, value: T, ttlMs: number): Promise<void> {
    this.entries.delete(key); // re-insert at the end: Map keeps insertion order
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
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
