import { timingSafeEqual } from 'node:crypto';
import {
  API_KEY_BODY_LENGTH,
  API_KEY_PREFIX,
  API_KEY_PREFIX_LENGTH,
  applicationLimitMessages,
  applicationMessages,
  type ApiKey,
  type ApiKeyScope,
  type ApiKeyStats,
  type Application,
  type RateLimitTier,
} from '@nuvem/contracts/applications';
import { plans, planIds, type PlanId } from '@nuvem/contracts/pricing';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, ne } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { apiKeyUsage } from '../../db/schema/api-key-usage.js';
import { apiKeys, type ApiKeyRow } from '../../db/schema/api-keys.js';
import { applications, type ApplicationRow } from '../../db/schema/applications.js';
import { userPlans } from '../../db/schema/user-plans.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { randomBase62, sha256 } from '../../lib/tokens.js';
import { lockUserFor } from '../../lib/user-lock.js';
import type { ApiKeyAuthService } from './api-key-auth.js';
import { utcDay } from './usage-batcher.js';

const DAY_MS = 86_400_000;

/** `nuvc_` + 24 base62: public, identifies the application to the sign-in service. */
const newClientId = () => `nuvc_${randomBase62(24)}`;
/** `nuvs_` + 40 base62 (238 bits): shown once, stored as SHA-256. */
const newClientSecret = () => `nuvs_${randomBase62(40)}`;
/** `nuv_` + 40 base62 (238 bits): shown once, stored as SHA-256. */
const newApiKey = () => `${API_KEY_PREFIX}${randomBase62(API_KEY_BODY_LENGTH)}`;

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

function applicationView(row: ApplicationRow): Application {
  return {
    id: row.id,
    app_name: row.name,
    client_id: row.clientId,
    created_at: row.createdAt.toISOString(),
    redirect_uris: row.redirectUris,
    allowed_origins: row.allowedOrigins,
    status: 'active',
  };
}

function keyView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    key_prefix: row.keyPrefix,
    scopes: row.scopes as ApiKeyScope[],
    rate_limit_tier: row.rateLimitTier as RateLimitTier,
    usage_count: row.usageCount,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    revoked_reason: row.revokedReason,
  };
}

/** The database, or a transaction on it. */
type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

type NewKeyInput = Pick<ApiKeyRow, 'name' | 'description' | 'scopes' | 'rateLimitTier' | 'expiresAt'>;

