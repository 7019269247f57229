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
import { isRoleAtLeast, roles, type Role } from '@nuvem/contracts/orgs';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { randomBase62, sha256 } from '../../lib/tokens.js';
import { planKeyTier, type ApiKeyAuthService } from './api-key-auth.js';
import type {
  ApiKeyRow,
  ApplicationRow,
  ApplicationsQueries,
  ApplicationsRepository,
} from './applications.repository.js';
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

/** The role a stored key was issued under (a value the contract does not know acts as a viewer). */
function roleOf(row: Pick<ApiKeyRow, 'role'>): Role {
  return (roles as readonly string[]).includes(row.role) ? row.role : 'viewer';
}

/** The lower of two roles: a key rotated by someone whose role is below its own drops to theirs. */
function lowerRole(a: Role, b: Role): Role {
  return isRoleAtLeast(a, b) ? b : a;
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
    role: roleOf(row),
    created_by: row.createdBy,
  };
}

type NewKeyInput = Pick<ApiKeyRow, 'name' | 'description' | 'scopes' | 'rateLimitTier' | 'expiresAt'>;

/**
 * Who issues or rotates a key: the person (`userId`) and their role in the key's workspace. The
 * key acts for them with that role's permissions (the authentication hook caps them, on every
 * request, by the role the person has then).
 */
export interface KeyIssuer {
  userId: string;
  role: Role;
}

