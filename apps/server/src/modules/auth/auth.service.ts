import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import {
  authMessages,
  REMEMBER_ME_TTL_MS,
  SESSION_TTL_MS,
  signInErrorMessages,
  type LoginBody,
  type RegisterBody,
} from '@nuvem/contracts/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import { limitAddress } from '../../lib/client-address.js';
import { newId } from '../../lib/ids.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { TtlCache } from '../../lib/ttl-cache.js';
import type { EventBus } from '../../plugins/app/events.js';
import type { AuthRepository, Executor, SessionWithUser } from './auth.repository.js';
import { parseSessionsEnded, SESSIONS_ENDED_CHANNEL, type SessionsEnded } from './sessions-ended.js';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** A new session: the cookie token and the bearer token, returned once, never stored. */
export interface IssuedSession {
  token: string;
  accessToken: string;
  expiresAt: Date;
  remember: boolean;
}

export interface SignedIn {
  user: UserRow;
  session: IssuedSession;
}

/** A profile from a social provider, after its identity was verified. */
export interface SocialProfile {
  provider: 'google' | 'github';
  providerUserId: string;
  email: string;
  emailVerified: boolean;
  displayName: string | null;
  avatarUrl: string | null;
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
const TOUCH_EVERY_MS = 60_000;
/**
 * How long a looked-up session is reused without asking the database. Ending a session removes it
 * from the cache at once (shared through Redis when configured); without Redis, another instance
 * may accept an ended session for at most this long.
 */
export const SESSION_CACHE_TTL_MS = 10_000;
/** How long a social identity waits for the password sign-in that links it. */
export const PENDING_LINK_TTL_MS = 10 * 60 * 1000;

/**
 * The bearer token of a session, derived from its cookie token one way: the SSO check (which sees
 * the cookie) can hand it out again, while the token cannot be turned back into the cookie.
 */
export function deriveAccessToken(sessionToken: string): string {
  return `nat_${sha256(`nuvem-access-token:${sessionToken}`)}`;
}

export function createAuthService(deps: {
  db: Database;
  repo: AuthRepository;
  limiter: RateLimiter;
  sessionCache: TtlCache<SessionWithUser>;
  /** Tells every instance which sessions ended (what they opened, a realtime stream, ends too). */
  events: Pick<EventBus, 'broadcast' | 'onBroadcast'>;
  config: AppConfig;
  log: FastifyBaseLogger;
}) {
  const { db, repo, limiter, config, sessionCache, events, log } = deps;
  const limit = config.authRateLimitPerMinute;
  // Verifying against a real hash when the account does not exist keeps both answers equally slow.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= argonHash(randomToken()));

  async function enforce(key: string): Promise<void> {
    const result = await limiter.hit(key, limit, RATE_WINDOW_MS);
    if (!result.allowed) throw AppError.tooManyRequests(result.resetInMs);
  }

  async function issueSession(userId: string, remember: boolean, meta: RequestMeta, tx: Executor = db) {
    const token = randomToken();
    const accessToken = deriveAccessToken(token);
    const expiresAt = new Date(Date.now() + (remember ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS));
    await repo.insertSession(
      {
        id: newId('session'),
        userId,
        tokenHash: sha256(token),
        accessTokenHash: sha256(accessToken),
        remember,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
        ip: meta.ip,
        expiresAt,
      },
      tx,
    );
    return { token, accessToken, expiresAt, remember } satisfies IssuedSession;
  }

  /**
   * Tells every instance, this one included, that these sessions ended. Sent after their rows and
   * cached look-ups are gone, so an instance that still let one in did so before it hears this.
   */
  async function announceEnded(userId: string, sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    const message: SessionsEnded = { userId, sessionIds };
    await events.broadcast(SESSIONS_ENDED_CHANNEL, message).catch((error: unknown) => {
      log.error({ err: error, userId }, 'could not announce ended sessions');
    });
  }

  /** A live session by a token hash, from the cache or the database; last-seen kept roughly current. */
  async function lookUp(by: 'tokenHash' | 'accessTokenHash', hash: string): Promise<SessionWithUser | undefined> {
    const key = `${by}:${hash}`;
    const now = new Date();
    const cached = await sessionCache.get(key);
    if (cached) return cached.session.expiresAt > now ? cached : undefined;
    const row = await repo.findLiveSession(by, hash);
    if (!row) return undefined;
    // Nothing downstream needs the password hash: it stays out of caches and request state.
    const found: SessionWithUser = { session: row.session, user: { ...row.user, passwordHash: null } };
    if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await repo.touchSession(found.session.id, now);
      found.session.lastSeenAt = now;
    }
    await sessionCache.set(key, found, SESSION_CACHE_TTL_MS);
    return found;
  }

