import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { accountFailure, failureField } from './account-errors';

describe('accountFailure', () => {
  it('reads the codes of a refused deletion as words beside their field', () => {
    const cases: [string, string, string | null][] = [
      ['INVALID_CREDENTIALS', 'wrongPassword', 'password'],
      ['MFA_REQUIRED', 'codeNeeded', 'code'],
      ['INVALID_MFA_CODE', 'wrongCode', 'code'],
      ['CONFIRM_MISMATCH', 'confirmMismatch', 'confirm'],
      ['CONTAINERS_BUSY', 'containersBusy', null],
      ['CONTAINERS_NOT_DELETED', 'containersFailed', null],
    ];
    for (const [code, key, field] of cases) {
      const failure = accountFailure(new ApiError(401, 'server words', code));
      expect(failure).toEqual({ key });
      expect(failureField(failure)).toBe(field);
    }
  });

  it('says how long to wait after too many attempts, and keeps the server text otherwise', () => {
    const limited = new ApiError(429, 'Too many', 'RATE_LIMITED', undefined, { retryAfterSeconds: 90 });
    expect(accountFailure(limited)).toEqual({ key: 'rateLimited', seconds: 90 });
    expect(accountFailure(new ApiError(500, 'Internal server error'))).toEqual({
      key: 'failed',
      reason: 'Internal server error',
    });
  });
});
