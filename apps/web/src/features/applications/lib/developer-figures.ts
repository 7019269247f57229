import type { ApiKey } from '@nuvem/contracts/applications';

/** Overview 'Total API Requests': every key's usage, revoked keys included (their requests happened). */
export function totalRequests(keys: readonly Pick<ApiKey, 'usage_count'>[]): number {
  return keys.reduce((sum, key) => sum + key.usage_count, 0);
}

/** A key that still authenticates: not revoked and not past its expiry. */
export function isKeyActive(key: Pick<ApiKey, 'revoked_at' | 'expires_at'>, now: number = Date.now()): boolean {
  return key.revoked_at === null && Date.parse(key.expires_at) > now;
}

/** Overview 'Active API Keys'. */
export function activeKeyCount(keys: readonly Pick<ApiKey, 'revoked_at' | 'expires_at'>[], now: number = Date.now()) {
  return keys.filter((key) => isKeyActive(key, now)).length;
}

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 12345 -> '12,345'. */
export function formatCount(value: number): string {
  return wholeNumber.format(value);
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** '2025-01-15T10:00:00Z' -> 'Jan 15, 2025' (local time); an unreadable date is shown as sent. */
export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateFormat.format(time);
}

/** '2025-01-15T10:00:00Z' -> 'Jan 15, 2025, 10:00 AM' (local time). */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : dateTimeFormat.format(time);
}
