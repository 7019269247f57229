import { ApiError, reportSessionRejected } from '@/lib/api-client';

/** The catalogue key (under `accountEmail:errors`) and values of a failed account-mail request. */
type PlainKey =
  | 'invalidToken'
  | 'emailTaken'
  | 'wrongPassword'
  | 'codeNeeded'
  | 'wrongCode'
  | 'sameEmail'
  | 'signInToFollow'
  | 'freshSignIn';
export type AccountEmailFailure =
  | { key: PlainKey }
  | { key: 'rateLimited'; seconds: number }
  | { key: 'rateLimitedSoon' }
  | { key: 'failed'; reason: string };

const byCode: Partial<Record<string, PlainKey>> = {
  INVALID_TOKEN: 'invalidToken',
  EMAIL_TAKEN: 'emailTaken',
  INVALID_CREDENTIALS: 'wrongPassword',
  MFA_REQUIRED: 'codeNeeded',
  INVALID_MFA_CODE: 'wrongCode',
  SAME_EMAIL: 'sameEmail',
  SIGN_IN_TO_FOLLOW: 'signInToFollow',
  FRESH_SIGN_IN_REQUIRED: 'freshSignIn',
};

/** What to tell the user about a failure, by the server's code (its own text for anything else). */
export function accountEmailFailure(error: unknown): AccountEmailFailure {
  if (error instanceof ApiError) {
    if (error.status === 429) {
      return error.retryAfterSeconds
        ? { key: 'rateLimited', seconds: error.retryAfterSeconds }
        : { key: 'rateLimitedSoon' };
    }
    const key = error.code ? byCode[error.code] : undefined;
    if (key) return { key };
  }
  return { key: 'failed', reason: error instanceof Error && error.message ? error.message : String(error) };
}

/** Whether the failure asks for a second-factor code (the form then shows its field). */
export function needsSecondFactor(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'MFA_REQUIRED' || error.code === 'INVALID_MFA_CODE');
}

/**
 * A 401 from a re-authenticating request is a wrong password or code, an answer; only
 * UNAUTHORIZED means the session itself ended, and is reported as such (the header signs out).
 */
export function reportIfSessionEnded(error: unknown): void {
  if (error instanceof ApiError && error.status === 401 && error.code === 'UNAUTHORIZED') reportSessionRejected(error);
}

/** The token of a mailed link, from the page's address: null when missing or not a token's shape. */
export function linkToken(search: URLSearchParams): string | null {
  const token = search.get('token')?.trim() ?? '';
  return /^[\w-]{16,128}$/.test(token) ? token : null;
}
