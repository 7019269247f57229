import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

/** The second factor's refusals the page words itself, by the server's code. */
const knownCodes = {
  INVALID_MFA_CODE: 'mfa:errors.invalidCode',
  INVALID_PASSWORD: 'mfa:errors.invalidPassword',
  RATE_LIMITED: 'mfa:errors.rateLimited',
  PASSKEY_EXISTS: 'mfa:passkeys.exists',
} as const;

const isKnownCode = (code: string | undefined): code is keyof typeof knownCodes =>
  code !== undefined && Object.hasOwn(knownCodes, code);

/** Whether a WebAuthn ceremony failed because the user cancelled it or it timed out. */
export function isPasskeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/**
 * What to show when a second-factor action fails: a known refusal in the language in use, a
 * cancelled passkey prompt, else the server's text, else the generic failure.
 */
export function mfaErrorMessage(error: unknown): string {
  if (isPasskeyCancelled(error)) return i18n.t('mfa:passkeys.cancelled');
  if (error instanceof Error && 'code' in error && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return i18n.t('mfa:passkeys.exists');
  }
  if (error instanceof ApiError) {
    if (isKnownCode(error.code)) return i18n.t(knownCodes[error.code]);
    if (error.status > 0 && error.message.trim() !== '' && !error.message.startsWith('HTTP ')) return error.message;
  }
  return i18n.t('mfa:errors.failed');
}
