import type { FastifyBaseLogger } from 'fastify';
import type { AccountTokensRepository } from './account-tokens.repository.js';
import type { AuthRepository } from './auth.repository.js';

/**
 * Deletes expired sessions (their rows keep an address and a user agent) and expired social
 * sign-in states. The auth plugin runs it once at start-up, then as the repeatable job
 * `auth.session-purge` every SESSION_PURGE_INTERVAL_MS (0 turns the schedule off), on one
 * instance at a time. Runs never overlap within an instance; the deletes are idempotent.
 */
export function createSessionPurge(deps: {
  repo: AuthRepository;
  /** Expired mailed links (verify, reset, change e-mail, claim) go too. */
  tokens?: Pick<AccountTokensRepository, 'deleteExpiredTokens'>;
  log: FastifyBaseLogger;
}) {
  const { repo, log } = deps;
  let running: Promise<void> | undefined;

  /** One purge now (or the one already running). A failure is logged, not thrown: the next run retries. */
  function run(): Promise<void> {
    running ??= (async () => {
      const now = new Date();
      try {
        await repo.deleteExpiredSessions(now);
        await repo.deleteExpiredOAuthStates(now);
        await repo.deleteExpiredPendingLinks(now);
        await deps.tokens?.deleteExpiredTokens(now);
        log.debug('expired sessions purged');
      } catch (error) {
        log.error({ err: error }, 'purging expired sessions failed');
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    run,
    /** Waits for a purge in flight. */
    async close(): Promise<void> {
      await running;
    },
  };
}
export type SessionPurge = ReturnType<typeof createSessionPurge>;
