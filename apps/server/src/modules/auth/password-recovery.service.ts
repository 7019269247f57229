import { hash as argonHash } from '@node-rs/argon2';
import { RESET_PASSWORD_TTL_MS } from '@nuvem/contracts/account-email';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import { limitAddress } from '../../lib/client-address.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { JobQueue } from '../../plugins/app/queue.js';
import { mailLocale } from '../mail/mail.types.js';
import { passwordChangedMail, resetPasswordMail } from '../mail/templates/account.js';
import { enforceLimit, invalidToken, mailAccountLink, sameAddress, type AccountMailDeps } from './account-links.js';
import type { AuthRepository, UserRow } from './auth.repository.js';
import type { SessionsService } from './sessions.service.js';

const MINUTE = 60_000;
/** The job that looks the address up and mails the reset link, off the request. */
export const PASSWORD_FORGOT_JOB = 'auth.password-forgot';
/** Reset links one address (account or not) may be sent per 15 minutes. */
export const FORGOT_PER_ACCOUNT = 3;

/**
 * Passwords: a forgotten one (a single-use link mailed to the address), and changing it while
 * signed in. Resetting proves the mailbox, so it also verifies the address and, on an account
 * whose address nobody had verified, drops whatever someone else set up there (the verified owner
 * wins). Every change ends sessions and mails a notice.
 */
export function createPasswordRecoveryService(
  deps: AccountMailDeps & {
    repo: AuthRepository;
    sessions: Pick<SessionsService, 'sessionsDeleted'>;
    queue: Pick<JobQueue, 'send'>;
    config: AppConfig;
    log: FastifyBaseLogger;
    accountClaimed: (userId: string) => Promise<void>;
  },
) {
  const { tokens, mail, limiter, repo, sessions, queue, config, log, accountClaimed } = deps;

  /** Mails "your password was changed" (with a way back if it was not them); failures are logged. */
  async function mailPasswordChanged(user: UserRow, key: string): Promise<void> {
    await mail
      .send({
        key,
        template: 'password-changed',
        to: user.email,
        userId: user.id,
        content: passwordChangedMail(mailLocale(user.locale), {
          name: user.displayName,
          at: new Date(),
          forgotUrl: mail.link('/forgot-password'),
        }),
      })
      .catch((error: unknown) => {
        log.error({ err: error, userId: user.id }, 'could not mail the password-changed notice');
      });
  }

  return {
    /**
     * POST /auth/password/forgot: rate-limited per client address and per e-mail address (whether
     * or not an account has it), then the look-up and the mail happen in a job, so the answer
     * (always 202) takes the same time and says the same whether the account exists or not.
     */
    async forgotPassword(email: string, ip: string): Promise<void> {
      const address = email.trim().toLowerCase();
      await enforceLimit(limiter, `forgot:ip:${limitAddress(ip)}`, config.authRateLimitPerMinute, MINUTE);
      await enforceLimit(limiter, `forgot:email:${address}`, FORGOT_PER_ACCOUNT, 15 * MINUTE);
      await queue.send(PASSWORD_FORGOT_JOB, { email: address });
    },

    /** The job's work: a reset link for the account with this address, if there is one. */
    async mailPasswordReset(email: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (!user) return;
      await mailAccountLink(
        deps,
        {
          userId: user.id,
          purpose: 'reset-password',
          email: user.email,
          ttlMs: RESET_PASSWORD_TTL_MS,
          path: '/reset-password',
        },
        (url) => resetPasswordMail(mailLocale(user.locale), { name: user.displayName, url }),
      );
    },

    /**
     * POST /auth/password/reset: sets the password and verifies the address (the link proved the
     * mailbox), ends every session of the account, and mails a notice. On an account nobody had
     * verified, the second factors and pending links set there go too. The browser is not signed
     * in: the user signs in with the new password (and second factor, if the account has one, so a
     * mailbox alone never passes one). 400 INVALID_TOKEN for a used, expired or unknown link.
     */
    async resetPassword(token: string, password: string): Promise<void> {
      const tokenHash = sha256(token);
      const passwordHash = await argonHash(password);
      const outcome = await tokens.transaction(async (tx, executor) => {
        const row = await tx.consumeToken(tokenHash, ['reset-password']);
        if (!row) throw invalidToken();
        const user = await repo.findUserById(row.userId, executor);
        // A link mailed to an address the account no longer has is void.
        if (!user || !sameAddress(row.email, user.email)) throw invalidToken();
        await repo.updateUser(user.id, { passwordHash, emailVerified: true }, executor);
        if (user.emailVerified) {
          await tx.deleteTokensOfUser(user.id, ['reset-password']);
        } else {
          // The verified owner wins: nothing the unproven holder set up stays.
          await tx.dropSecondFactors(user.id);
          await tx.deleteTokensOfUser(user.id);
        }
        const ended = await tx.deleteSessionsOfUser(user.id);
        return { user, ended, takeover: !user.emailVerified };
      });
      await sessions.sessionsDeleted(outcome.user.id, outcome.ended);
      if (outcome.takeover) await accountClaimed(outcome.user.id);
      await mailPasswordChanged(outcome.user, `password-changed:${tokenHash}`);
    },

    /**
     * POST /auth/password/change (the caller has re-authenticated the user): the new password,
     * every other session ended, outstanding reset links void, and a notice mailed.
     */
    async changePassword(userId: string, keepSessionId: string, newPassword: string): Promise<void> {
      const passwordHash = await argonHash(newPassword);
      const outcome = await tokens.transaction(async (tx, executor) => {
        const user = await repo.findUserById(userId, executor);
        if (!user) return null;
        await repo.updateUser(userId, { passwordHash }, executor);
        await tx.deleteTokensOfUser(userId, ['reset-password']);
        return { user, ended: await tx.deleteSessionsOfUser(userId, keepSessionId) };
      });
      if (!outcome) return;
      await sessions.sessionsDeleted(userId, outcome.ended);
      await mailPasswordChanged(outcome.user, `password-changed:${userId}:${randomToken(9)}`);
    },
  };
}
export type PasswordRecoveryService = ReturnType<typeof createPasswordRecoveryService>;
