import {
  API_KEY_PREFIX,
  apiKeyPattern,
  rateLimitTiers,
  type ApiKeyScope,
  type RateLimitTier,
} from '@nuvem/contracts/applications';
import { roles, type Role } from '@nuvem/contracts/orgs';
import { planIds, plans, type PlanId } from '@nuvem/contracts/pricing';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { RateLimiter, RateLimitResult } from '../../lib/rate-limiter.js';
import { sha256 } from '../../lib/tokens.js';
import { MemoryTtlCache } from '../../lib/ttl-cache.js';
import type { EventBus } from '../../plugins/app/event-bus.js';
import type { KeyVerification, RateLimitFigures, UserBudgetVerdict } from '../auth/platform-verdict.js';
import { bearerToken } from '../auth/principal.js';
import type { ApplicationsRepository } from './applications.repository.js';
import { UsageBatcher, type UsageOutcome } from './usage-batcher.js';

/** A key as the platform API needs it: whose it is, what it may do, and whether it still works. */
export interface VerifiedKey {
  id: string;
  applicationId: string;
  /** The workspace the key belongs to (a user's id for the personal workspace). */
  userId: string;
  /** Who issued it (null only for keys older than organisations: then the workspace's user). */
  createdBy: string | null;
  /** The role it was issued under. */
  role: Role;
  scopes: ApiKeyScope[];
  tier: RateLimitTier;
  expiresAt: Date;
  revokedAt: Date | null;
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
}

/**
 * The budget a request is told about: the tightest (fewest requests left, then the later reset),
 * an exhausted one first. Also says whether any budget is exhausted, and which.
 */
function tightest<B extends Budget>(budgets: [B, ...B[]]): { shown: B; refused: boolean; figures: RateLimitFigures } {
  const left = (b: Budget) => Math.max(0, b.limit - b.result.count);
  const refused = budgets.filter((b) => !b.result.allowed);
  const candidates = refused.length > 0 ? refused : budgets;
  const shown = candidates.reduce((a, b) =>
    left(b) < left(a) || (left(b) === left(a) && b.result.resetInMs > a.result.resetInMs) ? b : a,
  );
  return {
    shown,
    refused: refused.length > 0,
    figures: { limit: shown.limit, remaining: left(shown), resetInMs: shown.result.resetInMs },
  };
}

/** The API-key tier of a plan (billing publishes the user's plan in user_plans; no row is Free). */
export function planKeyTier(found: string | undefined): RateLimitTier {
  const planId: PlanId = found && (planIds as readonly string[]).includes(found) ? (found as PlanId) : 'free';
  return plans[planId].entitlements.keyTier;
}

/** The lower of two tiers (a tier the configuration does not know counts as standard). */
function lowerTier(a: RateLimitTier, b: RateLimitTier): RateLimitTier {
  const rank = (tier: RateLimitTier) => Math.max(0, rateLimitTiers.indexOf(tier));
  return rank(a) <= rank(b) ? a : b;
}

/** SHA-256 of a key: what is stored and what the cache is keyed by. */
export const hashApiKey = (key: string) => sha256(key);

/**
 * The platform API's side of API keys: verification with a short cache, per-key and per-workspace rate
 * limits, batched usage counts, and the CORS origins of the applications. Verification answers
 * with a verdict (`verifyKey`, `checkUserBudget`); the authentication hook turns it into HTTP.
 */
