import { requireFreshSignIn } from './browser-session.js';
import { verify as argonVerify } from '@node-rs/argon2';
import type { MfaMethod } from '@nuvem/contracts/auth';
import {
  MFA_TICKET_MAX_ATTEMPTS,
  MFA_TICKET_TTL_MS,
  mfaMessages,
  type MfaStatus,
  type PasskeyAssertion,
  type PasskeyRequestOptions,
  type TotpSetup,
} from '@nuvem/contracts/mfa';
import type { AppConfig } from '../../config.js';
import { limitAddress } from '../../lib/client-address.js';
import { AppError } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { createMfaFactors, toPasskey, type MfaFactors } from './mfa-factors.js';
import type { MfaRepository } from './mfa.repository.js';
import type { RequestMeta, SessionsService } from './sessions.service.js';
import { createPasskeysService, type PasskeysService } from './passkeys.service.js';
import type { SignedIn } from './sign-in.service.js';
import { isTotpCode, matchTotp, newTotpSecret, recoveryCodeHash, totpUri } from './totp.js';

/** Second-factor attempts of one account counted over this window (the sign-in step and re-checks). */
export const MFA_ATTEMPT_WINDOW_MS = 15 * 60_000;

/** A password sign-in that still needs its second step: the ticket (returned once) and the ways to pass it. */
export interface MfaPending {
  ticket: string;
  methods: MfaMethod[];
}

/** What the sign-in step needs of passkeys.service.ts (created first). */
export type PasskeySteps = Pick<PasskeysService, 'verifyPasskeyAssertion' | 'passkeyOptionsFor'>;

/**
 * The second factor: TOTP set-up and removal, recovery codes, the `mfa_required` step of a sign-in
 * (a short-lived single-use ticket, 5 wrong codes at most, rate-limited per address and account),
 * and the checks other use cases call (`verifySecondFactor`, `hasSecondFactor`).
 */
