import { and, asc, count, desc, eq, gt, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { apiKeyUsage } from '../../db/schema/api-key-usage.js';
import { apiKeys, type ApiKeyRow } from '../../db/schema/api-keys.js';
import { applications, type ApplicationRow } from '../../db/schema/applications.js';
import { userPlans } from '../../db/schema/user-plans.js';
import { lockUserFor } from '../../db/user-lock.js';

export type { ApiKeyRow, ApplicationRow };
export type ApiKeyUsageRow = typeof apiKeyUsage.$inferSelect;
export type ApplicationInsert = typeof applications.$inferInsert;
export type ApiKeyInsert = typeof apiKeys.$inferInsert;

/** The columns of a key that verification needs (looked up by the key's hash). */
export interface KeyRecord {
  id: string;
  applicationId: string;
  userId: string;
  createdBy: string | null;
  role: string;
  scopes: string[];
  tier: string;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** One key's counts since the last flush: what `writeUsage` adds to the key and its daily rows. */
export interface KeyUsageBatch {
  keyId: string;
  /** Allowed requests: what `usage_count` adds up. */
  allowed: number;
  lastUsedAt: Date | null;
  days: { day: string; allowed: number; rateLimited: number; rejected: number }[];
}

/** A key whose usage count went up, with its new total. */
export interface UsedKey {
  id: string;
  userId: string;
  usageCount: number;
}

/**
 * The applications module's SQL: only this module reads and writes `applications`, `api_keys`
 * and `api_key_usage` (and reads billing's published `user_plans`). `transaction` runs `work`
 * with the same queries bound to one transaction (writes that happen together).
 */
export function createApplicationsRepository(db: Database) {
  return {
    ...applicationsQueries(db),

    transaction<T>(work: (tx: ApplicationsQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(applicationsQueries(tx)));
    },

    /**
     * Adds batched usage in one transaction: each live key's `usage_count` and `last_used_at`,
     * and its daily rows. Keys deleted meanwhile are skipped. Returns the keys whose count went up.
     */
    async writeUsage(batch: KeyUsageBatch[]): Promise<UsedKey[]> {
      return db.transaction(async (tx) => {
        // Sorted, so two instances flushing the same keys lock rows in the same order.
        const sorted = [...batch].sort((a, b) => (a.keyId < b.keyId ? -1 : a.keyId > b.keyId ? 1 : 0));
        const ids = sorted.map((k) => k.keyId);
        // Keys deleted meanwhile (their application went) are skipped; the share lock keeps the rest.
        const live = await tx
          .select({ id: apiKeys.id })
          .from(apiKeys)
          .where(inArray(apiKeys.id, ids))
          .orderBy(apiKeys.id)
          .for('key share');
        const liveIds = new Set(live.map((row) => row.id));
        const used: UsedKey[] = [];
        const daily: (typeof apiKeyUsage.$inferInsert)[] = [];
        for (const counts of sorted) {
          const id = counts.keyId;
          if (!liveIds.has(id)) continue;
          if (counts.allowed > 0 && counts.lastUsedAt) {
            const updated = await tx
              .update(apiKeys)
              .set({
                usageCount: sql`${apiKeys.usageCount} + ${counts.allowed}`,
                lastUsedAt: sql`greatest(${apiKeys.lastUsedAt}, ${counts.lastUsedAt.toISOString()}::timestamptz)`,
              })
              .where(sql`${apiKeys.id} = ${id}`)
              .returning({ id: apiKeys.id, userId: apiKeys.userId, usageCount: apiKeys.usageCount });
            used.push(...updated);
          }
          for (const c of [...counts.days].sort((a, b) => a.day.localeCompare(b.day))) {
            daily.push({ keyId: id, day: c.day, allowed: c.allowed, rateLimited: c.rateLimited, rejected: c.rejected });
          }
        }
        if (daily.length > 0) {
          await tx
            .insert(apiKeyUsage)
            .values(daily)
            .onConflictDoUpdate({
              target: [apiKeyUsage.keyId, apiKeyUsage.day],
              set: {
                allowed: sql`${apiKeyUsage.allowed} + excluded.allowed`,
                rateLimited: sql`${apiKeyUsage.rateLimited} + excluded.rate_limited`,
                rejected: sql`${apiKeyUsage.rejected} + excluded.rejected`,
              },
            });
        }
        return used;
      });
    },
  };
}

/** Every query, on the database or on one transaction. */
function applicationsQueries(db: Database) {
  return {
    /**
     * Takes the user's lock for `area` until the transaction ends: creates that count the user's
     * rows against a cap run one after another (call inside `transaction`).
     */
    lockUser: (area: 'applications' | 'api-keys', userId: string) => lockUserFor(db, area, userId),

    // Applications

    async listApplications(userId: string): Promise<ApplicationRow[]> {
      return db
        .select()
        .from(applications)
        .where(eq(applications.userId, userId))
        .orderBy(desc(applications.createdAt), desc(applications.id));
    },

    async findOwnedApplication(userId: string, id: string): Promise<ApplicationRow | undefined> {
      const rows = await db
        .select()
        .from(applications)
        .where(and(eq(applications.id, id), eq(applications.userId, userId)))
        .limit(1);
      return rows[0];
    },

    async findApplicationByClientId(clientId: string): Promise<ApplicationRow | undefined> {
      const rows = await db.select().from(applications).where(eq(applications.clientId, clientId)).limit(1);
      return rows[0];
    },

    async countApplications(userId: string): Promise<number> {
      const [held] = await db.select({ n: count() }).from(applications).where(eq(applications.userId, userId));
      return held?.n ?? 0;
    },

    async insertApplication(values: ApplicationInsert): Promise<ApplicationRow> {
      const [row] = await db.insert(applications).values(values).returning();
      if (!row) throw new Error('insert into applications returned nothing');
      return row;
    },

    async updateOwnedApplication(
      userId: string,
      id: string,
      values: Partial<Pick<ApplicationInsert, 'name' | 'redirectUris' | 'allowedOrigins'>> & { updatedAt: Date },
    ): Promise<ApplicationRow | undefined> {
      const [row] = await db
        .update(applications)
        .set(values)
        .where(and(eq(applications.id, id), eq(applications.userId, userId)))
        .returning();
      return row;
    },

    async setClientSecret(
      id: string,
      values: Pick<ApplicationInsert, 'clientSecretHash' | 'previousSecretHash' | 'previousSecretExpiresAt'> & {
        updatedAt: Date;
      },
    ): Promise<void> {
      await db.update(applications).set(values).where(eq(applications.id, id));
    },

    async deleteOwnedApplication(userId: string, id: string): Promise<void> {
      await db.delete(applications).where(and(eq(applications.id, id), eq(applications.userId, userId)));
    },

    /** Every application's allowed origins (for preflights, which carry no key). */
    async allAllowedOrigins(): Promise<string[][]> {
      const rows = await db.select({ allowedOrigins: applications.allowedOrigins }).from(applications);
      return rows.map((row) => row.allowedOrigins);
    },

    /** One application's allowed origins (undefined when it is gone). */
    async allowedOriginsOf(applicationId: string): Promise<string[] | undefined> {
      const [row] = await db
        .select({ allowedOrigins: applications.allowedOrigins })
        .from(applications)
        .where(eq(applications.id, applicationId))
        .limit(1);
      return row?.allowedOrigins;
    },

    // Keys

    /** A key by its hash (revoked and expired ones included). */
    async findKeyByHash(hash: string): Promise<KeyRecord | undefined> {
      const rows = await db
        .select({
          id: apiKeys.id,
          applicationId: apiKeys.applicationId,
          scopes: apiKeys.scopes,
          tier: apiKeys.rateLimitTier,
          expiresAt: apiKeys.expiresAt,
          revokedAt: apiKeys.revokedAt,
          userId: apiKeys.userId,
          createdBy: apiKeys.createdBy,
          role: apiKeys.role,
        })
        .from(apiKeys)
        .where(eq(apiKeys.keyHash, hash))
        .limit(1);
      return rows[0];
    },

    /** A key of the user's application; `forUpdate` locks its row until the transaction ends. */
    async findOwnedKey(
      userId: string,
      applicationId: string,
      keyId: string,
      options: { forUpdate?: boolean } = {},
    ): Promise<ApiKeyRow | undefined> {
      const query = db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.applicationId, applicationId), eq(apiKeys.userId, userId)))
        .limit(1);
      const rows = options.forUpdate ? await query.for('update') : await query;
      return rows[0];
    },

    async listKeys(userId: string, applicationId: string, includeRevoked: boolean): Promise<ApiKeyRow[]> {
      return db
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
    },

    /** The hashes of an application's keys (to forget them from every instance's cache). */
    async keyHashesOfApplication(applicationId: string): Promise<string[]> {
      const keys = await db
        .select({ hash: apiKeys.keyHash })
        .from(apiKeys)
        .where(eq(apiKeys.applicationId, applicationId));
      return keys.map((k) => k.hash);
    },

    /** Keys that still work (not revoked, not expired at `now`) over all the user's applications. */
    async countWorkingKeys(userId: string, now: Date): Promise<number> {
      const [held] = await db
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, now)));
      return held?.n ?? 0;
    },

    async insertKey(values: ApiKeyInsert): Promise<ApiKeyRow> {
      const [row] = await db.insert(apiKeys).values(values).returning();
      if (!row) throw new Error('insert into api_keys returned nothing');
      return row;
    },

    /**
     * Revokes every key not revoked yet of the user's personal workspace (its id is the user's) and
     * every one the user issued in another; returns their hashes (to drop cached look-ups).
     */
    async revokeKeysOfUser(userId: string, at: Date, reason: string): Promise<string[]> {
      const revoked = await db
        .update(apiKeys)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(or(eq(apiKeys.userId, userId), eq(apiKeys.createdBy, userId)), isNull(apiKeys.revokedAt)))
        .returning({ hash: apiKeys.keyHash });
      return revoked.map((row) => row.hash);
    },

    /** Revokes a key that is not revoked yet; false when it already was. */
    async revokeKey(keyId: string, at: Date, reason: string | null): Promise<boolean> {
      const revoked = await db
        .update(apiKeys)
        .set({ revokedAt: at, revokedReason: reason })
        .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return revoked.length > 0;
    },

    /** Puts every working key of the user on `tier`; returns the hashes of those that changed. */
    async setKeyTierForUser(userId: string, tier: string): Promise<string[]> {
      const changed = await db
        .update(apiKeys)
        .set({ rateLimitTier: tier })
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt), ne(apiKeys.rateLimitTier, tier)))
        .returning({ keyHash: apiKeys.keyHash });
      return changed.map((row) => row.keyHash);
    },

    /** A key's daily usage rows from `fromDay` (a UTC day, YYYY-MM-DD) on, oldest first. */
    async usageSince(keyId: string, fromDay: string): Promise<ApiKeyUsageRow[]> {
      return db
        .select()
        .from(apiKeyUsage)
        .where(and(inArray(apiKeyUsage.keyId, [keyId]), gte(apiKeyUsage.day, fromDay)))
        .orderBy(asc(apiKeyUsage.day));
    },

    /** The user's plan as billing publishes it in `user_plans` (undefined: no row, Free). */
    async planOf(userId: string): Promise<string | undefined> {
      const rows = await db.select({ plan: userPlans.plan }).from(userPlans).where(eq(userPlans.userId, userId));
      return rows[0]?.plan;
    },
  };
}

/** The queries, bound to the database or to one transaction. */
export type ApplicationsQueries = ReturnType<typeof applicationsQueries>;
export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;
