import { asc, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { apiKeys } from '../../db/schema/api-keys.js';
import { applications } from '../../db/schema/applications.js';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** The applications module's part of the account export and erasure: never a secret's or a key's hash. */
export function createApplicationsAccountDataRepository(db: Database) {
  return {
    async applicationsOf(userId: string) {
      return db
        .select({
          id: applications.id,
          name: applications.name,
          clientId: applications.clientId,
          redirectUris: applications.redirectUris,
          allowedOrigins: applications.allowedOrigins,
          createdAt: applications.createdAt,
          updatedAt: applications.updatedAt,
        })
        .from(applications)
        .where(eq(applications.userId, userId))
        .orderBy(asc(applications.createdAt));
    },

    async keysOf(userId: string) {
      return db
        .select({
          id: apiKeys.id,
          applicationId: apiKeys.applicationId,
          name: apiKeys.name,
          description: apiKeys.description,
          keyPrefix: apiKeys.keyPrefix,
          scopes: apiKeys.scopes,
          rateLimitTier: apiKeys.rateLimitTier,
          usageCount: apiKeys.usageCount,
          lastUsedAt: apiKeys.lastUsedAt,
          expiresAt: apiKeys.expiresAt,
          revokedAt: apiKeys.revokedAt,
          revokedReason: apiKeys.revokedReason,
          createdAt: apiKeys.createdAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(asc(apiKeys.createdAt));
    },

    /**
     * Deletes the keys and applications of the user's personal workspace, and the keys the user
     * issued in organisations (the database would drop those with the user; here their hashes are
     * known, so every instance forgets them at once); returns the keys' hashes.
     */
    async deleteAllOf(userId: string, tx: Executor): Promise<string[]> {
      const keys = await tx
        .delete(apiKeys)
        .where(or(eq(apiKeys.userId, userId), eq(apiKeys.createdBy, userId)))
        .returning({ hash: apiKeys.keyHash });
      await tx.delete(applications).where(eq(applications.userId, userId));
      return keys.map((key) => key.hash);
    },
  };
}
