import { defaultRateLimits, type ApiKey, type RateLimitTier } from '@nuvem/contracts/applications';

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

export type ApiKeyStatus = 'active' | 'revoked' | 'expired';

/** Spec 4: active, then revoked (revoked_at set); a key past its expiry no longer authenticates either. */
export function apiKeyStatus(key: Pick<ApiKey, 'revoked_at' | 'expires_at'>, now: number): ApiKeyStatus {
  if (key.revoked_at) return 'revoked';
  const expires = Date.parse(key.expires_at);
  return Number.isFinite(expires) && expires <= now ? 'expired' : 'active';
}

export const statusLabels: Record<ApiKeyStatus, string> = { active: 'Active', revoked: 'Revoked', expired: 'Expired' };

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

/** 'standard · 60/min': the tier and its default limit (the server may be configured otherwise). */
export function tierLabel(tier: RateLimitTier): string {
  return `${tier} · ${formatCount(defaultRateLimits[tier])}/min`;
}

const countFormat = new Intl.NumberFormat('en');

export function formatCount(value: number): string {
  return countFormat.format(value);
}

const relativeUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** '3 days ago', 'yesterday', 'just now': how long before `now` the date was. */
export function formatRelative(iso: string, now: number): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  if (!Number.isFinite(seconds)) return 'unknown';
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** The last use of a key, relative to now, or 'Never used'. */
export function formatLastUsed(iso: string | null, now: number): string {
  return iso ? formatRelative(iso, now) : 'Never used';
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Mar 5, 2026' in the viewer's zone (a zone may be given for tests). */
export function formatDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'unknown';
  return timeZone
    ? new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone }).format(date)
    : dateFormat.format(date);
}

/** 'Mar 5, 2026, 2:30 PM': for tooltips beside a relative time. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'unknown' : dateTimeFormat.format(date);
}
