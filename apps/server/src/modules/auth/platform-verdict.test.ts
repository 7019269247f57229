import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { answerVerdict, type PlatformVerdict } from './platform-verdict.js';

/** A stand-in reply that records the headers set on it. */
function fakeReply() {
  const headers: Record<string, string> = {};
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return reply;
    },
  };
  return { reply: reply as unknown as Parameters<typeof answerVerdict>[0], headers };
}

const facts = { keyId: 'key_1', applicationId: 'app_1' };
const ratelimit = { limit: 3, remaining: 0, resetInMs: 1_200 };

function refusalOf(verdict: PlatformVerdict) {
  const { reply, headers } = fakeReply();
  try {
    answerVerdict(reply, verdict);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.statusCode, code: error.code, message: error.message, errorHeaders: error.headers, headers };
  }
  return { status: 200, headers };
}

describe('answerVerdict: a platform verdict as HTTP', () => {
  it('lets a valid verdict through with RateLimit-* headers (reset in whole seconds, at least 1)', () => {
    expect(
      refusalOf({
        valid: true,
        code: 'VALID',
        ...facts,
        userId: 'usr_1',
        scopes: ['read'],
        tier: 'standard',
        ratelimit: { limit: 3, remaining: 2, resetInMs: 10 },
      }),
    ).toEqual({ status: 200, headers: { 'ratelimit-limit': '3', 'ratelimit-remaining': '2', 'ratelimit-reset': '1' } });
  });

  it('answers an unknown, revoked or expired key with 401 and no RateLimit-* headers', () => {
    expect(refusalOf({ valid: false, code: 'NOT_FOUND' })).toMatchObject({
      status: 401,
      code: 'INVALID_API_KEY',
      headers: {},
    });
    expect(refusalOf({ valid: false, code: 'REVOKED', ...facts })).toMatchObject({
      status: 401,
      code: 'API_KEY_REVOKED',
    });
    expect(refusalOf({ valid: false, code: 'EXPIRED', ...facts })).toMatchObject({
      status: 401,
      code: 'API_KEY_EXPIRED',
    });
  });

  it('answers a spent budget with 429 and Retry-After, naming whose budget it was', () => {
    const key = refusalOf({ valid: false, code: 'RATE_LIMITED', ...facts, ratelimit });
    const user = refusalOf({ valid: false, code: 'USER_RATE_LIMITED', ratelimit });
    expect(key).toMatchObject({ status: 429, code: 'RATE_LIMITED', errorHeaders: { 'retry-after': '2' } });
    expect(key.headers).toEqual({ 'ratelimit-limit': '3', 'ratelimit-remaining': '0', 'ratelimit-reset': '2' });
    expect(user).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(user.message).not.toBe(key.message);
  });

  it('answers a missing scope with 403 after counting the budgets', () => {
    const write = refusalOf({ valid: false, code: 'INSUFFICIENT_SCOPE', needs: 'write', ...facts, ratelimit });
    const read = refusalOf({ valid: false, code: 'INSUFFICIENT_SCOPE', needs: 'read', ...facts, ratelimit });
    expect(write).toMatchObject({ status: 403, code: 'INSUFFICIENT_SCOPE', headers: { 'ratelimit-limit': '3' } });
    expect(read.message).not.toBe(write.message);
  });
});
