import type { AccountTokensRepository } from './account-tokens.repository.js';
import type { SessionsService } from './sessions.service.js';

/** Ending a user's sessions in bulk (a password changed, "sign out all others"). */
export function createSessionEndingService(deps: {
  tokens: Pick<AccountTokensRepository, 'deleteSessionsOfUser'>;
  sessions: Pick<SessionsService, 'sessionsDeleted'>;
}) {
  const { tokens, sessions } = deps;
  return {
    /**
     * Ends every session of the user, or every one but `keepSessionId`: the rows and their cached
     * look-ups go, and every instance hears it (realtime streams end). Returns how many ended.
     */
    async endOtherSessions(userId: string, keepSessionId?: string): Promise<number> {
      const ended = await tokens.deleteSessionsOfUser(userId, keepSessionId);
      await sessions.sessionsDeleted(userId, ended);
      return ended.length;
    },
  };
}
export type SessionEndingService = ReturnType<typeof createSessionEndingService>;
