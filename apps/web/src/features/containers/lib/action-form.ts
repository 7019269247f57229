import { ApiError } from '@/lib/api-client';

function twoDigits(n: number): string {
  return String(n).padStart(2, '0');
}

/** 'snap-YYYYMMDD-HHMM' in local time: the name a snapshot gets when none is typed. */
export function defaultSnapshotName(at: Date): string {
  const date = `${at.getFullYear()}${twoDigits(at.getMonth() + 1)}${twoDigits(at.getDate())}`;
  return `snap-${date}-${twoDigits(at.getHours())}${twoDigits(at.getMinutes())}`;
}

/**
 * A failed request's per-field details under the form's own field name (the action's body nests
 * them: 'body.parameters.tier' is the form's 'tier').
 */
export function underField(error: unknown, path: string, field: string): unknown {
  if (!(error instanceof ApiError) || !error.details) return error;
  const details = error.details.map((detail) => (detail.path === path ? { ...detail, path: `body.${field}` } : detail));
  return new ApiError(error.status, error.message, error.code, details);
}
