import { hash } from '@node-rs/argon2';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { MemoryRateLimiter } from '../../lib/rate-limiter.js';
import type { UserRow } from './auth.repository.js';
import { createReauthentication, REAUTH_LIMIT } from './reauthenticate.js';

const password = 'correct horse battery';

async function failure(promise: Promise<unknown>): Promise<{ status: number; code: string | undefined }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, code: error.code };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('reauthenticate', () => {
  let passwordHash: string;
  beforeAll(async () => {
    passwordHash = await hash(password);
  });

  function setUp(options: { withPassword?: boolean; secondFactor?: boolean } = {}) {
    const user = { id: 'usr_1', passwordHash: options.withPassword === false ? null : passwordHash } as UserRow;
    const codesTried: string[] = [];
    const reauth = createReauthentication({
      repo: { findUserById: async (id: string) => (id === user.id ? user : undefined) },
      limiter: new MemoryRateLimiter(),
      secondFactor: {
        hasSecondFactor: async () => options.secondFactor ?? false,
        verifySecondFactor: async (_userId: string, code: string) => {
          codesTried.push(code);
          return code === '123456';
        },
      },
    });
    return { reauth, codesTried };
  }

  it('accepts the password, and refuses a wrong or missing one with INVALID_CREDENTIALS', async () => {
    const { reauth } = setUp();
    await expect(reauth.reauthenticate('usr_1', { password })).resolves.toBeUndefined();
    expect(await failure(reauth.reauthenticate('usr_1', { password: 'wrong' }))).toEqual({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(await failure(reauth.reauthenticate('usr_1', {}))).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('asks for the second factor only after the password, and checks the code', async () => {
    const { reauth, codesTried } = setUp({ secondFactor: true });
    expect(await failure(reauth.reauthenticate('usr_1', { password: 'wrong', code: '123456' }))).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(codesTried).toEqual([]); // a wrong password never reaches the code
    expect(await failure(reauth.reauthenticate('usr_1', { password }))).toEqual({ status: 401, code: 'MFA_REQUIRED' });
    expect(await failure(reauth.reauthenticate('usr_1', { password, code: '000000' }))).toEqual({
      status: 401,
      code: 'INVALID_MFA_CODE',
    });
    await expect(reauth.reauthenticate('usr_1', { password, code: '123456' })).resolves.toBeUndefined();
  });

  it('lets an account without a password (social sign-in only) through with its second factor, or a recent sign-in', async () => {
    const bare = setUp({ withPassword: false }).reauth;
    // Nothing to ask: only a session that began in the last minutes stands in for the password.
    expect(await failure(bare.reauthenticate('usr_1', {}))).toMatchObject({
      status: 403,
      code: 'FRESH_SIGN_IN_REQUIRED',
    });
    const old = new Date(Date.now() - 11 * 60_000);
    expect(await failure(bare.reauthenticate('usr_1', {}, old))).toMatchObject({ code: 'FRESH_SIGN_IN_REQUIRED' });
    await expect(bare.reauthenticate('usr_1', {}, new Date(Date.now() - 60_000))).resolves.toBeUndefined();
    const { reauth } = setUp({ withPassword: false, secondFactor: true });
    expect(await failure(reauth.reauthenticate('usr_1', {}))).toMatchObject({ code: 'MFA_REQUIRED' });
    await expect(reauth.reauthenticate('usr_1', { code: '123456' })).resolves.toBeUndefined();
  });

  it('refuses with 429 after REAUTH_LIMIT failed attempts, the right password included', async () => {
    const { reauth } = setUp();
    for (let i = 0; i < REAUTH_LIMIT; i++) {
      expect(await failure(reauth.reauthenticate('usr_1', { password: `guess ${i}` }))).toMatchObject({ status: 401 });
    }
    expect(await failure(reauth.reauthenticate('usr_1', { password }))).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
    });
  });
});
