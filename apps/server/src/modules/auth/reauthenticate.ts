import { verify as argonVerify } from '@node-rs/argon2';
import { accountMessages, type Reauthentication } from '@nuvem/contracts/account';
import { authMessages } from '@nuvem/contracts/auth';
import { AppError } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AuthRepository } from './auth.repository.js';
import { requireFreshSignIn } from './browser-session.js';

/** Attempts at proving ownership one user gets per window, before 429. */
export const REAUTH_LIMIT = 10;
export const REAUTH_WINDOW_MS = 15 * 60_000;

/** What reauthentication asks of the second factor (the MFA use case implements it). */
export interface SecondFactorCheck {
  hasSecondFactor(userId: string): Promise<boolean>;
  /** A TOTP code or an unused recovery code (which it consumes). */
  verifySecondFactor(userId: string, code: string): Promise<boolean>;
}

/**
 * `reauthenticate`: a signed-in user proves it is still them before a sensitive change (a new
 * password or e-mail, deleting the account): the password when the account has one (an account
 * that only signs in socially has none to give), then a code when it has a second factor.
 * Attempts are counted per user, so a stolen session cannot guess the password or the code; a
 * full success clears the count. An account with neither a password nor a second factor needs a
 * sign-in within FRESH_SIGN_IN_MS instead (`signedInAt`, the session's start).
 */
export function createReauthentication(deps: {
  repo: Pick<AuthRepository, 'findUserById'>;
  limiter: RateLimiter;
  secondFactor: SecondFactorCheck;
}) {
  const { repo, limiter, secondFactor } = deps;

  return {
    /**
     * Resolves when the proof holds; throws 401 INVALID_CREDENTIALS (wrong or missing password),
     * MFA_REQUIRED (a second factor is set and no code came), INVALID_MFA_CODE, or 429.
     */
    async reauthenticate(userId: string, proof: Reauthentication, signedInAt?: Date): Promise<void> {
      const key = `reauth:user:${userId}`;
      const attempt = await limiter.hit(key, REAUTH_LIMIT, REAUTH_WINDOW_MS);
      if (!attempt.allowed) throw AppError.tooManyRequests(attempt.resetInMs);
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError(401, authMessages.unauthorized, 'UNAUTHORIZED');
      if (user.passwordHash) {
        const valid = proof.password ? await argonVerify(user.passwordHash, proof.password) : false;
        if (!valid) throw new AppError(401, accountMessages.invalidPassword, 'INVALID_CREDENTIALS');
      }
      const hasSecondFactor = await secondFactor.hasSecondFactor(userId);
      // Nothing to ask of an account with neither (it signs in only socially): a recent sign-in.
      if (!user.passwordHash && !hasSecondFactor) requireFreshSignIn(signedInAt);
      if (hasSecondFactor) {
        if (!proof.code) throw new AppError(401, accountMessages.mfaRequired, 'MFA_REQUIRED');
        if (!(await secondFactor.verifySecondFactor(userId, proof.code))) {
          throw new AppError(401, accountMessages.invalidMfaCode, 'INVALID_MFA_CODE');
        }
      }
      await limiter.reset(key);
    },
  };
}
export type Reauthenticator = ReturnType<typeof createReauthentication>;
