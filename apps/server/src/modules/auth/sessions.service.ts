import { REMEMBER_ME_TTL_MS, SESSION_TTL_MS } from '@nuvem/contracts/auth';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../lib/ids.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { TtlCache } from '../../lib/ttl-cache.js';
import type { EventBus } from '../../plugins/app/event-bus.js';
import type { AuthQueries, AuthRepository, SessionWithUser } from './auth.repository.js';
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

const TOUCH_EVERY_MS = 60_000;
/**
 * How long a looked-up session is reused without asking the database. Ending a session removes it
 * from the cache at once (shared through Redis when configured); without Redis, another instance
 * may accept an ended session for at most this long.
 */
export const SESSION_CACHE_TTL_MS = 10_000;

/**
 * The bearer token of a session, derived from its cookie token one way: the SSO check (which sees
 * the cookie) can hand it out again, while the token cannot be turned back into the cookie.
 */
export function deriveAccessToken(sessionToken: string): string {
  return `nat_${sha256(`nuvem-access-token:${sessionToken}`)}`;
}

/**
 * Sessions: issuing them, finding the one behind a cookie or bearer token (with a short cache),
 * and ending them, announced to every instance (what they opened, a realtime stream, ends too).
 */
export function createSessionsService(deps: {
  repo: AuthRepository;
  sessionCache: TtlCache<SessionWithUser>;
  /** Tells every instance which sessions ended (what they opened, a realtime stream, ends too). */
  bus: Pick<EventBus, 'broadcast' | 'onBroadcast'>;
  log: FastifyBaseLogger;
}) {
  const { repo, sessionCache, bus, log } = deps;

  /**
   * A new session for the user; in `tx` when it is written together with other rows. `mfaPassed`:
   * the sign-in passed a second factor (a code, or a passkey).
   */
  async function issueSession(
    userId: string,
    remember: boolean,
    meta: RequestMeta,
    tx: Pick<AuthQueries, 'insertSession'> = repo,
    options: { mfaPassed?: boolean } = {},
  ): Promise<IssuedSession> {
    const token = randomToken();
    const accessToken = deriveAccessToken(token);
    const expiresAt = new Date(Date.now() + (remember ? REMEMBER_ME_TTL_MS : SESSION_TTL_MS));
    await tx.insertSession({
      id: newId('session'),
      userId,
      tokenHash: sha256(token),
      accessTokenHash: sha256(accessToken),
      remember,
      mfaPassed: options.mfaPassed ?? false,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
      ip: meta.ip,
      expiresAt,
    });
    return { token, accessToken, expiresAt, remember };
  }

  /**
   * Tells every instance, this one included, that these sessions ended. Sent after their rows and
   * cached look-ups are gone, so an instance that still let one in did so before it hears this.
   */
  async function announceEnded(userId: string, sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    const message: SessionsEnded = { userId, sessionIds };
    await bus.broadcast(SESSIONS_ENDED_CHANNEL, message).catch((error: unknown) => {
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

  /** Drops both cached look-ups of each of these sessions. */
  async function forgetCached(sessions: { tokenHash: string; accessTokenHash: string }[]): Promise<void> {
    for (const { tokenHash, accessTokenHash } of sessions) {
      await sessionCache.delete(`tokenHash:${tokenHash}`);
      await sessionCache.delete(`accessTokenHash:${accessTokenHash}`);
    }
  }

  /**
   * After a transaction deleted these sessions of the user: their cached look-ups go, then every
   * instance hears that they ended.
   */
  async function sessionsDeleted(
    userId: string,
    sessions: { id: string; tokenHash: string; accessTokenHash: string }[],
  ): Promise<void> {
    await forgetCached(sessions);
    await announceEnded(
      userId,
      sessions.map((session) => session.id),
    );
  }

  return {
    issueSession,
    sessionsDeleted,

    async sessionFromCookie(token: string | undefined): Promise<SessionWithUser | undefined> {
      if (!token || token.length > 128) return undefined;
      return lookUp('tokenHash', sha256(token));
    },

    async sessionFromAccessToken(token: string): Promise<SessionWithUser | undefined> {
      if (token.length > 128) return undefined;
      return lookUp('accessTokenHash', sha256(token));
    },

    /**
     * Drops the cached look-ups of every session of a user (shared through Redis when configured),
     * so the next check reads the user row again: after a profile edit, the header shows the new
     * name and avatar at once instead of up to SESSION_CACHE_TTL_MS later.
     */
    async forgetCachedSessions(userId: string): Promise<void> {
      await forgetCached(await repo.sessionHashesOfUser(userId));
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
      return bus.onBroadcast(SESSIONS_ENDED_CHANNEL, (data) => {
        const ended = parseSessionsEnded(data);
        if (ended) listener(ended);
        else log.warn('ignored a malformed sessions-ended message');
      });
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
