import {
  apiKeyPattern,
  applicationMessages,
  type ApiKeyScope,
  type RateLimitTier,
} from '@nuvem/contracts/applications';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { apiKeys } from '../../db/schema/api-keys.js';
import { applications } from '../../db/schema/applications.js';
import { users, type UserRow } from '../../db/schema/users.js';
import { AppError } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { sha256 } from '../../lib/tokens.js';
import { MemoryTtlCache } from '../../lib/ttl-cache.js';
import { UsageBatcher, type UsageOutcome } from './usage-batcher.js';

/** A key as the platform API needs it: whose it is, what it may do, and whether it still works. */
export interface VerifiedKey {
  id: string;
  applicationId: string;
  user: UserRow;
  scopes: ApiKeyScope[];
  tier: RateLimitTier;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Who a key-authenticated request acts as. */
export interface ApiKeyAuth {
  user: UserRow;
  via: 'api_key';
  apiKey: { id: string; scopes: ApiKeyScope[]; tier: RateLimitTier };
}

/**
 * How long a verified key is reused without asking the database. Revoking, rotating or deleting
 * drops the entry at once on this instance and, through Redis pub/sub, on the others.
 */
export const KEY_CACHE_TTL_MS = 30_000;
/** The union of the applications' allowed origins is re-read at least this often. */
export const ORIGINS_TTL_MS = 60_000;
const RATE_WINDOW_MS = 60_000;
const CHANNEL = 'nuvem:api-keys:invalidate';

type Invalidation = { kind: 'keys'; hashes: string[] } | { kind: 'origins' };

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** SHA-256 of a key: what is stored and what the cache is keyed by. */
export const hashApiKey = (key: string) => sha256(key);

/**
 * The platform API's side of API keys: verification with a short cache, per-key rate limits,
 * batched usage counts, and the CORS origins of all applications.
 */
export async function createApiKeyAuth(deps: {
  db: Database;
  redis: Redis | null;
  limiter: RateLimiter;
  config: AppConfig;
  log: FastifyBaseLogger;
}) {
  const { db, redis, limiter, config, log } = deps;
  const cache = new MemoryTtlCache<VerifiedKey>(10_000);
  const usage = new UsageBatcher(db, log);
  // Bumped by every invalidation: a look-up that started before one is not cached.
  let generation = 0;
  let origins: { set: Set<string>; at: number } | null = null;

  const apply = (message: Invalidation) => {
    generation += 1;
    if (message.kind === 'keys') for (const hash of message.hashes) void cache.delete(hash);
    else origins = null;
  };

  // Invalidations reach the other instances through Redis pub/sub (a subscriber needs its own
  // connection). After a reconnect messages may have been missed: forget everything cached.
  let subscriber: Redis | null = null;
  if (redis) {
    subscriber = redis.duplicate();
    subscriber.on('error', (error) => log.warn({ err: error }, 'api key invalidation subscriber error'));
    let connectedOnce = false;
    subscriber.on('ready', () => {
      if (connectedOnce) {
        generation += 1;
        cache.clear();
        origins = null;
      }
      connectedOnce = true;
    });
    subscriber.on('message', (_channel: string, raw: string) => {
      try {
        apply(JSON.parse(raw) as Invalidation);
      } catch {
        log.warn('malformed api key invalidation message');
      }
    });
    await subscriber.subscribe(CHANNEL);
  }

  async function broadcast(message: Invalidation): Promise<void> {
    apply(message);
    if (redis) {
      await redis.publish(CHANNEL, JSON.stringify(message)).catch((error: unknown) => {
        log.error({ err: error }, 'could not publish an api key invalidation');
      });
    }
  }

  async function lookUp(hash: string): Promise<VerifiedKey | undefined> {
    const rows = await db
      .select({
        id: apiKeys.id,
        applicationId: apiKeys.applicationId,
        scopes: apiKeys.scopes,
        tier: apiKeys.rateLimitTier,
        expiresAt: apiKeys.expiresAt,
        revokedAt: apiKeys.revokedAt,
        user: users,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(eq(apiKeys.keyHash, hash))
      .limit(1);
    const row = rows[0];
    if (!row) return undefined;
    return {
      ...row,
      scopes: row.scopes as ApiKeyScope[],
      tier: row.tier as RateLimitTier,
      user: { ...row.user, passwordHash: null },
    };
  }

  /** The key behind `token` (revoked and expired ones included), or undefined for an unknown key. */
  async function verify(token: string, options: { cache?: boolean } = {}): Promise<VerifiedKey | undefined> {
    if (!apiKeyPattern.test(token)) return undefined;
    const hash = hashApiKey(token);
    const useCache = options.cache ?? true;
    if (useCache) {
      const cached = await cache.get(hash);
      if (cached) return cached;
    }
    const startedAt = generation;
    const found = await lookUp(hash);
    if (found && useCache && startedAt === generation) await cache.set(hash, found, KEY_CACHE_TTL_MS);
    return found;
  }

  /**
   * Authenticates a platform API request made with `Authorization: Bearer nuv_…`: 401 for an
   * unknown, revoked or expired key, 429 past the tier's budget (RateLimit-* headers on every
   * answer), 403 without the scope the method needs. Every outcome is counted.
   */
  async function authenticate(token: string, method: string, reply: FastifyReply): Promise<ApiKeyAuth> {
    const key = await verify(token);
    if (!key) throw new AppError(401, applicationMessages.invalidKey, 'INVALID_API_KEY');
    const now = new Date();
    if (key.revokedAt) {
      usage.record(key.id, 'rejected', now);
      throw new AppError(401, applicationMessages.revokedKey, 'API_KEY_REVOKED');
    }
    if (key.expiresAt <= now) {
      usage.record(key.id, 'rejected', now);
      throw new AppError(401, applicationMessages.expiredKey, 'API_KEY_EXPIRED');
    }
    // A tier the configuration does not know (set by hand in the database) gets the standard budget.
    const limits: Partial<Record<string, number>> = config.apiKeys.rateLimits;
    const limit = limits[key.tier] ?? config.apiKeys.rateLimits.standard;
    const result = await limiter.hit(`apikey:${key.id}`, limit, RATE_WINDOW_MS);
    const resetSeconds = Math.max(1, Math.ceil(result.resetInMs / 1000));
    reply.header('ratelimit-limit', String(limit));
    reply.header('ratelimit-remaining', String(Math.max(0, limit - result.count)));
    reply.header('ratelimit-reset', String(resetSeconds));
    if (!result.allowed) {
      usage.record(key.id, 'rate_limited', now);
      throw new AppError(429, applicationMessages.rateLimited, 'RATE_LIMITED', { 'retry-after': String(resetSeconds) });
    }
    const needs: ApiKeyScope = readMethods.has(method) ? 'read' : 'write';
    if (!key.scopes.includes(needs)) {
      usage.record(key.id, 'rejected', now);
      throw new AppError(
        403,
        needs === 'write' ? applicationMessages.missingWrite : applicationMessages.missingRead,
        'INSUFFICIENT_SCOPE',
      );
    }
    usage.record(key.id, 'allowed', now);
    return { user: key.user, via: 'api_key', apiKey: { id: key.id, scopes: key.scopes, tier: key.tier } };
  }

  /** The union of every application's allowed origins (the platform API's CORS policy). */
  async function allowedOrigins(): Promise<Set<string>> {
    if (origins && Date.now() - origins.at < ORIGINS_TTL_MS) return origins.set;
    const startedAt = generation;
    const rows = await db.select({ allowedOrigins: applications.allowedOrigins }).from(applications);
    const set = new Set(rows.flatMap((row) => row.allowedOrigins));
    if (startedAt === generation) origins = { set, at: Date.now() };
    return set;
  }

  let timer: NodeJS.Timeout | undefined;

  return {
    verify,
    authenticate,
    allowedOrigins,
    /** Records one outcome for a key (what `authenticate` does on its own). */
    recordUsage: (keyId: string, outcome: UsageOutcome) => usage.record(keyId, outcome),
    /** Writes the batched usage counts now. */
    flushUsage: () => usage.flush(),
    /** Drops these keys (by hash) from every instance's cache: call after revoking, rotating or deleting. */
    invalidateKeys: (hashes: string[]) => (hashes.length > 0 ? broadcast({ kind: 'keys', hashes }) : Promise.resolve()),
    /** The allowed origins changed: every instance re-reads them. */
    originsChanged: () => broadcast({ kind: 'origins' }),
    /** Forgets every cached key on this instance (benchmarks). */
    clearCache: () => cache.clear(),
    start(): void {
      timer = setInterval(() => void usage.flush(), config.apiKeys.usageFlushIntervalMs);
      timer.unref();
    },
    async close(): Promise<void> {
      clearInterval(timer);
      await usage.flush();
      const sub = subscriber;
      if (sub) await sub.quit().catch(() => sub.disconnect());
    },
  };
}
export type ApiKeyAuthService = Awaited<ReturnType<typeof createApiKeyAuth>>;