export function createMfaService(deps: {
  repo: MfaRepository;
  factors: MfaFactors;
  limiter: RateLimiter;
  sessions: Pick<SessionsService, 'issueSession'>;
  config: AppConfig;
  passkeys: PasskeySteps;
}) {
  const { repo, factors, limiter, sessions, config, passkeys } = deps;
  const limit = config.authRateLimitPerMinute;
  const accountKey = (userId: string) => `mfa:account:${userId}`;

  /** Counts one second-factor attempt on the account; past the limit, 429 (the right code too). */
  async function countAccountAttempt(userId: string): Promise<void> {
    const result = await limiter.hit(accountKey(userId), limit, MFA_ATTEMPT_WINDOW_MS);
    if (!result.allowed) throw AppError.tooManyRequests(result.resetInMs);
  }

  /** Whether the code is a current TOTP code (used now) or an unused recovery code (consumed now). */
  async function checkCode(userId: string, code: string): Promise<boolean> {
    if (isTotpCode(code)) {
      const totp = await repo.findTotp(userId);
      if (!totp?.confirmedAt) return false;
      const step = matchTotp(totp.secret, code, totp.lastStep);
      return step !== null && (await repo.useTotpStep(userId, step));
    }
    return repo.consumeRecoveryCode(userId, recoveryCodeHash(code));
  }

  /** A code checked under the account's attempt limit; a right one clears the count. */
  async function verifySecondFactor(userId: string, code: string): Promise<boolean> {
    await countAccountAttempt(userId);
    const valid = await checkCode(userId, code);
    if (valid) await limiter.reset(accountKey(userId));
    return valid;
  }

  /** The password of an account that has one (400 when wrong); accounts without one skip it. */
  async function checkPassword(userId: string, password: string | undefined): Promise<void> {
    const user = await repo.findUser(userId);
    if (!user?.passwordHash) return;
    await countAccountAttempt(userId);
    if (password === undefined || !(await argonVerify(user.passwordHash, password))) {
      throw new AppError(400, mfaMessages.invalidPassword, 'INVALID_PASSWORD');
    }
    await limiter.reset(accountKey(userId));
  }

  async function requireCode(userId: string, code: string): Promise<void> {
    if (!(await verifySecondFactor(userId, code))) {
      throw new AppError(400, mfaMessages.invalidCode, 'INVALID_MFA_CODE');
    }
  }

  async function methodsOf(userId: string): Promise<MfaMethod[]> {
    const has = await repo.hasSecondFactor(userId);
    const methods: MfaMethod[] = [];
    if (has.totp) methods.push('totp');
    if (has.totp || has.passkeys) methods.push('recovery_code');
    if (has.passkeys) methods.push('passkey');
    return methods;
  }

  /** The live ticket of a sign-in waiting for its second step, or 401. */
  async function liveTicket(ticket: string | undefined) {
    const row = ticket && ticket.length <= 128 ? await repo.findTicket(sha256(ticket)) : undefined;
    if (!row?.userId) throw new AppError(401, mfaMessages.ticketInvalid, 'MFA_TICKET_INVALID');
    return { ...row, userId: row.userId };
  }

  return {
    verifySecondFactor,

    hasSecondFactor: factors.hasSecondFactor,

    /**
     * Removes every second factor of the account (TOTP, recovery codes, passkeys, pending sign-in
     * tickets): for the verified owner taking over an account someone else registered.
     */
    async removeSecondFactors(userId: string): Promise<void> {
      await repo.transaction((tx) => tx.deleteAllSecondFactors(userId));
      await factors.changed(userId);
    },

    async mfaStatus(userId: string): Promise<MfaStatus> {
      const user = await repo.findUser(userId);
      const totp = await repo.findTotp(userId);
      const keys = await repo.listPasskeys(userId);
      const totpEnabled = Boolean(totp?.confirmedAt);
      return {
        enabled: totpEnabled || keys.length > 0,
        has_password: Boolean(user?.passwordHash),
        totp: { enabled: totpEnabled },
        recovery_codes: { remaining: await repo.countUnusedRecoveryCodes(userId) },
        passkeys: keys.map(toPasskey),
      };
    },

    /** A new, unconfirmed TOTP secret (replacing one not yet confirmed); 409 if one is in use. */
    async startTotp(userId: string, accountName: string): Promise<TotpSetup> {
      const secret = newTotpSecret();
      if (!(await repo.startTotp(userId, secret))) {
        throw new AppError(409, mfaMessages.totpAlreadyEnabled, 'TOTP_ALREADY_ENABLED');
      }
      return { secret, uri: totpUri(secret, accountName) };
    },

    /**
     * The first code from the app confirms it: two-step verification is on, this session counts as
     * having passed it, and recovery codes are returned if the account had none (else null).
     */
    async confirmTotp(userId: string, sessionId: string, code: string): Promise<string[] | null> {
      const totp = await repo.findTotp(userId);
      if (!totp) throw new AppError(409, mfaMessages.totpNotStarted, 'TOTP_NOT_STARTED');
      if (totp.confirmedAt) throw new AppError(409, mfaMessages.totpAlreadyEnabled, 'TOTP_ALREADY_ENABLED');
      await countAccountAttempt(userId);
      const step = matchTotp(totp.secret, code, totp.lastStep);
      if (step === null || !(await repo.useTotpStep(userId, step, true))) {
        throw new AppError(400, mfaMessages.invalidCode, 'INVALID_MFA_CODE');
      }
      await limiter.reset(accountKey(userId));
      const hadCodes = (await repo.countUnusedRecoveryCodes(userId)) > 0;
      const codes = hadCodes ? null : await factors.issueRecoveryCodes(userId);
      await factors.changed(userId);
      await factors.sessionPassed(userId, sessionId);
      return codes;
    },

    /** Turns the authenticator app off: the password (if the account has one) and a current code. */
    async disableTotp(userId: string, proof: { password?: string | undefined; code: string }): Promise<void> {
      const totp = await repo.findTotp(userId);
      if (!totp?.confirmedAt) throw new AppError(409, mfaMessages.totpNotEnabled, 'TOTP_NOT_ENABLED');
      await checkPassword(userId, proof.password);
      await requireCode(userId, proof.code);
      await repo.deleteTotp(userId);
      await factors.changed(userId);
    },

    /** New recovery codes (the old ones stop working), for a current code. */
    async regenerateRecoveryCodes(userId: string, code: string): Promise<string[]> {
      if (!(await factors.hasSecondFactor(userId))) {
        throw new AppError(409, mfaMessages.noSecondFactor, 'MFA_NOT_ENABLED');
      }
      await requireCode(userId, code);
      return factors.issueRecoveryCodes(userId);
    },

    /**
     * Proves it is the account's owner before a factor is added or removed (a stolen session must
     * not lock the owner out with its own authenticator, or keep a way in with its own passkey):
     * the password when the account has one; else a code when it has a second factor; else a recent
     * sign-in (FRESH_SIGN_IN_MS).
     */
    async confirmIdentity(
      userId: string,
      proof: { password?: string | undefined; code?: string | undefined },
      signedInAt?: Date,
    ) {
      const user = await repo.findUser(userId);
      if (user?.passwordHash) {
        await checkPassword(userId, proof.password);
        return;
      }
      if (await factors.hasSecondFactor(userId)) await requireCode(userId, proof.code ?? '');
      // Neither a password nor a factor (social sign-in only): a sign-in within the last minutes.
      else requireFreshSignIn(signedInAt);
    },

    /**
     * A password sign-in of an account with a second factor gets a ticket instead of a session:
     * single use, MFA_TICKET_TTL_MS, MFA_TICKET_MAX_ATTEMPTS wrong codes. Only its hash is stored.
     */
    async issueMfaTicket(userId: string, remember: boolean): Promise<MfaPending> {
      const ticket = randomToken();
      const now = new Date();
      await repo.deleteExpiredChallenges(now);
      await repo.insertChallenge({
        tokenHash: sha256(ticket),
        userId,
        purpose: 'mfa-ticket',
        remember,
        expiresAt: new Date(now.getTime() + MFA_TICKET_TTL_MS),
      });
      return { ticket, methods: await methodsOf(userId) };
    },

    /** A passkey challenge for a ticket's second step (the account's passkeys allowed); replaces an earlier one. */
    async mfaPasskeyOptions(ticket: string | undefined, meta: RequestMeta): Promise<PasskeyRequestOptions> {
      const ip = await limiter.hit(`mfa:ip:${limitAddress(meta.ip)}`, limit, 60_000);
      if (!ip.allowed) throw AppError.tooManyRequests(ip.resetInMs);
      const row = await liveTicket(ticket);
      const keys = await repo.listPasskeys(row.userId);
      if (keys.length === 0) throw new AppError(409, mfaMessages.noPasskeys, 'NO_PASSKEYS');
      const options = await passkeys.passkeyOptionsFor(keys);
      await repo.setTicketChallenge(row.tokenHash, options.challenge);
      return options;
    },

    /**
     * The second step: the ticket and a code (TOTP or recovery) or a passkey's signature. Each try
     * counts against the address (per minute), the ticket (MFA_TICKET_MAX_ATTEMPTS, then it is
     * gone) and the account (per MFA_ATTEMPT_WINDOW_MS). Success spends the ticket and starts a
     * session that passed MFA.
     */
    async completeMfaSignIn(
      input: { ticket: string | undefined; code?: string | undefined; passkey?: PasskeyAssertion | undefined },
      meta: RequestMeta,
    ): Promise<SignedIn> {
      const ip = await limiter.hit(`mfa:ip:${limitAddress(meta.ip)}`, limit, 60_000);
      if (!ip.allowed) throw AppError.tooManyRequests(ip.resetInMs);
      const ticket = input.ticket && input.ticket.length <= 128 ? input.ticket : undefined;
      const tokenHash = ticket ? sha256(ticket) : undefined;
      const row = tokenHash ? await repo.countTicketAttempt(tokenHash, MFA_TICKET_MAX_ATTEMPTS) : undefined;
      if (!tokenHash || !row?.userId) throw new AppError(401, mfaMessages.ticketInvalid, 'MFA_TICKET_INVALID');
      const userId = row.userId;
      await countAccountAttempt(userId);

      let valid = false;
      if (input.passkey) {
        // The challenge is answered once, right or wrong.
        if (row.challenge) await repo.setTicketChallenge(tokenHash, null);
        if (row.challenge) {
          valid = await passkeys
            .verifyPasskeyAssertion(input.passkey, {
              challenge: row.challenge,
              userId,
              requireUserVerification: false,
            })
            .then(
              () => true,
              () => false,
            );
        }
      } else if (input.code !== undefined) {
        valid = await checkCode(userId, input.code);
      }

      if (!valid) {
        if (row.attempts >= MFA_TICKET_MAX_ATTEMPTS) await repo.deleteChallenge(tokenHash);
        throw input.passkey
          ? new AppError(401, mfaMessages.passkeyInvalid, 'PASSKEY_INVALID')
          : new AppError(401, mfaMessages.invalidCode, 'INVALID_MFA_CODE');
      }
      // Single use: of two right answers racing, only the one that takes the ticket signs in.
      if (!(await repo.deleteChallenge(tokenHash))) {
        throw new AppError(401, mfaMessages.ticketInvalid, 'MFA_TICKET_INVALID');
      }
      await limiter.reset(accountKey(userId));
      const user = await repo.findUser(userId);
      if (!user) throw new AppError(401, mfaMessages.ticketInvalid, 'MFA_TICKET_INVALID');
      const session = await sessions.issueSession(userId, row.remember, meta, undefined, { mfaPassed: true });
      return { user, session };
    },
  };
}
export type MfaService = ReturnType<typeof createMfaService>;

/**
 * The second factor as `app.auth` spreads it: the MFA use cases and passkeys, sharing one view of
 * the account's factors.
 */
export function createSecondFactorService(deps: {
  repo: MfaRepository;
  limiter: RateLimiter;
  sessions: Pick<SessionsService, 'issueSession' | 'forgetCachedSessions'>;
  config: AppConfig;
}) {
  const factors = createMfaFactors({ repo: deps.repo, sessions: deps.sessions });
  const passkeys = createPasskeysService({ ...deps, factors });
  return { ...createMfaService({ ...deps, factors, passkeys }), ...passkeys };
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