export function createApplicationsService(deps: {
  repo: ApplicationsRepository;
  config: AppConfig;
  apiKeys: Pick<ApiKeyAuthService, 'invalidateKeys' | 'originsChanged'>;
  now?: () => Date;
}) {
  const { repo, config, apiKeys: keyAuth } = deps;
  const now = deps.now ?? (() => new Date());
  // Compared against when the client id is unknown, so both answers take as long.
  const dummyHash = sha256(newClientSecret());

  async function owned(workspaceId: string, id: string): Promise<ApplicationRow> {
    const row = await repo.findOwnedApplication(workspaceId, id);
    if (!row) throw AppError.notFound(applicationMessages.applicationNotFound, 'APPLICATION_NOT_FOUND');
    return row;
  }

  async function ownedKey(workspaceId: string, applicationId: string, keyId: string): Promise<ApiKeyRow> {
    const row = await repo.findOwnedKey(workspaceId, applicationId, keyId);
    if (!row) throw AppError.notFound(applicationMessages.keyNotFound, 'API_KEY_NOT_FOUND');
    return row;
  }

  /**
   * A new key of the workspace (in `tx`, the caller's transaction), issued by `issuer` under `role`;
   * the key itself is in this answer only.
   */
  async function insertKey(
    tx: ApplicationsQueries,
    workspaceId: string,
    applicationId: string,
    input: NewKeyInput,
    issuer: KeyIssuer,
  ) {
    const key = newApiKey();
    const row = await tx.insertKey({
      id: newId('apiKey'),
      applicationId,
      userId: workspaceId,
      createdBy: issuer.userId,
      role: issuer.role,
      name: input.name,
      description: input.description,
      keyPrefix: key.slice(0, API_KEY_PREFIX_LENGTH),
      keyHash: sha256(key),
      scopes: input.scopes,
      rateLimitTier: input.rateLimitTier,
      expiresAt: input.expiresAt,
    });
    return { ...keyView(row), key };
  }

  return {
    async list(workspaceId: string): Promise<Application[]> {
      return (await repo.listApplications(workspaceId)).map(applicationView);
    },

    async get(workspaceId: string, id: string): Promise<Application> {
      return applicationView(await owned(workspaceId, id));
    },

    /** A new application; its client secret is in this answer only. */
    async create(
      workspaceId: string,
      body: { name: string; redirectUris: string[]; allowedOrigins: string[] },
    ): Promise<{ application: Application; clientSecret: string }> {
      const clientSecret = newClientSecret();
      // Count and insert under the workspace's lock: concurrent creates cannot all see room for one more.
      const row = await repo.transaction(async (tx) => {
        await tx.lockUser('applications', workspaceId);
        const limit = config.userLimits.applications;
        if ((await tx.countApplications(workspaceId)) >= limit) {
          throw new AppError(409, applicationLimitMessages.applications(limit), 'LIMIT_REACHED');
        }
        return tx.insertApplication({
          id: newId('application'),
          userId: workspaceId,
          name: body.name,
          clientId: newClientId(),
          clientSecretHash: sha256(clientSecret),
          redirectUris: body.redirectUris,
          allowedOrigins: body.allowedOrigins,
        });
      });
      if (body.allowedOrigins.length > 0) await keyAuth.originsChanged();
      return { application: applicationView(row), clientSecret };
    },

    async update(
      workspaceId: string,
      id: string,
      body: { name?: string | undefined; redirectUris?: string[] | undefined; allowedOrigins?: string[] | undefined },
    ): Promise<Application> {
      await owned(workspaceId, id);
      const row = await repo.updateOwnedApplication(workspaceId, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.redirectUris !== undefined ? { redirectUris: body.redirectUris } : {}),
        ...(body.allowedOrigins !== undefined ? { allowedOrigins: body.allowedOrigins } : {}),
        updatedAt: now(),
      });
      if (!row) throw AppError.notFound(applicationMessages.applicationNotFound, 'APPLICATION_NOT_FOUND');
      if (body.allowedOrigins !== undefined) await keyAuth.originsChanged();
      return applicationView(row);
    },

    /** Deletes the application and, with it, its keys; they stop working on every instance at once. */
    async remove(workspaceId: string, id: string): Promise<void> {
      await owned(workspaceId, id);
      const hashes = await repo.transaction(async (tx) => {
        const keys = await tx.keyHashesOfApplication(id);
        await tx.deleteOwnedApplication(workspaceId, id);
        return keys;
      });
      await keyAuth.invalidateKeys(hashes);
      await keyAuth.originsChanged();
    },

    /** A new client secret; the previous one keeps working for APP_SECRET_GRACE_SECONDS. */
    async rotateSecret(
      workspaceId: string,
      id: string,
    ): Promise<{ clientSecret: string; previousSecretValidUntil: string }> {
      const row = await owned(workspaceId, id);
      const clientSecret = newClientSecret();
      const at = now();
      const until = new Date(at.getTime() + config.appSecretGraceSeconds * 1000);
      await repo.setClientSecret(id, {
        clientSecretHash: sha256(clientSecret),
        previousSecretHash: row.clientSecretHash,
        previousSecretExpiresAt: until,
        updatedAt: at,
      });
      return { clientSecret, previousSecretValidUntil: until.toISOString() };
    },

    /** True for the current secret, or the previous one within its grace period (constant-time comparisons). */
    async verifyClientSecret(clientId: string, secret: string): Promise<boolean> {
      const row = await repo.findApplicationByClientId(clientId);
      const given = sha256(secret);
      const current = sameHash(given, row?.clientSecretHash ?? dummyHash);
      const previousLive = Boolean(
        row?.previousSecretHash && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now(),
      );
      const previous = sameHash(given, previousLive ? (row?.previousSecretHash ?? dummyHash) : dummyHash);
      return Boolean(row) && (current || (previousLive && previous));
    },

    /** A key of the workspace's application, issued by `issuer` under their role there. */
    async createKey(
      workspaceId: string,
      applicationId: string,
      body: { name: string; description?: string | undefined; scopes: ApiKeyScope[]; expiresIn: number },
      issuer: KeyIssuer,
    ) {
      await owned(workspaceId, applicationId);
      // Keys that still work, over all the workspace's applications (whoever issued them), counted
      // under the workspace's lock: the cap is the workspace's.
      return repo.transaction(async (tx) => {
        await tx.lockUser('api-keys', workspaceId);
        const limit = config.userLimits.apiKeys;
        if ((await tx.countWorkingKeys(workspaceId, now())) >= limit) {
          throw new AppError(409, applicationLimitMessages.apiKeys(limit), 'LIMIT_REACHED');
        }
        return insertKey(
          tx,
          workspaceId,
          applicationId,
          {
            name: body.name,
            description: body.description || null,
            scopes: body.scopes,
            // The tier the workspace's plan gives (Free and Starter standard, Pro premium, Enterprise enterprise).
            rateLimitTier: planKeyTier(await tx.planOf(workspaceId)),
            expiresAt: new Date(now().getTime() + body.expiresIn * DAY_MS),
          },
          issuer,
        );
      });
    },

    async listKeys(workspaceId: string, applicationId: string, includeRevoked: boolean): Promise<ApiKey[]> {
      await owned(workspaceId, applicationId);
      return (await repo.listKeys(workspaceId, applicationId, includeRevoked)).map(keyView);
    },

    /**
     * Puts every working key of the workspace on `tier` (its plan changed) and makes every instance
     * forget the cached keys. Returns how many keys changed.
     */
    async setKeyTierForUser(workspaceId: string, tier: RateLimitTier): Promise<number> {
      const changed = await repo.setKeyTierForUser(workspaceId, tier);
      await keyAuth.invalidateKeys(changed);
      return changed.length;
    },

    /**
     * Revokes every key of the user's personal workspace and every key they issued anywhere (reason
     * 'account_claimed'), everywhere at once: after the verified owner took over an account someone
     * else had registered, that person's keys stop.
     */
    async revokeAllKeys(userId: string, reason: string): Promise<number> {
      const hashes = await repo.revokeKeysOfUser(userId, now(), reason);
      await keyAuth.invalidateKeys(hashes);
      return hashes.length;
    },

    /** Revokes a key of the workspace; answers what it was (its name and role, for the audit log). */
    async revokeKey(
      workspaceId: string,
      applicationId: string,
      keyId: string,
      reason: string | null,
    ): Promise<{ id: string; name: string; role: Role }> {
      const row = await ownedKey(workspaceId, applicationId, keyId);
      if (!(await repo.revokeKey(row.id, now(), reason)))
        throw new AppError(409, applicationMessages.keyAlreadyRevoked, 'KEY_ALREADY_REVOKED');
      await keyAuth.invalidateKeys([row.keyHash]);
      return { id: row.id, name: row.name, role: roleOf(row) };
    },

    /**
     * One transaction: the old key revoked ('rotated'), a new one with its name, scopes, tier and
     * expiry, issued by the rotator (it acts for them now) under the lower of the old key's role and
     * theirs: rotating never lets a key do more than either could.
     */
    async rotateKey(workspaceId: string, applicationId: string, keyId: string, rotator: KeyIssuer) {
      await owned(workspaceId, applicationId);
      const { created, oldHash } = await repo.transaction(async (tx) => {
        const old = await tx.findOwnedKey(workspaceId, applicationId, keyId, { forUpdate: true });
        if (!old) throw AppError.notFound(applicationMessages.keyNotFound, 'API_KEY_NOT_FOUND');
        if (old.revokedAt) throw new AppError(409, applicationMessages.rotateRevoked, 'KEY_REVOKED');
        if (old.expiresAt <= now()) throw new AppError(409, applicationMessages.rotateExpired, 'KEY_EXPIRED');
        await tx.revokeKey(old.id, now(), 'rotated');
        const fresh = await insertKey(tx, workspaceId, applicationId, old, {
          userId: rotator.userId,
          role: lowerRole(roleOf(old), rotator.role),
        });
        return { created: fresh, oldHash: old.keyHash };
      });
      await keyAuth.invalidateKeys([oldHash]);
      return created;
    },

    /** Requests per UTC day over the last `days` days (today included), zero-filled, oldest first. */
    async keyStats(workspaceId: string, applicationId: string, keyId: string, days: number): Promise<ApiKeyStats> {
      await owned(workspaceId, applicationId);
      const key = await ownedKey(workspaceId, applicationId, keyId);
      const today = now();
      const dates = Array.from({ length: days }, (_, i) => utcDay(new Date(today.getTime() - (days - 1 - i) * DAY_MS)));
      const rows = await repo.usageSince(key.id, dates[0] ?? utcDay(today));
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
