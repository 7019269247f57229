import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  isAuthenticatorTransport,
  mfaMessages,
  passkeyAssertionSchema,
  passkeyRegistrationSchema,
  type Passkey,
  type PasskeyAssertion,
  type PasskeyCreationOptions,
  type PasskeyRegistration,
  type PasskeyRequestOptions,
} from '@nuvem/contracts/mfa';
import type { AppConfig } from '../../config.js';
import { limitAddress } from '../../lib/client-address.js';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { sha256 } from '../../lib/tokens.js';
import type { MfaRepository, PasskeyRow } from './mfa.repository.js';
import { toPasskey, type MfaFactors } from './mfa-factors.js';
import type { RequestMeta, SessionsService } from './sessions.service.js';
import type { SignedIn } from './sign-in.service.js';

/** How long a WebAuthn ceremony may take (the browser's own timeout is the same). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;
/** Passwordless sign-in challenges kept at most, whatever the addresses (each is a row until used or expired). */
const MAX_PENDING_SIGN_INS = 50_000;
const RP_NAME = 'Nuvem';

/** The challenge a browser signed, read from its client data (null when unreadable). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (data && typeof data === 'object' && 'challenge' in data && typeof data.challenge === 'string') {
      return data.challenge.replace(/=+$/, '');
    }
  } catch {
    // not JSON: no challenge
  }
  return null;
}

/** The library's credential lists as the contract types them (its `type` is a plain string). */
function descriptors(list: { id: string; transports?: string[] }[] | undefined) {
  return list?.map((item) => ({
    id: item.id,
    type: 'public-key' as const,
    transports: item.transports?.filter(isAuthenticatorTransport),
  }));
}

const invalidPasskey = () => new AppError(401, mfaMessages.passkeyInvalid, 'PASSKEY_INVALID');

/**
 * Passkeys (WebAuthn, @simplewebauthn/server): registering them on the account page, as the
 * second step of a sign-in, and passwordless sign-in with a discoverable one. The relying party
 * is PUBLIC_URL (its host name is the RP ID, its origin the expected origin). Every challenge is a
 * single-use row of `mfa_challenges` found by the hash of the challenge itself.
 */
