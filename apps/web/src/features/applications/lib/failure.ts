import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { failureMessage, notify } from '@/lib/notify';

/**
 * A 401 means the session has ended: the auth provider has already said so, once, and taken the
 * page back to its sign-in prompt, so a screen adds no message of its own.
 */
export function endedSession(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The reason of a failure for a sentence: the server's words, or ours when it could not be reached. */
export function failureReason(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return i18n.t('common:errors.network');
  return error instanceof Error && error.message ? error.message : i18n.t('common:errors.unexpected');
}

/** 'Failed to revoke API key: This API key is already revoked', in a toast (none for an ended session). */
export function notifyFailure(sentence: string, error: unknown): void {
  if (endedSession(error)) return;
  const reason = error instanceof ApiError && error.status === 0 ? i18n.t('common:errors.network') : error;
  notify.error(typeof reason === 'string' ? `${sentence}: ${reason}` : failureMessage(sentence, reason));
}
