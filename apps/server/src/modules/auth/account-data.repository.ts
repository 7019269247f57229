import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { accountTokens } from '../../db/schema/account-tokens.js';
import { mfaRecoveryCodes } from '../../db/schema/mfa-recovery-codes.js';
import { mfaTotp } from '../../db/schema/mfa-totp.js';
import { oauthAccounts } from '../../db/schema/oauth-accounts.js';
import { passkeys } from '../../db/schema/passkeys.js';
import { sessions } from '../../db/schema/sessions.js';
import { users } from '../../db/schema/users.js';

/** Any Drizzle handle: the database or the erasure's transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/**
 * The auth module's part of the account export and erasure: the user, their sign-in methods and
 * sessions. Never a password hash, token hash, TOTP secret or passkey public key.
 */
export function createAuthAccountDataRepository(db: Database) {
  return {
    async user(userId: string) {
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          // Whether there is a password, without reading the hash out.
          hasPassword: sql<boolean>`${users.passwordHash} is not null`,
          displayName: users.displayName,
          avatarUrl: users.avatarUrl,
          emailVerified: users.emailVerified,
          mfaEnabled: users.mfaEnabled,
          locale: users.locale,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return rows[0];
    },

    async socialIdentities(userId: string) {
      return db
        .select({
          provider: oauthAccounts.provider,
          providerUserId: oauthAccounts.providerUserId,
          email: oauthAccounts.email,
          createdAt: oauthAccounts.createdAt,
        })
        .from(oauthAccounts)
        .where(eq(oauthAccounts.userId, userId))
        .orderBy(asc(oauthAccounts.createdAt));
    },

    async authenticatorApp(userId: string) {
      const rows = await db
        .select({ confirmedAt: mfaTotp.confirmedAt, createdAt: mfaTotp.createdAt })
        .from(mfaTotp)
        .where(eq(mfaTotp.userId, userId))
        .limit(1);
      return rows[0];
    },

    async recoveryCodeCounts(userId: string): Promise<{ total: number; unused: number }> {
      const [all, unused] = await Promise.all([
        db.select({ n: count() }).from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId)),
        db
          .select({ n: count() })
          .from(mfaRecoveryCodes)
          .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt))),
      ]);
      return { total: all[0]?.n ?? 0, unused: unused[0]?.n ?? 0 };
    },

    async passkeys(userId: string) {
      return db
        .select({
          name: passkeys.name,
          deviceType: passkeys.deviceType,
          backedUp: passkeys.backedUp,
          transports: passkeys.transports,
          createdAt: passkeys.createdAt,
          lastUsedAt: passkeys.lastUsedAt,
        })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt));
    },

    /** Links mailed and not used yet (what for, to which address, until when). */
    async pendingLinks(userId: string, now: Date) {
      return db
        .select({
          purpose: accountTokens.purpose,
          email: accountTokens.email,
          createdAt: accountTokens.createdAt,
          expiresAt: accountTokens.expiresAt,
        })
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, userId), gt(accountTokens.expiresAt, now)))
        .orderBy(desc(accountTokens.createdAt));
    },

    /**
     * Erases the account's sign-in: its sessions (returned with their hashes, to end them in the
     * caches and on every instance), then the user row, which takes every row that refers to it
     * with it (ON DELETE CASCADE).
     */
    async deleteUser(userId: string, tx: Executor) {
      const ended = await tx
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id, tokenHash: sessions.tokenHash, accessTokenHash: sessions.accessTokenHash });
      const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
      return { ended, deleted: deleted.length > 0 };
    },
  };
}
export type AuthAccountDataRepository = ReturnType<typeof createAuthAccountDataRepository>;
