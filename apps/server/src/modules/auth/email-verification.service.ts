import {
  accountEmailMessages,
  CHANGE_EMAIL_TTL_MS,
  CLAIM_SOCIAL_TTL_MS,
  VERIFY_EMAIL_TTL_MS,
  type VerifyEmailResponse,
} from '@nuvem/contracts/account-email';
import { authMessages, socialProviders } from '@nuvem/contracts/auth';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import { sha256 } from '../../lib/tokens.js';
import { mailLocale } from '../mail/mail.types.js';
import { changeEmailMail, claimSocialMail, emailChangedMail, verifyEmailMail } from '../mail/templates/account.js';
import { enforceLimit, invalidToken, mailAccountLink, sameAddress, type AccountMailDeps } from './account-links.js';
import type { EndedSession } from './account-tokens.repository.js';
import type { AuthRepository, UserRow } from './auth.repository.js';
import type { IssuedSession, RequestMeta, SessionsService } from './sessions.service.js';
import type { SocialProfile } from './social-sign-in.service.js';

const MINUTE = 60_000;
/** Verification mails a user may ask for again per 15 minutes. */
export const VERIFY_RESENDS = 3;
/** Claim links mailed per account per 15 minutes (each social sign-in attempt asks for one). */
export const CLAIMS_PER_ACCOUNT = 3;
/** E-mail changes a user may start per hour (each mails the new address). */
export const EMAIL_CHANGES_PER_HOUR = 5;

/** What a claim-social link carries: the social identity to link. */
const claimDataSchema = z.object({ provider: z.enum(socialProviders), providerUserId: z.string().min(1) });

/** What following a mailed link did (the reply's `result`), and the session it started, if any. */
export interface FollowedLink {
  result: VerifyEmailResponse['result'];
  email: string;
  userId: string;
  session: IssuedSession | null;
}

/**
 * Verified addresses: the verification link mailed at registration (and again on request), the
 * check other modules make before buying or inviting, changing the address (confirmed from the
 * new one, the old one told), and claiming an unverified account by a social sign-in whose
 * provider verified the address, confirmed by a link mailed to it. Following any of those links
 * is `followEmailLink`: the token's row says which it is.
 */