export function createPasskeysService(deps: {
  repo: MfaRepository;
  factors: MfaFactors;
  limiter: RateLimiter;
  sessions: Pick<SessionsService, 'issueSession'>;
  config: AppConfig;
}) {
  const { repo, factors, limiter, sessions, config } = deps;
  const rpID = config.publicUrl.hostname;
  const origin = config.publicUrl.origin;

  const descriptor = (row: PasskeyRow) => ({ id: row.id, transports: row.transports });

  /**
   * Checks a passkey's signature over `challenge`: the credential must be registered (to `userId`
   * when given), and its counter moves on. Returns the passkey, or throws 401 PASSKEY_INVALID.
   */
  async function verifyAssertion(
    assertion: PasskeyAssertion,
    expected: { challenge: string; userId: string | null; requireUserVerification: boolean },
  ): Promise<PasskeyRow> {
    const response = passkeyAssertionSchema.parse(assertion);
    const key = await repo.findPasskey(response.id);
    if (!key || (expected.userId !== null && key.userId !== expected.userId)) throw invalidPasskey();
    // A discoverable credential names its user: it must be the one the key was registered to.
    const handle = response.response.userHandle;
    if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== key.userId) throw invalidPasskey();
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response: { ...response, clientExtensionResults: {} },
        expectedChallenge: expected.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: key.id,
          publicKey: Buffer.from(key.publicKey, 'base64url'),
          counter: key.counter,
          transports: key.transports,
        },
        requireUserVerification: expected.requireUserVerification,
      });
    } catch {
      throw invalidPasskey();
    }
    if (!verification.verified) throw invalidPasskey();
    const info = verification.authenticationInfo;
    // Two sign-ins racing on one signature counter: only one moves it on.
    if (
      !(await repo.usePasskey(key.id, key.counter, { counter: info.newCounter, backedUp: info.credentialBackedUp }))
    ) {
      throw invalidPasskey();
    }
    return key;
  }

  return {
    verifyPasskeyAssertion: verifyAssertion,

    /** Options to create a passkey for the signed-in user (their existing ones excluded). */
    async passkeyRegistrationOptions(user: {
      id: string;
      email: string;
      displayName: string | null;
    }): Promise<PasskeyCreationOptions> {
      const existing = await repo.listPasskeys(user.id);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        userName: user.email,
        userDisplayName: user.displayName ?? user.email,
        // The user handle: the user's id (random, no personal data), so a discoverable key names its account.
        userID: new Uint8Array(Buffer.from(user.id, 'utf8')),
        attestationType: 'none',
        excludeCredentials: existing.map(descriptor),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        timeout: PASSKEY_CHALLENGE_TTL_MS,
      });
      const now = new Date();
      await repo.deleteExpiredChallenges(now);
      await repo.insertChallenge({
        tokenHash: sha256(options.challenge),
        userId: user.id,
        purpose: 'passkey-register',
        challenge: options.challenge,
        expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
      });
      return { ...options, excludeCredentials: descriptors(options.excludeCredentials) };
    },

    /**
     * Saves a new passkey after checking the browser's answer to a registration challenge of this
     * user. It counts as this session passing a second factor. Recovery codes come with the
     * account's first second factor (else null).
     */
    async registerPasskey(
      userId: string,
      sessionId: string,
      name: string,
      credential: PasskeyRegistration,
    ): Promise<{ passkey: Passkey; recoveryCodes: string[] | null }> {
      const response = passkeyRegistrationSchema.parse(credential);
      const challenge = challengeOf(response.response.clientDataJSON);
      const row = challenge ? await repo.consumeChallenge(sha256(challenge), 'passkey-register') : undefined;
      if (!row?.challenge || row.userId !== userId) {
        throw new AppError(400, mfaMessages.challengeExpired, 'PASSKEY_CHALLENGE_EXPIRED');
      }
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: { ...response, clientExtensionResults: {} },
          expectedChallenge: row.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
      } catch {
        throw new AppError(400, mfaMessages.passkeyInvalid, 'PASSKEY_INVALID');
      }
      if (!verification.verified) throw new AppError(400, mfaMessages.passkeyInvalid, 'PASSKEY_INVALID');
      const info = verification.registrationInfo;
      const hadFactor = await factors.hasSecondFactor(userId);
      let saved: PasskeyRow;
      try {
        saved = await repo.insertPasskey({
          id: info.credential.id,
          userId,
          publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
          counter: info.credential.counter,
          transports: response.response.transports ?? [],
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          name,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, mfaMessages.passkeyExists, 'PASSKEY_EXISTS');
        throw error;
      }
      const hadCodes = hadFactor || (await repo.countUnusedRecoveryCodes(userId)) > 0;
      const recoveryCodes = hadCodes ? null : await factors.issueRecoveryCodes(userId);
      await factors.changed(userId);
      await factors.sessionPassed(userId, sessionId);
      return { passkey: toPasskey(saved), recoveryCodes };
    },

    async renamePasskey(userId: string, id: string, name: string): Promise<Passkey> {
      const row = await repo.renamePasskey(userId, id, name);
      if (!row) throw AppError.notFound(mfaMessages.passkeyNotFound, 'PASSKEY_NOT_FOUND');
      return toPasskey(row);
    },

    /** A passkey of this user; 404 for anyone else's (before asking them to confirm who they are). */
    async findOwnPasskey(userId: string, id: string): Promise<Passkey> {
      const row = await repo.findPasskey(id);
      if (row?.userId !== userId) throw AppError.notFound(mfaMessages.passkeyNotFound, 'PASSKEY_NOT_FOUND');
      return toPasskey(row);
    },

    /** Removes a passkey of the user (the caller has confirmed who they are); 404 for anyone else's. */
    async deletePasskey(userId: string, id: string): Promise<void> {
      if (!(await repo.deletePasskey(userId, id)))
        throw AppError.notFound(mfaMessages.passkeyNotFound, 'PASSKEY_NOT_FOUND');
      await factors.changed(userId);
    },

    /** Options for a passwordless sign-in: any discoverable passkey of this site, verified by its user. */
    async passkeySignInOptions(meta: RequestMeta): Promise<PasskeyRequestOptions> {
      const limit = await limiter.hit(`passkey:ip:${limitAddress(meta.ip)}`, config.authRateLimitPerMinute, 60_000);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      const now = new Date();
      await repo.deleteExpiredChallenges(now);
      if ((await repo.countChallenges('passkey-sign-in')) >= MAX_PENDING_SIGN_INS) {
        throw AppError.tooManyRequests(60_000);
      }
      // Required, not preferred: the passkey alone then stands for both factors (something held,
      // and the PIN or biometric that unlocked it), so the session counts as having passed MFA.
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        timeout: PASSKEY_CHALLENGE_TTL_MS,
      });
      await repo.insertChallenge({
        tokenHash: sha256(options.challenge),
        userId: null,
        purpose: 'passkey-sign-in',
        challenge: options.challenge,
        expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
      });
      return { ...options, allowCredentials: descriptors(options.allowCredentials) };
    },

    /** Passwordless sign-in: the signature answers one of our live sign-in challenges. */
    async signInWithPasskey(assertion: PasskeyAssertion, remember: boolean, meta: RequestMeta): Promise<SignedIn> {
      const limit = await limiter.hit(`passkey:ip:${limitAddress(meta.ip)}`, config.authRateLimitPerMinute, 60_000);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      const response = passkeyAssertionSchema.parse(assertion);
      const challenge = challengeOf(response.response.clientDataJSON);
      const row = challenge ? await repo.consumeChallenge(sha256(challenge), 'passkey-sign-in') : undefined;
      if (!row?.challenge) throw new AppError(401, mfaMessages.challengeExpired, 'PASSKEY_CHALLENGE_EXPIRED');
      const key = await verifyAssertion(response, {
        challenge: row.challenge,
        userId: null,
        requireUserVerification: true,
      });
      const user = await repo.findUser(key.userId);
      if (!user) throw invalidPasskey();
      const session = await sessions.issueSession(user.id, remember, meta, undefined, { mfaPassed: true });
      return { user, session };
    },

    /** Options for the passkey step of a sign-in: the account's passkeys only. */
    async passkeyOptionsFor(keys: PasskeyRow[]): Promise<PasskeyRequestOptions> {
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials: keys.map(descriptor),
        userVerification: 'preferred',
        timeout: PASSKEY_CHALLENGE_TTL_MS,
      });
      return { ...options, allowCredentials: descriptors(options.allowCredentials) };
    },
  };
}
export type PasskeysService = ReturnType<typeof createPasskeysService>;
