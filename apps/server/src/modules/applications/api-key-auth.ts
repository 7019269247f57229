import {
  apiKeyPattern,
  applicationMessages,
  type ApiKeyScope,
  type RateLimitTier,
} from '@nuvem/contracts/applications';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { apiKeys } from '../../db/schema/api-keys.js';
import { applications } from '../../db/schema/applications.js';
import { AppError } from '../../lib/errors.js';
import type { RateLimiter, RateLimitResult } from '../../lib/rate-limiter.js';
import { sha256 } from '../../lib/tokens.js';
import { MemoryTtlCache } from '../../lib/ttl-cache.js';
import type { EventBus } from '../../plugins/app/events.js';
import { UsageBatcher, type UsageOutcome } from './usage-batcher.js';

/** A key as the platform API needs it: whose it is, what it may do, and whether it still works. */
export interface VerifiedKey {
  id: string;
  applicationId: string;
  userId: string;
  scopes: ApiKeyScope[];
  tier: RateLimitTier;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Who a key-authenticated request acts as. */
export interface ApiKeyAuth {
  user: { id: string };
  via: 'api_key';
  apiKey: { id: string; scopes: ApiKeyScope[]; tier: RateLimitTier };
}

/**
 * How long a verified key is reused without asking the database. Revoking, rotating or deleting
 * drops the entry at once on this instance and, through the event bus, on the others.
 */
export const KEY_CACHE_TTL_MS = 30_000;
/** The applications' allowed origins (the union, and each one's) are re-read at least this often. */
export const ORIGINS_TTL_MS = 60_000;
const RATE_WINDOW_MS = 60_000;
const CHANNEL = 'nuvem:api-keys:invalidate';

type Invalidation = { kind: 'keys'; hashes: string[] } | { kind: 'origins' };

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** One rate-limit budget a request was counted against. */
interface Budget {
  limit: number;
  result: RateLimitResult;
  /** The 429's message when this budget is the one exhausted. */
  message: string;
}

/**
 * Sets RateLimit-* from the tightest budget (fewest requests left, then the later reset; an
 * exhausted one first) and answers 429 with its message and Retry-After when any is exhausted.
 */
function enforce(reply: FastifyReply, budgets: [Budget, ...Budget[]]): void {
  const left = (b: Budget) => Math.max(0, b.limit - b.result.count);
  const refused = budgets.filter((b) => !b.result.allowed);
  const shown = (refused.length > 0 ? refused : budgets).reduce((a, b) =>
    left(b) < left(a) || (left(b) === left(a) && b.result.resetInMs > a.result.resetInMs) ? b : a,
  );
  const resetSeconds = Math.max(1, Math.ceil(shown.result.resetInMs / 1000));
  reply.header('ratelimit-limit', String(shown.limit));
  reply.header('ratelimit-remaining', String(left(shown)));
  reply.header('ratelimit-reset', String(resetSeconds));
  if (refused.length > 0) {
    throw new AppError(429, shown.message, 'RATE_LIMITED', { 'retry-after': String(resetSeconds) });
  }
}

/** SHA-256 of a key: what is stored and what the cache is keyed by. */
export const hashApiKey = (key: string) => sha256(key);

/**
 * The platform API's side of API keys: verification with a short cache, per-key and per-user rate
 * limits, batched usage counts, and the CORS origins of the applications.
 */
export async function createApiKeyAuth(deps: {
  db: Database;
  events: EventBus;
  limiter: RateLimiter;
  config: AppConfig;
  log: FastifyBaseLogger;
}) {
  const { db, events, limiter, config, log } = deps;
  const cache = new MemoryTtlCache<VerifiedKey>(10_000);
  const originsByApplication = new MemoryTtlCache<Set<string>>(10_000);
  // Each flush tells the keys' owners their new counts (the developer dashboard updates live).
  const usage = new UsageBatcher(db, log, (used) => {
    for (const key of used) {
      void events
        .publish(key.userId, 'api_key.used', { id: key.id, usage_count: key.usageCount })
        .catch((error: unknown) => log.warn({ err: error }, 'could not publish api_key.used'));
    }
  });
  // The application of the key each platform API request was made with (for its CORS answer).
  const keyApplication = new WeakMap<FastifyRequest, string>();
  // Bumped by every invalidation: a look-up that started before one is not cached.
  let generation = 0;
  let origins: { set: Set<string>; at: number } | null = null;

  const apply = (message: Invalidation) => {
    generation += 1;
    if (message.kind === 'keys') for (const hash of message.hashes) void cache.delete(hash);
    else {
      origins = null;
      originsByApplication.clear();
    }
  };

  // Invalidations reach the other instances over the event bus (Redis pub/sub when configured).
  // After its subscription comes back messages may have been missed: forget everything cached.
  const stopListening = events.onBroadcast(CHANNEL, (message) => apply(message as Invalidation));
  const stopResubscribed = events.onResubscribed(() => {
    generation += 1;
    cache.clear();
    origins = null;
    originsByApplication.clear();
  });

  async function broadcast(message: Invalidation): Promise<void> {
    // This instance forgets at once; the others when the message reaches them.
    apply(message);
    await events.broadcast(CHANNEL, message).catch((error: unknown) => {
      log.error({ err: error }, 'could not publish an api key invalidation');
    });
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
        userId: apiKeys.userId,
      })
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, hash))
      .limit(1);
    const row = rows[0];
    if (!row) return undefined;
    return {
      ...row,
      scopes: row.scopes as ApiKeyScope[],
      tier: row.tier as RateLimitTier,
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
   * Counts one platform API request against the user's budget (USER_API_RATE_LIMIT_PER_MINUTE),
   * which the session and all the user's keys share. A key on a tier above standard (operators set
   * tiers; users only create standard keys) may use its tier's budget: the count is still shared,
   * the ceiling for that key's calls is the higher of the two.
   */
  async function userBudget(userId: string, keyLimit = 0): Promise<Budget> {
    const limit = Math.max(config.userLimits.apiRequestsPerMinute, keyLimit);
    const result = await limiter.hit(`apiuser:${userId}`, limit, RATE_WINDOW_MS);
    return { limit, result, message: applicationMessages.userRateLimited };
  }

  /** The per-user rate limit for a session (cookie or access token) on the platform API. */
  async function limitUser(userId: string, reply: FastifyReply): Promise<void> {
    enforce(reply, [await userBudget(userId)]);
  }

  /**
   * Authenticates a platform API request made with `Authorization: Bearer nuv_…`: 401 for an
   * unknown, revoked or expired key, 429 past the tier's budget or the user's (RateLimit-* headers
   * on every answer), 403 without the scope the method needs. Every outcome is counted.
   */
  async function authenticate(token: string, method: string, reply: FastifyReply): Promise<ApiKeyAuth> {
    const key = await verify(token);
    if (!key) throw new AppError(401, applicationMessages.invalidKey, 'INVALID_API_KEY');
    keyApplication.set(reply.request, key.applicationId);
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
    const [result, user] = await Promise.all([
      limiter.hit(`apikey:${key.id}`, limit, RATE_WINDOW_MS),
      userBudget(key.userId, key.tier === 'standard' ? 0 : limit),
    ]);
    try {
      enforce(reply, [{ limit, result, message: applicationMessages.rateLimited }, user]);
    } catch (error) {
      usage.record(key.id, 'rate_limited', now);
      throw error;
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
    return { user: { id: key.userId }, via: 'api_key', apiKey: { id: key.id, scopes: key.scopes, tier: key.tier } };
  }

  /** The union of every application's allowed origins: what preflights (which carry no key) are answered for. */
  async function allowedOrigins(): Promise<Set<string>> {
    if (origins && Date.now() - origins.at < ORIGINS_TTL_MS) return origins.set;
    const startedAt = generation;
    const rows = await db.select({ allowedOrigins: applications.allowedOrigins }).from(applications);
    const set = new Set(rows.flatMap((row) => row.allowedOrigins));
    if (startedAt === generation) origins = { set, at: Date.now() };
    return set;
  }

  /** The allowed origins of one application (empty when it is gone). */
  async function originsOf(applicationId: string): Promise<Set<string>> {
    const cached = await originsByApplication.get(applicationId);
    if (cached) return cached;
    const startedAt = generation;
    const [row] = await db
      .select({ allowedOrigins: applications.allowedOrigins })
      .from(applications)
      .where(eq(applications.id, applicationId))
      .limit(1);
    const set = new Set(row?.allowedOrigins ?? []);
    if (startedAt === generation) await originsByApplication.set(applicationId, set, ORIGINS_TTL_MS);
    return set;
  }

  /**
   * The origins a platform API answer may be shared with: those of the application whose key made
   * the request; none for a session or an unknown key.
   */
  async function allowedOriginsFor(request: FastifyRequest): Promise<Set<string>> {
    const applicationId = keyApplication.get(request);
    return applicationId ? originsOf(applicationId) : new Set();
  }

  let timer: NodeJS.Timeout | undefined;

  return {
    verify,
    authenticate,
    limitUser,
    allowedOrigins,
    allowedOriginsFor,
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
      stopListening();
      stopResubscribed();
    },
  };
}
export type ApiKeyAuthService = Awaited<ReturnType<typeof createApiKeyAuth>>;
