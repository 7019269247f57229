import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { authMessages, type LoginBody, type RegisterBody } from '@nuvem/contracts/auth';
import type { AppConfig } from '../../config.js';
import { limitAddress } from '../../lib/client-address.js';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { randomToken } from '../../lib/tokens.js';
import type { MailLocale } from '../mail/mail.types.js';
import type { AuthRepository, Executor, UserRow } from './auth.repository.js';
import type { MfaPending, SecondFactorService } from './mfa.service.js';
import type { IssuedSession, RequestMeta, SessionsService } from './sessions.service.js';

export interface SignedIn {
  user: UserRow;
  session: IssuedSession;
}

/** A right password on an account with a second factor: no session yet, a ticket for the second step. */
export interface SecondStepDue {
  user: UserRow;
  mfa: MfaPending;
}

const RATE_WINDOW_MS = 60_000;
/**
 * Failed sign-ins are counted per account and address together, over this window: past the limit
 * (AUTH_RATE_LIMIT_PER_MINUTE) that pair is refused, the right password included, so the lock
 * tells a guesser nothing. The owner at another address is not affected.
 */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/**
 * Against guessing spread over many addresses: once an account has this many times the limit in
 * failures within the window, an address that has itself failed on it is refused until its own
 * window ends. An address that never failed there still gets through with the right password.
 */
export const ACCOUNT_FAILURE_FACTOR = 10;

/**
 * E-mail and password accounts: registration, sign-in (rate-limited per address, and per account
 * and address for failures), and the account fields other modules read or edit.
 */
export function createSignInService(deps: {
  repo: AuthRepository;
  limiter: RateLimiter;
  sessions: Pick<SessionsService, 'issueSession'>;
  config: AppConfig;
  /** Accounts with a second factor get a ticket for it instead of a session. */
  secondFactor: Pick<SecondFactorService, 'hasSecondFactor' | 'issueMfaTicket'>;
}) {
  const { repo, limiter, sessions, config, secondFactor } = deps;
  const limit = config.authRateLimitPerMinute;
  // Verifying against a real hash when the account does not exist keeps both answers equally slow.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= argonHash(randomToken()));

  async function enforce(key: string): Promise<void> {
    const result = await limiter.hit(key, limit, RATE_WINDOW_MS);
    if (!result.allowed) throw AppError.tooManyRequests(result.resetInMs);
  }

  return {
    /** A new account (its address not verified yet); `locale`: the language its mail is written in. */
    async register(body: RegisterBody, meta: RequestMeta, locale: MailLocale = 'en'): Promise<SignedIn> {
      await enforce(`register:ip:${limitAddress(meta.ip)}`);
      if (await repo.findUserByEmail(body.email)) throw new AppError(409, authMessages.emailTaken, 'EMAIL_TAKEN');
      const passwordHash = await argonHash(body.password);
      try {
        return await repo.transaction(async (tx) => {
          const user = await tx.insertUser({
            id: newId('user'),
            email: body.email,
            passwordHash,
            displayName: body.displayName,
            locale,
          });
          const session = await sessions.issueSession(user.id, false, meta, tx);
          return { user, session };
        });
      } catch (error) {
        // Two registrations of one address at once: the unique index lets one through.
        if (isUniqueViolation(error)) throw new AppError(409, authMessages.emailTaken, 'EMAIL_TAKEN');
        throw error;
      }
    },

    async login(body: LoginBody, meta: RequestMeta): Promise<SignedIn | SecondStepDue> {
      const email = body.email.trim().toLowerCase();
      const address = limitAddress(meta.ip);
      await enforce(`login:ip:${address}`);
      // An address never contains '|', so the pair's key cannot be confused with another pair's.
      const pairKey = `login:fail:pair:${address}|${email}`;
      const accountKey = `login:fail:account:${email}`;
      // The attempt is counted before the password is checked, atomically, so concurrent guesses
      // cannot all pass a count read before any of them was added; the right password clears it.
      const pair = await limiter.hit(pairKey, limit, LOGIN_FAILURE_WINDOW_MS);
      if (!pair.allowed) throw AppError.tooManyRequests(pair.resetInMs);
      const account = await limiter.peek(accountKey);
      if (pair.count > 1 && account.count >= limit * ACCOUNT_FAILURE_FACTOR) {
        throw AppError.tooManyRequests(pair.resetInMs);
      }
      const user = await repo.findUserByEmail(email);
      const valid = user?.passwordHash
        ? await argonVerify(user.passwordHash, body.password)
        : await argonVerify(await getDummyHash(), body.password).then(() => false);
      if (!user || !valid) {
        // Unknown e-mail addresses count too: the answers must not tell which accounts exist.
        await limiter.hit(accountKey, limit * ACCOUNT_FAILURE_FACTOR, LOGIN_FAILURE_WINDOW_MS);
        throw new AppError(401, authMessages.invalidCredentials, 'INVALID_CREDENTIALS');
      }
      // The right password from this address ends its run of failures (typos spread over a
      // day do not add up to a lock-out); the account-wide count is left to its window.
      await limiter.reset(pairKey);
      if (await secondFactor.hasSecondFactor(user.id)) {
        return { user, mfa: await secondFactor.issueMfaTicket(user.id, body.rememberMe ?? false) };
      }
      const session = await sessions.issueSession(user.id, body.rememberMe ?? false, meta);
      return { user, session };
    },

    /**
     * The profile fields kept on the user (the sign-in replies carry them): display name and avatar
     * URL, in the caller's transaction `tx` when given. Call `forgetCachedSessions` once the
     * transaction has committed, so the next SSO check (the header's) answers with the new values.
     */
    async updateUserProfile(
      userId: string,
      values: { displayName?: string | undefined; avatarUrl?: string | null | undefined },
      tx?: Executor,
    ): Promise<void> {
      const changes: { displayName?: string; avatarUrl?: string | null } = {};
      if (values.displayName !== undefined) changes.displayName = values.displayName;
      if (values.avatarUrl !== undefined) changes.avatarUrl = values.avatarUrl;
      if (Object.keys(changes).length > 0) await repo.updateUser(userId, changes, tx);
    },

    /** The language the user's mail is written in ('en' | 'pt-PT'). */
    async setLocale(userId: string, locale: string): Promise<void> {
      await repo.updateUser(userId, { locale });
    },

    /** A user's e-mail address (shown only to that user), or null if there is no such user. */
    async emailOf(userId: string): Promise<string | null> {
      return (await repo.findUserById(userId))?.email ?? null;
    },
  };
}
export type SignInService = ReturnType<typeof createSignInService>;
