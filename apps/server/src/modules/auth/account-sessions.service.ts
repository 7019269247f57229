import { accountMessages, type AccountSession } from '@nuvem/contracts/account';
import { AppError } from '../../lib/errors.js';
import type { AccountSessionsRepository } from './account-sessions.repository.js';
import type { SessionsService } from './sessions.service.js';
import { describeUserAgent } from './user-agent.js';

/**
 * The account page's sessions: the caller's live sessions (device, address, last seen), and ending
 * one of them. Ending goes through `sessionsDeleted`: the cached look-ups go at once and every
 * instance hears of it (the session's realtime streams end).
 */
export function createAccountSessionsService(deps: {
  repo: AccountSessionsRepository;
  sessions: Pick<SessionsService, 'sessionsDeleted'>;
  now?: () => Date;
}) {
  const { repo, sessions } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async listSessions(userId: string, currentSessionId: string): Promise<AccountSession[]> {
      const rows = await repo.liveSessionsOf(userId, now());
      return rows.map((row) => ({
        id: row.id,
        ...describeUserAgent(row.userAgent),
        ip: row.ip,
        created_at: row.createdAt.toISOString(),
        last_seen_at: row.lastSeenAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
        current: row.id === currentSessionId,
        mfa_passed: row.mfaPassed,
      }));
    },

    /** Ends one of the user's sessions; 404 for an id that is not theirs (or no longer live). */
    async endSessionOfUser(userId: string, sessionId: string): Promise<void> {
      const ended = await repo.deleteSessionOfUser(userId, sessionId);
      if (!ended) throw AppError.notFound(accountMessages.sessionNotFound, 'SESSION_NOT_FOUND');
      await sessions.sessionsDeleted(userId, [ended]);
    },
  };
}
export type AccountSessionsService = ReturnType<typeof createAccountSessionsService>;
