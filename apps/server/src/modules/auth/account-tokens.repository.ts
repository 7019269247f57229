import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { accountTokens, type AccountTokenRow } from '../../db/schema/account-tokens.js';
import { mfaChallenges } from '../../db/schema/mfa-challenges.js';
import { mfaRecoveryCodes } from '../../db/schema/mfa-recovery-codes.js';
import { mfaTotp } from '../../db/schema/mfa-totp.js';
import { passkeys } from '../../db/schema/passkeys.js';
import { sessions } from '../../db/schema/sessions.js';
import { users } from '../../db/schema/users.js';
import type { Executor } from './auth.repository.js';

export type { AccountTokenRow };

/** What a mailed link is for; `account_tokens.purpose`. */
export type AccountTokenPurpose = 'verify-email' | 'reset-password' | 'change-email' | 'claim-social';

/** An ended session, as `sessionsDeleted` needs it (its id, and both hashes for the cache). */
export interface EndedSession {
  id: string;
  tokenHash: string;
  accessTokenHash: string;
}

/**
 * The SQL of mailed account links (`account_tokens`), and of what following one changes besides
 * the user row: ending sessions, dropping second factors someone else set. The user row itself
 * goes through the auth repository, on the same executor when in one transaction.
 */
export function createAccountTokensRepository(db: Database) {
  return {
    ...accountTokenQueries(db),

    /** `work` with these queries and the raw executor (for the auth repository's) on one transaction. */
    transaction<T>(work: (tx: AccountTokenQueries, executor: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(accountTokenQueries(tx), tx));
    },
  };
}

function accountTokenQueries(db: Executor) {
  return {
    async insertToken(values: typeof accountTokens.$inferInsert): Promise<void> {
      await db.insert(accountTokens).values(values);
    },

    /**
     * Takes a token out (single use) if it is for one of these purposes; returns it when it was
     * there and has not expired. A token for another purpose is left alone.
     */
    async consumeToken(tokenHash: string, purposes: AccountTokenPurpose[]): Promise<AccountTokenRow | undefined> {
      const rows = await db
        .delete(accountTokens)
        .where(and(eq(accountTokens.tokenHash, tokenHash), inArray(accountTokens.purpose, purposes)))
        .returning();
      const row = rows[0];
      return row && row.expiresAt > new Date() ? row : undefined;
    },

    /** Deletes a user's outstanding links: of these purposes, or all of them. */
    async deleteTokensOfUser(userId: string, purposes?: AccountTokenPurpose[]): Promise<void> {
      await db
        .delete(accountTokens)
        .where(
          purposes
            ? and(eq(accountTokens.userId, userId), inArray(accountTokens.purpose, purposes))
            : eq(accountTokens.userId, userId),
        );
    },

    async deleteExpiredTokens(now: Date): Promise<void> {
      await db.delete(accountTokens).where(lt(accountTokens.expiresAt, now));
    },

    /** Ends every session of a user, or every one but `keepSessionId`; returns the ended ones. */
    async deleteSessionsOfUser(userId: string, keepSessionId?: string): Promise<EndedSession[]> {
      return db
        .delete(sessions)
        .where(
          keepSessionId
            ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
            : eq(sessions.userId, userId),
        )
        .returning({ id: sessions.id, tokenHash: sessions.tokenHash, accessTokenHash: sessions.accessTokenHash });
    },

    /**
     * Drops every second factor of a user (TOTP, recovery codes, passkeys, challenges in progress):
     * whoever set them on an account whose address they never proved does not keep a way in.
     */
    async dropSecondFactors(userId: string): Promise<void> {
      await db.delete(mfaTotp).where(eq(mfaTotp.userId, userId));
      await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await db.delete(passkeys).where(eq(passkeys.userId, userId));
      await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
      await db.update(users).set({ mfaEnabled: false, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    /** The device a session was issued to, by its cookie-token hash. */
    async findSessionDevice(tokenHash: string) {
      const rows = await db
        .select({ id: sessions.id, userId: sessions.userId, userAgent: sessions.userAgent, ip: sessions.ip })
        .from(sessions)
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1);
      return rows[0];
    },

    /** The devices of a user's other live sessions (user agent and address). */
    async otherSessionDevices(userId: string, exceptSessionId: string) {
      return db
        .select({ userAgent: sessions.userAgent, ip: sessions.ip })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId), gt(sessions.expiresAt, new Date())))
        .limit(200);
    },
  };
}
export type AccountTokenQueries = ReturnType<typeof accountTokenQueries>;
export type AccountTokensRepository = ReturnType<typeof createAccountTokensRepository>;
