import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sessions } from '../../db/schema/sessions.js';

/** The SQL of the account page's sessions: a user's live sessions, and ending one of them. */
export function createAccountSessionsRepository(db: Database) {
  return {
    /** The user's live (not expired) sessions, the most recently seen first; never their token hashes. */
    async liveSessionsOf(userId: string, now: Date) {
      return db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
          mfaPassed: sessions.mfaPassed,
          remember: sessions.remember,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
        .limit(500);
    },

    /**
     * Deletes one session of this user (another user's id deletes nothing); returns its id and
     * token hashes, for the caches and the announcement, or undefined.
     */
    async deleteSessionOfUser(userId: string, sessionId: string) {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id, tokenHash: sessions.tokenHash, accessTokenHash: sessions.accessTokenHash });
      return rows[0];
    },
  };
}
export type AccountSessionsRepository = ReturnType<typeof createAccountSessionsRepository>;