export function createApplicationsService(deps: {
  db: Database;
  config: AppConfig;
  apiKeys: ApiKeyAuthService;
  now?: () => Date;
}) {
  const { db, config, apiKeys: keyAuth } = deps;
  const now = deps.now ?? (() => new Date());
  // Compared against when the client id is unknown, so both answers take as long.
  const dummyHash = sha256(newClientSecret());

  async function owned(userId: string, id: string): Promise<ApplicationRow> {
    const [row] = await db
      .select()
      .from(applications)
      .where(and(eq(applications.id, id), eq(applications.userId, userId)))
      .limit(1);
    if (!row) throw AppError.notFound(applicationMessages.applicationNotFound, 'APPLICATION_NOT_FOUND');
    return row;
  }

  async function ownedKey(userId: string, applicationId: string, keyId: string, tx: Executor = db) {
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.applicationId, applicationId), eq(apiKeys.userId, userId)))
      .limit(1);
    if (!row) throw AppError.notFound(applicationMessages.keyNotFound, 'API_KEY_NOT_FOUND');
    return row;
  }

  async function insertKey(userId: string, applicationId: string, input: NewKeyInput, tx: Executor = db) {
    const key = newApiKey();
    const [row] = await tx
      .insert(apiKeys)
      .values({
        id: newId('apiKey'),
        applicationId,
        userId,
        name: input.name,
        description: input.description,
        keyPrefix: key.slice(0, API_KEY_PREFIX_LENGTH),
        keyHash: sha256(key),
        scopes: input.scopes,
        rateLimitTier: input.rateLimitTier,
        expiresAt: input.expiresAt,
      })
      .returning();
    if (!row) throw new Error('insert into api_keys returned nothing');
    return { ...keyView(row), key };
  }

  return {
    async list(userId: string): Promise<Application[]> {
      const rows = await db
        .select()
        .from(applications)
        .where(eq(applications.userId, userId))
        .orderBy(desc(applications.createdAt), desc(applications.id));
      return rows.map(applicationView);
    },

    async get(userId: string, id: string): Promise<Application> {
      return applicationView(await owned(userId, id));
    },

    /** A new application; its client secret is in this answer only. */
    async create(
      userId: string,
      body: { name: string; redirectUris: string[]; allowedOrigins: string[] },
    ): Promise<{ application: Application; clientSecret: string }> {
      const clientSecret = newClientSecret();
      // Count and insert under the user's lock: concurrent creates cannot all see room for one more.
      const row = await db.transaction(async (tx) => {
        await lockUserFor(tx, 'applications', userId);
        const [held] = await tx.select({ n: count() }).from(applications).where(eq(applications.userId, userId));
        const limit = config.userLimits.applications;
        if ((held?.n ?? 0) >= limit) {
          throw new AppError(409, applicationLimitMessages.applications(limit), 'LIMIT_REACHED');
        }
        const [inserted] = await tx
          .insert(applications)
          .values({
            id: newId('application'),
            userId,
            name: body.name,
            clientId: newClientId(),
            clientSecretHash: sha256(clientSecret),
            redirectUris: body.redirectUris,
            allowedOrigins: body.allowedOrigins,
          })
          .returning();
        return inserted;
      });
      if (!row) throw new Error('insert into applications returned nothing');
      if (body.allowedOrigins.length > 0) await keyAuth.originsChanged();
      return { application: applicationView(row), clientSecret };
    },

    async update(
      userId: string,
      id: string,
      body: { name?: string | undefined; redirectUris?: string[] | undefined; allowedOrigins?: string[] | undefined },
    ): Promise<Application> {
      await owned(userId, id);
      const [row] = await db
        .update(applications)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.redirectUris !== undefined ? { redirectUris: body.redirectUris } : {}),
          ...(body.allowedOrigins !== undefined ? { allowedOrigins: body.allowedOrigins } : {}),
          updatedAt: now(),
        })
        .where(and(eq(applications.id, id), eq(applications.userId, userId)))
        .returning();
      if (!row) throw AppError.notFound(applicationMessages.applicationNotFound, 'APPLICATION_NOT_FOUND');
      if (body.allowedOrigins !== undefined) await keyAuth.originsChanged();
      return applicationView(row);
    },

    /** Deletes the application and, with it, its keys; they stop working on every instance at once. */
    async remove(userId: string, id: string): Promise<void> {
      await owned(userId, id);
      const hashes = await db.transaction(async (tx) => {
        const keys = await tx.select({ hash: apiKeys.keyHash }).from(apiKeys).where(eq(apiKeys.applicationId, id));
        await tx.delete(applications).where(and(eq(applications.id, id), eq(applications.userId, userId)));
        return keys.map((k) => k.hash);
      });
      await keyAuth.invalidateKeys(hashes);
      await keyAuth.originsChanged();
    },

    /** A new client secret; the previous one keeps working for APP_SECRET_GRACE_SECONDS. */
    async rotateSecret(
      userId: string,
      id: string,
    ): Promise<{ clientSecret: string; previousSecretValidUntil: string }> {
      const row = await owned(userId, id);
      const clientSecret = newClientSecret();
      const at = now();
      const until = new Date(at.getTime() + config.appSecretGraceSeconds * 1000);
      await db
        .update(applications)
        .set({
          clientSecretHash: sha256(clientSecret),
          previousSecretHash: row.clientSecretHash,
          previousSecretExpiresAt: until,
          updatedAt: at,
        })
        .where(eq(applications.id, id));
      return { clientSecret, previousSecretValidUntil: until.toISOString() };
    },

    /** True for the current secret, or the previous one within its grace period (constant-time comparisons). */
    async verifyClientSecret(clientId: string, secret: string): Promise<boolean> {
      const [row] = await db.select().from(applications).where(eq(applications.clientId, clientId)).limit(1);
      const given = sha256(secret);
      const current = sameHash(given, row?.clientSecretHash ?? dummyHash);
      const previousLive = Boolean(
        row?.previousSecretHash && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now(),
      );
      const previous = sameHash(given, previousLive ? (row?.previousSecretHash ?? dummyHash) : dummyHash);
      return Boolean(row) && (current || (previousLive && previous));
    },

    async createKey(
      userId: string,
      applicationId: string,
      body: { name: string; description?: string | undefined; scopes: ApiKeyScope[]; expiresIn: number },
    ) {
      await owned(userId, applicationId);
      // Keys that still work, over all the user's applications, counted under the user's lock.
      return db.transaction(async (tx) => {
        await lockUserFor(tx, 'api-keys', userId);
        const [held] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, now())));
        const limit = config.userLimits.apiKeys;
        if ((held?.n ?? 0) >= limit) throw new AppError(409, applicationLimitMessages.apiKeys(limit), 'LIMIT_REACHED');
        return insertKey(
          userId,
          applicationId,
          {
            name: body.name,
            description: body.description || null,
            scopes: body.scopes,
            // The tier the user's plan gives (Free and Starter standard, Pro premium, Enterprise enterprise).
            rateLimitTier: await planKeyTier(tx, userId),
            expiresAt: new Date(now().getTime() + body.expiresIn * DAY_MS),
          },
          tx,
        );
      });
    },

    async listKeys(userId: string, applicationId: string, includeRevoked: boolean): Promise<ApiKey[]> {
      await owned(userId, applicationId);
      const rows = await db
        .select()
        .from(apiKeys)
        .where(
          and(
            eq(apiKeys.applicationId, applicationId),
            eq(apiKeys.userId, userId),
            includeRevoked ? undefined : isNull(apiKeys.revokedAt),
          ),
        )
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return rows.map(keyView);
    },

    /**
     * Puts every working key of the user on `tier` (their plan changed) and makes every instance
     * forget the cached keys. Returns how many keys changed.
     */
    async setKeyTierForUser(userId: string, tier: RateLimitTier): Promise<number> {
      const changed = await db
        .update(apiKeys)
        .set({ rateLimitTier: tier })
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt), ne(apiKeys.rateLimitTier, tier)))
        .returning({ keyHash: apiKeys.keyHash });
      await keyAuth.invalidateKeys(changed.map((row) => row.keyHash));
      return changed.length;
    },

    async revokeKey(userId: string, applicationId: string, keyId: string, reason: string | null): Promise<void> {
      const row = await ownedKey(userId, applicationId, keyId);
      const revoked = await db
        .update(apiKeys)
        .set({ revokedAt: now(), revokedReason: reason })
        .where(and(eq(apiKeys.id, row.id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (revoked.length === 0) throw new AppError(409, applicationMessages.keyAlreadyRevoked, 'KEY_ALREADY_REVOKED');
      await keyAuth.invalidateKeys([row.keyHash]);
    },

    /** One transaction: the old key revoked ('rotated'), a new one with its name, scopes, tier and expiry. */
    async rotateKey(userId: string, applicationId: string, keyId: string) {
      await owned(userId, applicationId);
      const { created, oldHash } = await db.transaction(async (tx) => {
        const [old] = await tx
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.id, keyId), eq(apiKeys.applicationId, applicationId), eq(apiKeys.userId, userId)))
          .for('update');
        if (!old) throw AppError.notFound(applicationMessages.keyNotFound, 'API_KEY_NOT_FOUND');
        if (old.revokedAt) throw new AppError(409, applicationMessages.rotateRevoked, 'KEY_REVOKED');
        if (old.expiresAt <= now()) throw new AppError(409, applicationMessages.rotateExpired, 'KEY_EXPIRED');
        await tx.update(apiKeys).set({ revokedAt: now(), revokedReason: 'rotated' }).where(eq(apiKeys.id, old.id));
        const fresh = await insertKey(userId, applicationId, old, tx);
        return { created: fresh, oldHash: old.keyHash };
      });
      await keyAuth.invalidateKeys([oldHash]);
      return created;
    },

    /** Requests per UTC day over the last `days` days (today included), zero-filled, oldest first. */
    async keyStats(userId: string, applicationId: string, keyId: string, days: number): Promise<ApiKeyStats> {
      await owned(userId, applicationId);
      const key = await ownedKey(userId, applicationId, keyId);
      const today = now();
      const dates = Array.from({ length: days }, (_, i) => utcDay(new Date(today.getTime() - (days - 1 - i) * DAY_MS)));
      const rows = await db
        .select()
        .from(apiKeyUsage)
        .where(and(inArray(apiKeyUsage.keyId, [key.id]), gte(apiKeyUsage.day, dates[0] ?? utcDay(today))))
        .orderBy(asc(apiKeyUsage.day));
      const byDay = new Map(rows.map((r) => [r.day, r]));
      const series = dates.map((date) => {
        const r = byDay.get(date);
        return { date, allowed: r?.allowed ?? 0, rate_limited: r?.rateLimited ?? 0, rejected: r?.rejected ?? 0 };
      });
      const totals = series.reduce(
        (sum, d) => ({
          allowed: sum.allowed + d.allowed,
          rate_limited: sum.rate_limited + d.rate_limited,
          rejected: sum.rejected + d.rejected,
        }),
        { allowed: 0, rate_limited: 0, rejected: 0 },
      );
      return { days: series, totals };
    },
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;

/** The API-key tier of the user's plan (billing publishes the plan in user_plans; no row is Free). */
async function planKeyTier(db: Database, userId: string): Promise<RateLimitTier> {
  const rows = await db.select({ plan: userPlans.plan }).from(userPlans).where(eq(userPlans.userId, userId));
  const found = rows[0]?.plan;
  const planId: PlanId = found && (planIds as readonly string[]).includes(found) ? (found as PlanId) : 'free';
  return plans[planId].entitlements.keyTier;
}