export async function createApiKeyAuth(deps: {
  repo: Pick<
    ApplicationsRepository,
    'findKeyByHash' | 'allAllowedOrigins' | 'allowedOriginsOf' | 'writeUsage' | 'planOf'
  >;
  bus: EventBus;
  limiter: RateLimiter;
  config: AppConfig;
  log: FastifyBaseLogger;
}) {
  const { repo, bus, limiter, config, log } = deps;
  const cache = new MemoryTtlCache<VerifiedKey>(10_000);
  const originsByApplication = new MemoryTtlCache<Set<string>>(10_000);
  // Each flush tells the keys' workspaces their new counts (the developer dashboard updates live):
  // `key.userId` is the key's workspace, whose members who may read its applications get the event.
  const usage = new UsageBatcher(
    repo,
    log,
    (used) => {
      for (const key of used) {
        void bus
          .publish(key.userId, 'api_key.used', { id: key.id, usage_count: key.usageCount })
          .catch((error: unknown) => log.warn({ err: error }, 'could not publish api_key.used'));
      }
    },
    config.apiKeys.usageFlushIntervalMs,
  );
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
  const stopListening = bus.onBroadcast(CHANNEL, (message) => apply(message as Invalidation));
  const stopResubscribed = bus.onResubscribed(() => {
    generation += 1;
    cache.clear();
    origins = null;
    originsByApplication.clear();
  });
  // Each instance counts usage in its own memory: the flush job asks all of them to write theirs.

  async function broadcast(message: Invalidation): Promise<void> {
    // This instance forgets at once; the others when the message reaches them.
    apply(message);
    await bus.broadcast(CHANNEL, message).catch((error: unknown) => {
      log.error({ err: error }, 'could not publish an api key invalidation');
    });
  }

  async function lookUp(hash: string): Promise<VerifiedKey | undefined> {
    const row = await repo.findKeyByHash(hash);
    if (!row) return undefined;
    return {
      ...row,
      scopes: row.scopes as ApiKeyScope[],
      tier: row.tier as RateLimitTier,
      role: (roles as readonly string[]).includes(row.role) ? (row.role as Role) : 'viewer',
    };
  }

  /** The key behind `token` (revoked and expired ones included), or undefined for an unknown key. */
  async function findKey(token: string, options: { cache?: boolean } = {}): Promise<VerifiedKey | undefined> {
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
   * Counts one platform API request against a budget of USER_API_RATE_LIMIT_PER_MINUTE that
   * `holder` owns: a key's workspace (every key of the workspace shares it, whoever issued them) or
   * a signed-in person (their sessions share it, whichever workspace they act in). A personal
   * workspace's id is its user's, so there the person's sessions and keys share one budget, as
   * before organisations. A key on a tier above standard (operators set tiers; users only create
   * standard keys) may use its tier's budget: the count is still shared, the ceiling for that key's
   * calls is the higher of the two.
   */
  async function sharedBudget(holder: string, keyLimit = 0): Promise<Budget> {
    const limit = Math.max(config.userLimits.apiRequestsPerMinute, keyLimit);
    const result = await limiter.hit(`apiuser:${holder}`, limit, RATE_WINDOW_MS);
    return { limit, result };
  }

  /** A session's call on the platform API, counted against the signed-in person's budget (`userId`). */
  async function checkUserBudget(userId: string): Promise<UserBudgetVerdict> {
    const { refused, figures } = tightest([await sharedBudget(userId)]);
    return refused
      ? { valid: false, code: 'USER_RATE_LIMITED', ratelimit: figures }
      : { valid: true, code: 'VALID', ratelimit: figures };
  }

  /**
   * The tier a key has now. With PLAN_QUOTAS a tier above standard is the workspace's paid plan's, and
   * only while that plan lasts: billing lowers the stored tier when it notices the plan ended (the
   * renewals job), but the user_plans view drops the plan at its period's end, so the plan is read
   * at the moment of the check. Only keys above standard pay that read (one row by primary key);
   * an upgrade reaches the key through billing's tier change, which drops the cached look-ups.
   */
  async function currentTier(key: VerifiedKey): Promise<RateLimitTier> {
    if (!config.payments.planQuotas || key.tier === 'standard') return key.tier;
    return lowerTier(key.tier, planKeyTier(await repo.planOf(key.userId)));
  }

  /**
   * Verifies a platform API request made with `Authorization: Bearer nuv_…` (`method`: the
   * request's): an unknown, revoked or expired key; the tier's budget or the workspace's spent; the
   * scope the method needs missing; else valid. Every outcome is counted in the key's usage.
   */
  async function verifyKey(token: string, method: string): Promise<KeyVerification> {
    const key = await findKey(token);
    if (!key) return { valid: false, code: 'NOT_FOUND' };
    const facts = { keyId: key.id, applicationId: key.applicationId };
    const now = new Date();
    if (key.revokedAt || key.expiresAt <= now) {
      usage.record(key.id, 'rejected', now);
      return { valid: false, code: key.revokedAt ? 'REVOKED' : 'EXPIRED', ...facts };
    }
    const tier = await currentTier(key);
    // A tier the configuration does not know (set by hand in the database) gets the standard budget.
    const limits: Partial<Record<string, number>> = config.apiKeys.rateLimits;
    const limit = limits[tier] ?? config.apiKeys.rateLimits.standard;
    const [result, user] = await Promise.all([
      limiter.hit(`apikey:${key.id}`, limit, RATE_WINDOW_MS),
      // The workspace's budget (`key.userId` is the key's workspace).
      sharedBudget(key.userId, tier === 'standard' ? 0 : limit),
    ]);
    type CodedBudget = Budget & { code: 'RATE_LIMITED' | 'USER_RATE_LIMITED' };
    const { shown, refused, figures } = tightest<CodedBudget>([
      { limit, result, code: 'RATE_LIMITED' },
      { ...user, code: 'USER_RATE_LIMITED' },
    ]);
    if (refused) {
      usage.record(key.id, 'rate_limited', now);
      return { valid: false, code: shown.code, ...facts, ratelimit: figures };
    }
    const needs: ApiKeyScope = readMethods.has(method) ? 'read' : 'write';
    if (!key.scopes.includes(needs)) {
      usage.record(key.id, 'rejected', now);
      return { valid: false, code: 'INSUFFICIENT_SCOPE', needs, ...facts, ratelimit: figures };
    }
    usage.record(key.id, 'allowed', now);
    return {
      valid: true,
      code: 'VALID',
      ...facts,
      userId: key.userId,
      createdBy: key.createdBy ?? key.userId,
      role: key.role,
      scopes: key.scopes,
      tier,
      ratelimit: figures,
    };
  }

  /** The union of every application's allowed origins: what preflights (which carry no key) are answered for. */
  async function allowedOrigins(): Promise<Set<string>> {
    if (origins && Date.now() - origins.at < ORIGINS_TTL_MS) return origins.set;
    const startedAt = generation;
    const set = new Set((await repo.allAllowedOrigins()).flat());
    if (startedAt === generation) origins = { set, at: Date.now() };
    return set;
  }

  /** The allowed origins of one application (empty when it is gone). */
  async function originsOf(applicationId: string): Promise<Set<string>> {
    const cached = await originsByApplication.get(applicationId);
    if (cached) return cached;
    const startedAt = generation;
    const set = new Set((await repo.allowedOriginsOf(applicationId)) ?? []);
    if (startedAt === generation) await originsByApplication.set(applicationId, set, ORIGINS_TTL_MS);
    return set;
  }

  /**
   * The origins a platform API answer may be shared with: those of the application whose key the
   * request carried on a `platform` route (verified by the authentication hook, whatever its
   * verdict, so a browser on the key's own origin can read a 401, 403 or 429); none for a session
   * or an unknown key. The key comes from the cache the hook's verification just filled.
   */
  async function allowedOriginsFor(request: FastifyRequest): Promise<Set<string>> {
    if (request.routeOptions.config.auth !== 'platform') return new Set();
    const bearer = bearerToken(request);
    if (!bearer?.startsWith(API_KEY_PREFIX)) return new Set();
    const key = await findKey(bearer);
    return key ? originsOf(key.applicationId) : new Set();
  }

  return {
    verifyKey,
    checkUserBudget,
    findKey,
    allowedOrigins,
    allowedOriginsFor,
    /** Records one outcome for a key (what `verifyKey` does on its own). */
    recordUsage: (keyId: string, outcome: UsageOutcome) => usage.record(keyId, outcome),
    /** Writes this instance's batched usage counts now. */
    flushUsage: () => usage.flush(),
    /** Drops these keys (by hash) from every instance's cache: call after revoking, rotating or deleting. */
    invalidateKeys: (hashes: string[]) => (hashes.length > 0 ? broadcast({ kind: 'keys', hashes }) : Promise.resolve()),
    /** The allowed origins changed: every instance re-reads them. */
    originsChanged: () => broadcast({ kind: 'origins' }),
    /** Forgets every cached key on this instance (benchmarks). */
    clearCache: () => cache.clear(),
    async close(): Promise<void> {
      usage.stop();
      await usage.flush();
      stopListening();
      stopResubscribed();
    },
  };
}
export type ApiKeyAuthService = Awaited<ReturnType<typeof createApiKeyAuth>>;
