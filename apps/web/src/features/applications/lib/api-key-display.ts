import type { ApiKey } from '@nuvem/contracts/applications';

/** What stands in for the secret part of a key: the full key is never available after creation. */
export const MASK = '••••••••';

/** 'nuv_AbCdEfGh••••••••': a key as lists show it. */
export function maskKeyPrefix(prefix: string): string {
  return `${prefix}${MASK}`;
}

/** 'nuv_AbCdEfGh…': a key's prefix where the reader is to put the full key. */
export function keyPrefixPreview(prefix: string): string {
  return `${prefix}…`;
}

/** How programs send a key (the header, as code; the same in every language). */
export const API_KEY_HEADER_EXAMPLE = 'Authorization: Bearer nuv_…';

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

/** Spec 4: active, then revoked (revoked_at set); a key past its expiry no longer authenticates either. */
export function apiKeyStatus(key: Pick<ApiKey, 'revoked_at' | 'expires_at'>, now: number): ApiKeyStatus {
  if (key.revoked_at) return 'revoked';
  const expires = Date.parse(key.expires_at);
  return Number.isFinite(expires) && expires <= now ? 'expired' : 'active';
}

const statusOrder: Record<ApiKeyStatus, number> = { active: 0, expired: 1, revoked: 2 };

/** Active keys first, then expired, then revoked; newest first within each. */
export function sortKeysByStatus<K extends Pick<ApiKey, 'revoked_at' | 'expires_at' | 'created_at'>>(
  keys: readonly K[],
  now: number,
): K[] {
  return [...keys].sort(
    (a, b) =>
      statusOrder[apiKeyStatus(a, now)] - statusOrder[apiKeyStatus(b, now)] ||
      Date.parse(b.created_at) - Date.parse(a.created_at),
  );
}
