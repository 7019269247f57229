import type { FastifyBaseLogger } from 'fastify';
import type { AuthRepository } from './auth.repository.js';

/**
 * Deletes expired sessions (their rows keep an address and a user agent) and expired social
 * sign-in states: once at start-up, then every `intervalMs` (SESSION_PURGE_INTERVAL_MS; 0 turns
 * the schedule off). Runs never overlap; every instance may run it, the deletes are idempotent.
 * Until the project has a job queue this is a plain unref'd timer, cleared on close.
 */
export function createSessionPurge(deps: { repo: AuthRepository; intervalMs: number; log: FastifyBaseLogger }) {
  const { repo, intervalMs, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  /** One purge now (or the one already running). A failure is logged, not thrown: the next run retries. */
  function run(): Promise<void> {
    running ??= (async () => {
      const now = new Date();
      try {
        await repo.deleteExpiredSessions(now);
        await repo.deleteExpiredOAuthStates(now);
        await repo.deleteExpiredPendingLinks(now);
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
    /** Purges once, then on the schedule. */
    async start(): Promise<void> {
      if (intervalMs <= 0 || timer) return;
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
      await run();
    },
    /** Stops the schedule and waits for a purge in flight. */
    async close(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type SessionPurge = ReturnType<typeof createSessionPurge>;
