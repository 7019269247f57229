import { randomUUID } from 'node:crypto';
import type { Passkey } from '@nuvem/contracts/mfa';
import type { MfaRepository, PasskeyRow } from './mfa.repository.js';
import type { SessionsService } from './sessions.service.js';
import { newRecoveryCodes, recoveryCodeHash } from './totp.js';

/** A passkey row as the API shows it. */
export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    backed_up: row.backedUp,
  };
}

/**
 * Keeps the account's flags in step with its factors: `users.mfaEnabled` (a confirmed TOTP app or a
 * passkey), recovery codes only while there is a factor, and the cached sessions re-read.
 */
export function createMfaFactors(deps: {
  repo: MfaRepository;
  sessions: Pick<SessionsService, 'forgetCachedSessions'>;
}) {
  const { repo, sessions } = deps;

  async function hasSecondFactor(userId: string): Promise<boolean> {
    const has = await repo.hasSecondFactor(userId);
    return has.totp || has.passkeys;
  }

  return {
    hasSecondFactor,

    /** New recovery codes replacing the old ones; the plaintext is returned once, hashes are kept. */
    async issueRecoveryCodes(userId: string): Promise<string[]> {
      const codes = newRecoveryCodes();
      await repo.replaceRecoveryCodes(
        userId,
        codes.map((code) => ({ id: randomUUID(), codeHash: recoveryCodeHash(code) })),
      );
      return codes;
    },

    /** After a factor was added or removed: the flag, the recovery codes (gone with the last factor), the caches. */
    async changed(userId: string): Promise<boolean> {
      const enabled = await hasSecondFactor(userId);
      await repo.setMfaEnabled(userId, enabled);
      if (!enabled) await repo.replaceRecoveryCodes(userId, []);
      await sessions.forgetCachedSessions(userId);
      return enabled;
    },

    /** This session just proved a second factor (set one up with a code or a passkey). */
    async sessionPassed(userId: string, sessionId: string): Promise<void> {
      await repo.markSessionMfaPassed(sessionId);
      await sessions.forgetCachedSessions(userId);
    },
  };
}
export type MfaFactors = ReturnType<typeof createMfaFactors>;
