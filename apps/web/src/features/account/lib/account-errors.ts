import { ApiError } from '@/lib/api-client';

/** What to say about a failed account request (catalogue `account:errors.*`), with its values. */
export type AccountFailure =
  | { key: 'wrongPassword' | 'codeNeeded' | 'wrongCode' | 'confirmMismatch' | 'containersBusy' | 'containersFailed' }
  | { key: 'rateLimited'; seconds: number }
  | { key: 'failed'; reason: string };

const byCode: Partial<Record<string, Exclude<AccountFailure['key'], 'rateLimited' | 'failed'>>> = {
  INVALID_CREDENTIALS: 'wrongPassword',
  MFA_REQUIRED: 'codeNeeded',
  INVALID_MFA_CODE: 'wrongCode',
  CONFIRM_MISMATCH: 'confirmMismatch',
  CONTAINERS_BUSY: 'containersBusy',
  CONTAINERS_NOT_DELETED: 'containersFailed',
};

/** The server's code read as words in the language in use; its own text for anything else. */
export function accountFailure(error: unknown): AccountFailure {
  if (error instanceof ApiError) {
    if (error.status === 429) return { key: 'rateLimited', seconds: error.retryAfterSeconds ?? 60 };
    const key = error.code ? byCode[error.code] : undefined;
    if (key) return { key };
  }
  return { key: 'failed', reason: error instanceof Error && error.message ? error.message : String(error) };
}

/** Which form field a failure belongs beside (the others show above the form). */
export function failureField(failure: AccountFailure): 'password' | 'code' | 'confirm' | null {
  if (failure.key === 'wrongPassword') return 'password';
  if (failure.key === 'codeNeeded' || failure.key === 'wrongCode') return 'code';
  if (failure.key === 'confirmMismatch') return 'confirm';
  return null;
}
