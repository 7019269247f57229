import type { ApiKey } from '@nuvem/contracts/applications';

/**
 * Overview 'API requests': every key's usage, revoked keys included (their requests happened).
 * The keys are one application's, so the figure is that application's, and is labelled so.
 */
export function totalRequests(keys: readonly Pick<ApiKey, 'usage_count'>[]): number {
  return keys.reduce((sum, key) => sum + key.usage_count, 0);
}

/** A key that still authenticates: not revoked and not past its expiry. */
export function isKeyActive(key: Pick<ApiKey, 'revoked_at' | 'expires_at'>, now: number = Date.now()): boolean {
  return key.revoked_at === null && Date.parse(key.expires_at) > now;
}

/** Overview 'Active API keys'. */
export function activeKeyCount(keys: readonly Pick<ApiKey, 'revoked_at' | 'expires_at'>[], now: number = Date.now()) {
  return keys.filter((key) => isKeyActive(key, now)).length;
}
