import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

/** The server's refusals the sign-in page words itself, in the language in use, by their code. */
const knownCodes = {
  INVALID_CREDENTIALS: 'auth:errors.invalidCredentials',
  EMAIL_TAKEN: 'auth:errors.emailTaken',
  RATE_LIMITED: 'auth:errors.rateLimited',
  CSRF: 'auth:errors.crossSite',
} as const;

const isKnownCode = (code: string | undefined): code is keyof typeof knownCodes =>
  code !== undefined && Object.hasOwn(knownCodes, code);

/**
 * The text shown when sign-in or registration fails (spec: the server's error text, else 'Login
 * failed' / 'Registration failed'). A refusal the page knows by its code is worded in the
 * language in use; any other server text is shown as sent. A network failure, a reply that breaks
 * the contract or an error reply without text is not the server's text: the fallback is shown.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status < 400) return fallback;
  if (isKnownCode(error.code)) return i18n.t(knownCodes[error.code]);
  if (error.message.trim() !== '' && error.message !== `HTTP ${error.status}`) return error.message;
  return fallback;
}