export function createEmailVerificationService(
  deps: AccountMailDeps & {
    repo: AuthRepository;
    sessions: Pick<SessionsService, 'issueSession' | 'sessionsDeleted' | 'forgetCachedSessions'>;
    log: FastifyBaseLogger;
    accountClaimed: (userId: string) => Promise<void>;
  },
) {
  const { tokens, mail, limiter, repo, sessions, log, accountClaimed } = deps;

  /** A new verification link for the user's address (earlier ones stop working), mailed. */
  async function mailVerification(user: UserRow): Promise<void> {
    await tokens.deleteTokensOfUser(user.id, ['verify-email']);
    await mailAccountLink(
      deps,
      {
        userId: user.id,
        purpose: 'verify-email',
        email: user.email,
        ttlMs: VERIFY_EMAIL_TTL_MS,
        path: '/verify-email',
      },
      (url) => verifyEmailMail(mailLocale(user.locale), { name: user.displayName, url }),
    );
  }

  return {
    /**
     * After registration: mails the verification link. A failure is logged, not thrown: the
     * account exists, and the banner sends the link again.
     */
    async sendVerification(user: UserRow): Promise<void> {
      try {
        await mailVerification(user);
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'could not mail the verification link');
      }
    },

    /** Mails a new verification link (rate-limited), or says there is nothing to verify. */
    async resendVerification(userId: string): Promise<'sent' | 'already_verified'> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError(401, authMessages.unauthorized, 'UNAUTHORIZED');
      if (user.emailVerified) return 'already_verified';
      await enforceLimit(limiter, `verify-resend:${userId}`, VERIFY_RESENDS, 15 * MINUTE);
      await mailVerification(user);
      return 'sent';
    },

    /** Whether the user has proved their address (read from the database, not a cached session). */
    async isEmailVerified(userId: string): Promise<boolean> {
      return (await repo.findUserById(userId))?.emailVerified ?? false;
    },

    /** 403 EMAIL_NOT_VERIFIED unless the user has proved their address (buying, inviting). */
    async requireVerifiedEmail(userId: string): Promise<void> {
      if (!((await repo.findUserById(userId))?.emailVerified ?? false)) {
        throw new AppError(403, accountEmailMessages.emailNotVerified, 'EMAIL_NOT_VERIFIED');
      }
    },

    /**
     * Starts changing the user's address (the caller has re-authenticated them): a link goes to the
     * new address, and nothing changes until it is followed. Only the latest request's link works.
     */
    async requestEmailChange(userId: string, newEmail: string): Promise<void> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError(401, authMessages.unauthorized, 'UNAUTHORIZED');
      if (sameAddress(newEmail, user.email)) throw new AppError(400, accountEmailMessages.sameEmail, 'SAME_EMAIL');
      await enforceLimit(limiter, `email-change:${userId}`, EMAIL_CHANGES_PER_HOUR, 60 * MINUTE);
      if (await repo.findUserByEmail(newEmail)) throw new AppError(409, authMessages.emailTaken, 'EMAIL_TAKEN');
      await tokens.deleteTokensOfUser(userId, ['change-email']);
      await mailAccountLink(
        deps,
        { userId, purpose: 'change-email', email: newEmail, ttlMs: CHANGE_EMAIL_TTL_MS, path: '/verify-email' },
        (url) => changeEmailMail(mailLocale(user.locale), { name: user.displayName, newEmail, url }),
      );
    },

    /**
     * A social sign-in whose provider verified the address found an account with it that nobody
     * verified (someone may have registered the address who does not own it). Mails the address a
     * link that, followed, links this identity and hands the account to whoever opened it. False
     * when there is nothing to offer, or the account had enough such links mailed lately.
     */
    async offerSocialClaim(profile: SocialProfile): Promise<boolean> {
      if (!profile.emailVerified) return false;
      const user = await repo.findUserByEmail(profile.email);
      if (!user || user.emailVerified) return false;
      const limit = await limiter.hit(`claim-social:${user.id}`, CLAIMS_PER_ACCOUNT, 15 * MINUTE);
      if (!limit.allowed) return false;
      await mailAccountLink(
        deps,
        {
          userId: user.id,
          purpose: 'claim-social',
          email: user.email,
          ttlMs: CLAIM_SOCIAL_TTL_MS,
          data: { provider: profile.provider, providerUserId: profile.providerUserId },
          path: '/verify-email',
        },
        (url) => claimSocialMail(mailLocale(user.locale), { name: user.displayName, provider: profile.provider, url }),
      );
      return true;
    },

    /**
     * Follows a link mailed to an address (single use; one transaction):
     * - verify-email: the address is verified;
     * - change-email: the account takes the new address (409 EMAIL_TAKEN if someone has it by
     *   now), verified; the old address is told;
     * - claim-social: the social identity is linked and the address verified; when the account was
     *   unverified, the password and second factors someone else may have set are dropped and all
     *   its sessions end. This browser is signed in (unless a verified account has a second factor).
     * A used, expired or unknown token, or one whose address is no longer the account's: 400
     * INVALID_TOKEN, the same every time.
     */
    async followEmailLink(token: string, meta: RequestMeta, signedInUserId: string | null): Promise<FollowedLink> {
      const tokenHash = sha256(token);
      let outcome: FollowedLink & { ended: EndedSession[]; oldEmail?: string; user: UserRow; takeover?: boolean };
      try {
        outcome = await tokens.transaction(async (tx, executor) => {
          const row = await tx.consumeToken(tokenHash, ['verify-email', 'change-email', 'claim-social']);
          if (!row) throw invalidToken();
          const user = await repo.findUserById(row.userId, executor);
          if (!user) throw invalidToken();
          // Verifying an address, or moving the account to one, counts only when the account's own
          // holder follows the link, signed in: otherwise the owner of a mailbox would vouch for an
          // account someone else registered with it (and keeps that person's password, factors and
          // keys). Refused before anything is written, so the link still works once signed in; the
          // owner of a squatted address takes it over with a password reset instead.
          if (row.purpose !== 'claim-social' && signedInUserId !== user.id) {
            throw new AppError(
              403,
              'Sign in to the account this link was sent for, then open the link again',
              'SIGN_IN_TO_FOLLOW',
            );
          }
          const done = { userId: user.id, user, session: null, ended: [] };

          if (row.purpose === 'change-email') {
            const holder = await repo.findUserByEmail(row.email, executor);
            if (holder && holder.id !== user.id) throw new AppError(409, authMessages.emailTaken, 'EMAIL_TAKEN');
            await repo.updateUser(user.id, { email: row.email, emailVerified: true }, executor);
            // Links mailed to the old address (a reset, a verification) no longer apply.
            await tx.deleteTokensOfUser(user.id);
            return { ...done, result: 'email_changed' as const, email: row.email, oldEmail: user.email };
          }

          // The other links were mailed to the account's address: still its address?
          if (!sameAddress(row.email, user.email)) throw invalidToken();
          if (row.purpose === 'verify-email') {
            if (!user.emailVerified) await repo.updateUser(user.id, { emailVerified: true }, executor);
            return { ...done, result: 'verified' as const, email: user.email };
          }

          const claim = claimDataSchema.safeParse(row.data);
          if (!claim.success) throw invalidToken();
          const { provider, providerUserId } = claim.data;
          const linked = await repo.findOAuthAccount(provider, providerUserId, executor);
          if (linked && linked.userId !== user.id) throw invalidToken();
          if (!linked) {
            await repo.insertOAuthAccount({ provider, providerUserId, userId: user.id, email: user.email }, executor);
          }
          const takeover = !user.emailVerified;
          let ended: EndedSession[] = [];
          if (takeover) {
            // The verified owner wins: whoever registered the address without proving it loses
            // the password, second factors, pending links and sessions they set up.
            await repo.updateUser(user.id, { passwordHash: null, emailVerified: true }, executor);
            await tx.dropSecondFactors(user.id);
            await tx.deleteTokensOfUser(user.id);
            ended = await tx.deleteSessionsOfUser(user.id);
          }
          // A verified account guarded by a second factor is linked, not signed in: the sign-in
          // page (social sign-in now works) asks for the factor.
          const signIn = takeover || !user.mfaEnabled;
          const session = signIn
            ? await sessions.issueSession(user.id, true, meta, {
                insertSession: (values) => repo.insertSession(values, executor),
              })
            : null;
          return { ...done, result: 'social_linked' as const, email: user.email, session, ended, takeover };
        });
      } catch (error) {
        // Two accounts taking one address at once: the unique index lets one through.
        if (isUniqueViolation(error)) throw new AppError(409, authMessages.emailTaken, 'EMAIL_TAKEN');
        throw error;
      }

      await sessions.sessionsDeleted(outcome.userId, outcome.ended);
      if (outcome.takeover) await accountClaimed(outcome.userId);
      // The header's next check reads the user again (verified, new address).
      await sessions.forgetCachedSessions(outcome.userId);
      if (outcome.oldEmail) {
        await mail
          .send({
            key: `email-changed:${tokenHash}`,
            template: 'email-changed',
            to: outcome.oldEmail,
            userId: outcome.userId,
            content: emailChangedMail(mailLocale(outcome.user.locale), {
              name: outcome.user.displayName,
              newEmail: outcome.email,
            }),
          })
          .catch((error: unknown) => {
            log.error({ err: error, userId: outcome.userId }, 'could not mail the old address of a change');
          });
      }
      return { result: outcome.result, email: outcome.email, userId: outcome.userId, session: outcome.session };
    },
  };
}
export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
