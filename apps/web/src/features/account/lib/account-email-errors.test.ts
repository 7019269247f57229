import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { accountEmailFailure, linkToken, needsSecondFactor } from './account-email-errors';

describe('accountEmailFailure', () => {
  it("names the server's refusals by their code, never by their English text", () => {
    expect(accountEmailFailure(new ApiError(400, 'whatever', 'INVALID_TOKEN'))).toEqual({ key: 'invalidToken' });
    expect(accountEmailFailure(new ApiError(409, 'x', 'EMAIL_TAKEN'))).toEqual({ key: 'emailTaken' });
    expect(accountEmailFailure(new ApiError(401, 'x', 'INVALID_CREDENTIALS'))).toEqual({ key: 'wrongPassword' });
    expect(accountEmailFailure(new ApiError(401, 'x', 'MFA_REQUIRED'))).toEqual({ key: 'codeNeeded' });
  });

  it('says how long to wait when a 429 says so', () => {
    expect(accountEmailFailure(new ApiError(429, 'x', 'RATE_LIMITED', undefined, { retryAfterSeconds: 840 }))).toEqual({
      key: 'rateLimited',
      seconds: 840,
    });
    expect(accountEmailFailure(new ApiError(429, 'x', 'RATE_LIMITED'))).toEqual({ key: 'rateLimitedSoon' });
  });

  it("passes on the server's own words for anything else", () => {
    expect(accountEmailFailure(new ApiError(500, 'Internal server error'))).toEqual({
      key: 'failed',
      reason: 'Internal server error',
    });
  });
});

describe('needsSecondFactor', () => {
  it('asks for a code on MFA_REQUIRED and INVALID_MFA_CODE only', () => {
    expect(needsSecondFactor(new ApiError(401, 'x', 'MFA_REQUIRED'))).toBe(true);
    expect(needsSecondFactor(new ApiError(401, 'x', 'INVALID_MFA_CODE'))).toBe(true);
    expect(needsSecondFactor(new ApiError(401, 'x', 'INVALID_CREDENTIALS'))).toBe(false);
  });
});

describe('linkToken', () => {
  it("reads a mailed link's token and refuses anything else", () => {
    const token = 'a'.repeat(20) + '_-B9';
    expect(linkToken(new URLSearchParams({ token }))).toBe(token);
    expect(linkToken(new URLSearchParams({ token: ` ${token} ` }))).toBe(token);
    expect(linkToken(new URLSearchParams())).toBeNull();
    expect(linkToken(new URLSearchParams({ token: 'short' }))).toBeNull();
    expect(linkToken(new URLSearchParams({ token: '<script>alert(1)</script>xxxxxxxx' }))).toBeNull();
  });
});
