import { normalizeDisplayName } from '@nuvem/contracts/auth';
import { and, count, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { meta } from '../../db/schema/meta.js';
import { oauthAccounts } from '../../db/schema/oauth-accounts.js';
import { oauthPendingLinks } from '../../db/schema/oauth-pending-links.js';
import { oauthStates } from '../../db/schema/oauth-states.js';
import { sessions, type SessionRow } from '../../db/schema/sessions.js';
import { users, type UserRow } from '../../db/schema/users.js';
import { createMfaRepository } from './mfa.repository.js';

export type { SessionRow, UserRow };

/** Any Drizzle handle: the database or a transaction inside it. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
}

/**
 * Every display name is stored without bidirectional controls or invisible characters, whoever
 * sent it (registration, a profile edit, a social provider's profile).
 */
function withCleanDisplayName<T extends { displayName?: string | null | undefined }>(values: T): T {
  return values.displayName === undefined
    ? values
    : { ...values, displayName: normalizeDisplayName(values.displayName) };
}

/**
 * The auth module's SQL: only this module reads and writes users, sessions, the OAuth tables and
 * `meta`. `transaction` runs `work` with the same queries bound to one transaction (writes that
 * happen together); the queries' `tx` arguments are for a caller's own transaction (a profile edit).
 */
export function createAuthRepository(db: Database) {
  return {
    ...authQueries(db),
    /** The second factor's tables (TOTP, recovery codes, passkeys, challenges): mfa.repository.ts. */
    mfa: createMfaRepository(db),

    transaction<T>(work: (tx: AuthQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(authQueries(tx)));
    },
  };
}

/** Every query, on the database or on one transaction. */
function authQueries(db: Database) {
  return {
    /** An installation-wide marker (`meta`), e.g. that the demo user was seeded. */
    async findMeta(key: string): Promise<unknown> {
      const rows = await db.select().from(meta).where(eq(meta.key, key)).limit(1);
      return rows[0]?.value;
    },

    async insertMeta(key: string, value: unknown): Promise<void> {
      await db.insert(meta).values({ key, value });
    },

    async findUserByEmail(email: string, tx: Executor = db): Promise<UserRow | undefined> {
      const rows = await tx
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return rows[0];
    },

    async findUserById(id: string, tx: Executor = db): Promise<UserRow | undefined> {
      const rows = await tx.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0];
    },

    async insertUser(values: typeof users.$inferInsert, tx: Executor = db): Promise<UserRow> {
      const rows = await tx.insert(users).values(withCleanDisplayName(values)).returning();
      const row = rows[0];
      if (!row) throw new Error('insert into users returned nothing');
      return row;
    },

    async updateUser(id: string, values: Partial<typeof users.$inferInsert>, tx: Executor = db): Promise<void> {
      await tx
        .update(users)
        .set({ ...withCleanDisplayName(values), updatedAt: new Date() })
        .where(eq(users.id, id));
    },

    async insertSession(values: typeof sessions.$inferInsert, tx: Executor = db): Promise<SessionRow> {
      const rows = await tx.insert(sessions).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert into sessions returned nothing');
      return row;
    },

    /** A live (not expired) session by the hash of its cookie token or of its access token. */
    async findLiveSession(by: 'tokenHash' | 'accessTokenHash', hash: string): Promise<SessionWithUser | undefined> {
      const column = by === 'tokenHash' ? sessions.tokenHash : sessions.accessTokenHash;
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(column, hash), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return rows[0];
    },

    /** Which of these session ids are live (not ended, not expired). */
    async liveSessionIds(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, ids), gt(sessions.expiresAt, new Date())));
      return rows.map((row) => row.id);
    },

    async touchSession(id: string, at: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    /** Deletes the session of this cookie-token hash; returns which it was (to announce its end). */
    async deleteSessionByTokenHash(hash: string): Promise<{ id: string; userId: string } | undefined> {
      const rows = await db
        .delete(sessions)
        .where(eq(sessions.tokenHash, hash))
        .returning({ id: sessions.id, userId: sessions.userId });
      return rows[0];
    },

    /** Deletes the session of this access-token hash; returns which it was and its cookie-token hash (for the cache). */
    async deleteSessionByAccessTokenHash(
      hash: string,
    ): Promise<{ id: string; userId: string; tokenHash: string } | undefined> {
      const rows = await db
        .delete(sessions)
        .where(eq(sessions.accessTokenHash, hash))
        .returning({ id: sessions.id, userId: sessions.userId, tokenHash: sessions.tokenHash });
      return rows[0];
    },

    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },

    async insertOAuthState(values: typeof oauthStates.$inferInsert): Promise<void> {
      await db.insert(oauthStates).values(values);
    },

    /**
     * Takes the state out (it is single-use) and returns it if it was there, started in this
     * browser, and not expired. A callback opened in another browser leaves the state alone.
     */
    async consumeOAuthState(stateHash: string, provider: string, browserHash: string) {
      const rows = await db
        .delete(oauthStates)
        .where(
          and(
            eq(oauthStates.stateHash, stateHash),
            eq(oauthStates.provider, provider),
            eq(oauthStates.browserHash, browserHash),
          ),
        )
        .returning();
      const row = rows[0];
      return row && row.expiresAt > new Date() ? row : undefined;
    },

    async deleteExpiredOAuthStates(now: Date): Promise<void> {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
    },

    /** How many social sign-ins are pending (a cap keeps the table bounded). */
    async countOAuthStates(): Promise<number> {
      const rows = await db.select({ n: count() }).from(oauthStates);
      return rows[0]?.n ?? 0;
    },

    async findOAuthAccount(provider: string, providerUserId: string, tx: Executor = db) {
      const rows = await tx
        .select()
        .from(oauthAccounts)
        .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
        .limit(1);
      return rows[0];
    },

    async insertOAuthAccount(values: typeof oauthAccounts.$inferInsert, tx: Executor = db): Promise<void> {
      await tx.insert(oauthAccounts).values(values);
    },

    /** The token hashes of every session of a user (to drop their cached look-ups). */
    async sessionHashesOfUser(userId: string) {
      return db
        .select({ tokenHash: sessions.tokenHash, accessTokenHash: sessions.accessTokenHash })
        .from(sessions)
        .where(eq(sessions.userId, userId));
    },

    /** Ends every session of a user but one; returns the ended sessions' ids and token hashes (for the cache). */
    async deleteOtherSessions(userId: string, keepTokenHash: string, tx: Executor = db) {
      return tx
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)))
        .returning({ id: sessions.id, tokenHash: sessions.tokenHash, accessTokenHash: sessions.accessTokenHash });
    },

    async insertPendingLink(values: typeof oauthPendingLinks.$inferInsert): Promise<void> {
      await db.insert(oauthPendingLinks).values(values);
    },

    /** Takes a pending link out (single use); returns it when it was there and has not expired. */
    async consumePendingLink(tokenHash: string, tx: Executor = db) {
      const rows = await tx.delete(oauthPendingLinks).where(eq(oauthPendingLinks.tokenHash, tokenHash)).returning();
      const row = rows[0];
      return row && row.expiresAt > new Date() ? row : undefined;
    },

    async deleteExpiredPendingLinks(now: Date): Promise<void> {
      await db.delete(oauthPendingLinks).where(lt(oauthPendingLinks.expiresAt, now));
    },
  };
}
/** The queries, bound to the database or to one transaction. */
export type AuthQueries = ReturnType<typeof authQueries>;
export type AuthRepository = ReturnType<typeof createAuthRepository>;