  return {
    issueSession,

    async register(body: RegisterBody, meta: RequestMeta): Promise<SignedIn> {
      await enforce(`register:ip:${limitAddress(meta.ip)}`);
      if (await repo.findUserByEmail(body.email)) throw new AppError(409, authMessages.emailTaken, 'EMAIL_TAKEN');
      const passwordHash = await argonHash(body.password);
      try {
        return await db.transaction(async (tx) => {
          const user = await repo.insertUser(
            { id: newId('user'), email: body.email, passwordHash, displayName: body.displayName },
            tx,
          );
          const session = await issueSession(user.id, false, meta, tx);
          return { user, session };
        });
      } catch (error) {
        // Two registrations of one address at once: the unique index lets one through.
        if (isUniqueViolation(error)) throw new AppError(409, authMessages.emailTaken, 'EMAIL_TAKEN');
        throw error;
      }
    },

    /** Social sign-ins in progress: the state a provider's callback must bring back (single-use). */
    oauthStates: {
      /** Drops expired states; false when `max` are still pending (the table stays bounded). */
      async hasRoom(max: number): Promise<boolean> {
        await repo.deleteExpiredOAuthStates(new Date());
        return (await repo.countOAuthStates()) < max;
      },
      save: (values: Parameters<AuthRepository['insertOAuthState']>[0]) => repo.insertOAuthState(values),
      consume: (stateHash: string, provider: string, browserHash: string) =>
        repo.consumeOAuthState(stateHash, provider, browserHash),
    },

    async login(body: LoginBody, meta: RequestMeta): Promise<SignedIn> {
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
      const session = await issueSession(user.id, body.rememberMe ?? false, meta);
      return { user, session };
    },

    async sessionFromCookie(token: string | undefined): Promise<SessionWithUser | undefined> {
      if (!token || token.length > 128) return undefined;
      return lookUp('tokenHash', sha256(token));
    },

    async sessionFromAccessToken(token: string): Promise<SessionWithUser | undefined> {
      if (token.length > 128) return undefined;
      return lookUp('accessTokenHash', sha256(token));
    },

    /**
     * The profile fields kept on the user (the sign-in replies carry them): display name and avatar
     * URL. Call `forgetCachedSessions` once the transaction has committed, so the next SSO check
     * (the header's) answers with the new values at once.
     */
    async updateUserProfile(
      userId: string,
      values: { displayName?: string | undefined; avatarUrl?: string | null | undefined },
      tx: Executor = db,
    ): Promise<void> {
      const changes: { displayName?: string; avatarUrl?: string | null } = {};
      if (values.displayName !== undefined) changes.displayName = values.displayName;
      if (values.avatarUrl !== undefined) changes.avatarUrl = values.avatarUrl;
      if (Object.keys(changes).length > 0) await repo.updateUser(userId, changes, tx);
    },

    /**
     * Drops the cached look-ups of every session of a user (shared through Redis when configured),
     * so the next check reads the user row again: after a profile edit, the header shows the new
     * name and avatar at once instead of up to SESSION_CACHE_TTL_MS later.
     */
    /** A user's e-mail address (shown only to that user), or null if there is no such user. */
    async emailOf(userId: string): Promise<string | null> {
      return (await repo.findUserById(userId))?.email ?? null;
    },

    async forgetCachedSessions(userId: string): Promise<void> {
      for (const { tokenHash, accessTokenHash } of await repo.sessionHashesOfUser(userId)) {
        await sessionCache.delete(`tokenHash:${tokenHash}`);
        await sessionCache.delete(`accessTokenHash:${accessTokenHash}`);
      }
    },

    /**
     * Ends the session of this cookie token: its row, and both cached look-ups, go at once; then
     * every instance hears of it (its realtime streams end).
     */
    async endSession(token: string | undefined): Promise<void> {
      if (!token || token.length > 128) return;
      const tokenHash = sha256(token);
      const ended = await repo.deleteSessionByTokenHash(tokenHash);
      await sessionCache.delete(`tokenHash:${tokenHash}`);
      await sessionCache.delete(`accessTokenHash:${sha256(deriveAccessToken(token))}`);
      if (ended) await announceEnded(ended.userId, [ended.id]);
    },

    /** Ends the session this bearer access token belongs to, with both cached look-ups, on every instance. */
    async endSessionByAccessToken(accessToken: string | null | undefined): Promise<void> {
      if (!accessToken || accessToken.length > 128) return;
      const accessTokenHash = sha256(accessToken);
      const ended = await repo.deleteSessionByAccessTokenHash(accessTokenHash);
      await sessionCache.delete(`accessTokenHash:${accessTokenHash}`);
      if (ended) {
        await sessionCache.delete(`tokenHash:${ended.tokenHash}`);
        await announceEnded(ended.userId, [ended.id]);
      }
    },

    /**
     * Which of these sessions are still live, from the database (for a holder of sessions that may
     * have missed an announcement: the event bus's subscription came back after a break).
     */
    async liveSessionIds(ids: Iterable<string>): Promise<Set<string>> {
      const all = [...ids];
      const live = new Set<string>();
      for (let at = 0; at < all.length; at += 1_000) {
        for (const id of await repo.liveSessionIds(all.slice(at, at + 1_000))) live.add(id);
      }
      return live;
    },

    /**
     * Calls `listener` whenever sessions end by sign-out or by another of the account's sign-ins,
     * on whichever instance that happened. (Expired sessions are not announced: their end time is
     * known.) Returns the unsubscribe function.
     */
    onSessionsEnded(listener: (ended: SessionsEnded) => void): () => void {
      return events.onBroadcast(SESSIONS_ENDED_CHANNEL, (data) => {
        const ended = parseSessionsEnded(data);
        if (ended) listener(ended);
        else log.warn('ignored a malformed sessions-ended message');
      });
    },

    /**
     * A social sign-in found a password account with this e-mail whose address was never verified,
     * so it was not linked. Offers the link instead: a pending link bound to the returned browser
     * token (the caller puts it in an HttpOnly cookie), completed by `completePendingLink` when that
     * browser signs in with the account's password. Returns null when there is nothing to offer.
     */
    async offerPendingLink(profile: SocialProfile): Promise<string | null> {
      if (!profile.emailVerified) return null;
      const existing = await repo.findUserByEmail(profile.email);
      if (!existing || existing.emailVerified) return null;
      const token = randomToken();
      await repo.insertPendingLink({
        tokenHash: sha256(token),
        userId: existing.id,
        provider: profile.provider,
        providerUserId: profile.providerUserId,
        email: profile.email,
        expiresAt: new Date(Date.now() + PENDING_LINK_TTL_MS),
      });
      return token;
    },

    /**
     * After a password sign-in in the browser that holds a pending link for this very account: links
     * the social identity, marks the e-mail verified (the provider verified it), and ends every other
     * session of the account (someone else may have registered the address). One transaction. Returns
     * the provider linked, or null (no link, another account's, expired, or the identity is taken).
     */
    async completePendingLink(
      token: string | undefined,
      signedIn: SignedIn,
    ): Promise<SocialProfile['provider'] | null> {
      if (!token || token.length > 128) return null;
      const linked = await db.transaction(async (tx) => {
        const pending = await repo.consumePendingLink(sha256(token), tx);
        if (pending?.userId !== signedIn.user.id) return null;
        if (pending.email.toLowerCase() !== signedIn.user.email.toLowerCase()) return null;
        if (await repo.findOAuthAccount(pending.provider, pending.providerUserId, tx)) return null;
        await repo.insertOAuthAccount(
          {
            provider: pending.provider,
            providerUserId: pending.providerUserId,
            userId: pending.userId,
            email: pending.email,
          },
          tx,
        );
        await repo.updateUser(pending.userId, { emailVerified: true }, tx);
        const others = await repo.deleteOtherSessions(pending.userId, sha256(signedIn.session.token), tx);
        return { provider: pending.provider as SocialProfile['provider'], others };
      });
      if (!linked) return null;
      for (const other of linked.others) {
        await sessionCache.delete(`tokenHash:${other.tokenHash}`);
        await sessionCache.delete(`accessTokenHash:${other.accessTokenHash}`);
      }
      await announceEnded(
        signedIn.user.id,
        linked.others.map((other) => other.id),
      );
      signedIn.user.emailVerified = true;
      return linked.provider;
    },

    /**
     * Signs in with a social identity: the user it is linked to; else the user with the same
     * e-mail, linked now only when the provider and that account have both verified the address;
     * else a new user. One transaction.
     */
    async signInWithProfile(profile: SocialProfile, meta: RequestMeta): Promise<SignedIn> {
      return db.transaction(async (tx) => {
        const linked = await repo.findOAuthAccount(profile.provider, profile.providerUserId, tx);
        let user = linked ? await repo.findUserById(linked.userId, tx) : undefined;
        if (!user) {
          const existing = await repo.findUserByEmail(profile.email, tx);
          if (existing && !profile.emailVerified) {
            // Linking on an unverified address would hand the account to whoever typed it.
            throw new AppError(
              409,
              'This e-mail belongs to an account; verify it with the provider first',
              'UNVERIFIED_EMAIL',
            );
          }
          if (existing && !existing.emailVerified) {
            // Registered with a password and an address nobody confirmed: whoever typed it may not
            // own it. Linking would give the owner an account whose password and sessions that
            // person keeps (pre-account takeover), so the owner signs in with the password instead.
            throw new AppError(409, signInErrorMessages.social_account_exists, 'SOCIAL_ACCOUNT_EXISTS');
          }
          user =
            existing ??
            (await repo.insertUser(
              {
                id: newId('user'),
                email: profile.email,
                displayName: profile.displayName,
                avatarUrl: profile.avatarUrl,
                emailVerified: profile.emailVerified,
              },
              tx,
            ));
          if (existing && !existing.avatarUrl && profile.avatarUrl) {
            await repo.updateUser(existing.id, { avatarUrl: profile.avatarUrl }, tx);
          }
          await repo.insertOAuthAccount(
            {
              provider: profile.provider,
              providerUserId: profile.providerUserId,
              userId: user.id,
              email: profile.email,
            },
            tx,
          );
        }
        const session = await issueSession(user.id, true, meta, tx);
        const fresh = (await repo.findUserById(user.id, tx)) ?? user;
        return { user: fresh, session };
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
