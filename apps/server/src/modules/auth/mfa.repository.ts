import { and, asc, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mfaChallenges, type MfaChallengeRow } from '../../db/schema/mfa-challenges.js';
import { mfaRecoveryCodes } from '../../db/schema/mfa-recovery-codes.js';
import { mfaTotp, type MfaTotpRow } from '../../db/schema/mfa-totp.js';
import { passkeys, type PasskeyRow } from '../../db/schema/passkeys.js';
import { sessions } from '../../db/schema/sessions.js';
import { users } from '../../db/schema/users.js';

export type { MfaChallengeRow, MfaTotpRow, PasskeyRow };
export type MfaChallengePurpose = 'mfa-ticket' | 'passkey-register' | 'passkey-sign-in';

/**
 * The second factor's SQL: TOTP authenticators, recovery codes (hashes), passkeys, the single-use
 * challenges of sign-ins and WebAuthn ceremonies, and the flags kept on users and sessions.
 * `transaction` runs `work` with the same queries bound to one transaction.
 */
export function createMfaRepository(db: Database) {
  return {
    ...mfaQueries(db),

    transaction<T>(work: (tx: MfaQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(mfaQueries(tx)));
    },
  };
}

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

function mfaQueries(db: Executor) {
  return {
    async findTotp(userId: string): Promise<MfaTotpRow | undefined> {
      const rows = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, userId)).limit(1);
      return rows[0];
    },

    /** A new, unconfirmed secret; replaces an unconfirmed one, never a confirmed one. Returns false if one is confirmed. */
    async startTotp(userId: string, secret: string): Promise<boolean> {
      const rows = await db
        .insert(mfaTotp)
        .values({ userId, secret })
        .onConflictDoUpdate({
          target: mfaTotp.userId,
          set: { secret, lastStep: null, createdAt: new Date() },
          setWhere: isNull(mfaTotp.confirmedAt),
        })
        .returning({ userId: mfaTotp.userId });
      return rows.length > 0;
    },

    /**
     * Records `step` as used if no later or equal step was: atomic, so one code is accepted once
     * even by requests racing each other. Confirms the authenticator too when asked.
     */
    async useTotpStep(userId: string, step: number, confirm = false): Promise<boolean> {
      const set: Partial<MfaTotpRow> = { lastStep: step };
      if (confirm) set.confirmedAt = new Date();
      const rows = await db
        .update(mfaTotp)
        .set(set)
        .where(
          and(
            eq(mfaTotp.userId, userId),
            confirm ? isNull(mfaTotp.confirmedAt) : sql`${mfaTotp.confirmedAt} is not null`,
            or(isNull(mfaTotp.lastStep), lt(mfaTotp.lastStep, step)),
          ),
        )
        .returning({ userId: mfaTotp.userId });
      return rows.length > 0;
    },

    async deleteTotp(userId: string): Promise<void> {
      await db.delete(mfaTotp).where(eq(mfaTotp.userId, userId));
    },

    async countUnusedRecoveryCodes(userId: string): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
      return rows[0]?.n ?? 0;
    },

    /** Replaces the user's recovery codes with these hashes. */
    async replaceRecoveryCodes(userId: string, hashes: { id: string; codeHash: string }[]): Promise<void> {
      await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      if (hashes.length > 0) await db.insert(mfaRecoveryCodes).values(hashes.map((h) => ({ ...h, userId })));
    },

    /** Marks an unused code of the user as used; false when there is none with this hash (atomic). */
    async consumeRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(mfaRecoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(mfaRecoveryCodes.userId, userId),
            eq(mfaRecoveryCodes.codeHash, codeHash),
            isNull(mfaRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: mfaRecoveryCodes.id });
      return rows.length > 0;
    },

    async listPasskeys(userId: string): Promise<PasskeyRow[]> {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
    },

    async findPasskey(id: string): Promise<PasskeyRow | undefined> {
      const rows = await db.select().from(passkeys).where(eq(passkeys.id, id)).limit(1);
      return rows[0];
    },

    async insertPasskey(values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
      const rows = await db.insert(passkeys).values(values).returning();
      const row = rows[0];
      if (!row) throw new Error('insert into passkeys returned nothing');
      return row;
    },

    /** After a signature: the new counter, only if it still is the one the signature was checked against. */
    async usePasskey(
      id: string,
      fromCounter: number,
      values: { counter: number; backedUp: boolean },
    ): Promise<boolean> {
      const rows = await db
        .update(passkeys)
        .set({ ...values, lastUsedAt: new Date() })
        .where(and(eq(passkeys.id, id), eq(passkeys.counter, fromCounter)))
        .returning({ id: passkeys.id });
      return rows.length > 0;
    },

    async renamePasskey(userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
      const rows = await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return rows[0];
    },

    async deletePasskey(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id });
      return rows.length > 0;
    },

    /** Whether the user has a confirmed TOTP authenticator or a passkey. */
    async hasSecondFactor(userId: string): Promise<{ totp: boolean; passkeys: boolean }> {
      const totp = await db
        .select({ userId: mfaTotp.userId })
        .from(mfaTotp)
        .where(and(eq(mfaTotp.userId, userId), sql`${mfaTotp.confirmedAt} is not null`))
        .limit(1);
      const keys = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
      return { totp: totp.length > 0, passkeys: keys.length > 0 };
    },

    async findUser(userId: string) {
      const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return rows[0];
    },

    async setMfaEnabled(userId: string, enabled: boolean): Promise<void> {
      await db.update(users).set({ mfaEnabled: enabled, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    /** Marks a session as having passed a second factor. */
    async markSessionMfaPassed(sessionId: string): Promise<void> {
      await db.update(sessions).set({ mfaPassed: true }).where(eq(sessions.id, sessionId));
    },

    async insertChallenge(values: typeof mfaChallenges.$inferInsert): Promise<void> {
      await db.insert(mfaChallenges).values(values);
    },

    /** Drops the challenges whose time is up (each insert of a public one does, so the table stays small). */
    async deleteExpiredChallenges(now: Date): Promise<void> {
      await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, now));
    },

    async countChallenges(purpose: MfaChallengePurpose): Promise<number> {
      const rows = await db.select({ n: count() }).from(mfaChallenges).where(eq(mfaChallenges.purpose, purpose));
      return rows[0]?.n ?? 0;
    },

    /** Takes a challenge out (single use); returns it when it was there, of this purpose, and live. */
    async consumeChallenge(tokenHash: string, purpose: MfaChallengePurpose): Promise<MfaChallengeRow | undefined> {
      const rows = await db
        .delete(mfaChallenges)
        .where(and(eq(mfaChallenges.tokenHash, tokenHash), eq(mfaChallenges.purpose, purpose)))
        .returning();
      const row = rows[0];
      return row && row.expiresAt > new Date() ? row : undefined;
    },

    /**
     * Counts one attempt on a live sign-in ticket that has attempts left, atomically (racing guesses
     * each use one). Returns the ticket after the count, or undefined (unknown, expired or used up).
     */
    async countTicketAttempt(tokenHash: string, maxAttempts: number): Promise<MfaChallengeRow | undefined> {
      const rows = await db
        .update(mfaChallenges)
        .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
        .where(
          and(
            eq(mfaChallenges.tokenHash, tokenHash),
            eq(mfaChallenges.purpose, 'mfa-ticket'),
            lt(mfaChallenges.attempts, maxAttempts),
            gt(mfaChallenges.expiresAt, new Date()),
          ),
        )
        .returning();
      return rows[0];
    },

    /** A live sign-in ticket without counting an attempt. */
    async findTicket(tokenHash: string): Promise<MfaChallengeRow | undefined> {
      const rows = await db
        .select()
        .from(mfaChallenges)
        .where(
          and(
            eq(mfaChallenges.tokenHash, tokenHash),
            eq(mfaChallenges.purpose, 'mfa-ticket'),
            gt(mfaChallenges.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return rows[0];
    },

    /** Sets (or clears) the WebAuthn challenge a sign-in ticket's passkey step must answer. */
    async setTicketChallenge(tokenHash: string, challenge: string | null): Promise<void> {
      await db.update(mfaChallenges).set({ challenge }).where(eq(mfaChallenges.tokenHash, tokenHash));
    },

    async deleteChallenge(tokenHash: string): Promise<boolean> {
      const rows = await db
        .delete(mfaChallenges)
        .where(eq(mfaChallenges.tokenHash, tokenHash))
        .returning({ tokenHash: mfaChallenges.tokenHash });
      return rows.length > 0;
    },

    /** Removes every second factor of a user (TOTP, recovery codes, passkeys, pending tickets). */
    async deleteAllSecondFactors(userId: string): Promise<void> {
      await db.delete(mfaTotp).where(eq(mfaTotp.userId, userId));
      await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await db.delete(passkeys).where(eq(passkeys.userId, userId));
      await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
      await db.update(users).set({ mfaEnabled: false, updatedAt: new Date() }).where(eq(users.id, userId));
    },
  };
}
export type MfaQueries = ReturnType<typeof mfaQueries>;
export type MfaRepository = ReturnType<typeof createMfaRepository>;
