import { iso, type AccountDataPart } from '../account/account-data.types.js';
import type { App } from '../../types.js';
import { createApplicationsAccountDataRepository } from './account-data.repository.js';
import type { ApiKeyAuthService } from './api-key-auth.js';

/**
 * The applications module's part of the account: applications and their API keys in the export
 * (by the prefix lists show; never a client secret, a key or a hash of one); in the erasure, both,
 * with the keys dropped from every instance's cache once it committed.
 */
export function createApplicationsAccountData(deps: {
  db: App['db'];
  apiKeys: Pick<ApiKeyAuthService, 'invalidateKeys' | 'originsChanged'>;
}): AccountDataPart {
  const repo = createApplicationsAccountDataRepository(deps.db);
  return {
    module: 'applications',
    async exportData(owner) {
      const [apps, keys] = await Promise.all([repo.applicationsOf(owner.id), repo.keysOf(owner.id)]);
      return {
        applications: apps.map((app) => ({
          id: app.id,
          name: app.name,
          client_id: app.clientId,
          redirect_uris: app.redirectUris,
          allowed_origins: app.allowedOrigins,
          created_at: app.createdAt.toISOString(),
          updated_at: app.updatedAt.toISOString(),
          api_keys: keys
            .filter((key) => key.applicationId === app.id)
            .map((key) => ({
              id: key.id,
              name: key.name,
              description: key.description,
              // What the key list shows: its first characters, not enough to use it.
              prefix: key.keyPrefix,
              scopes: key.scopes,
              rate_limit_tier: key.rateLimitTier,
              usage_count: key.usageCount,
              last_used_at: iso(key.lastUsedAt),
              expires_at: key.expiresAt.toISOString(),
              revoked_at: iso(key.revokedAt),
              revoked_reason: key.revokedReason,
              created_at: key.createdAt.toISOString(),
            })),
        })),
      };
    },
    async erase(owner, tx) {
      const hashes = await repo.deleteAllOf(owner.id, tx);
      return async () => {
        await deps.apiKeys.invalidateKeys(hashes);
        await deps.apiKeys.originsChanged();
      };
    },
  };
}
