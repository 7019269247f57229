import type { FastifyBaseLogger } from 'fastify';

/**
 * "The verified owner took this account over": a mailbox proof (a reset link, a social claim) won
 * over an unverified account. Whatever the unproven holder left that still works without the
 * password or a session (API keys) goes: other modules listen (`app.auth.onAccountClaimed`).
 */
export function createAccountClaimed(log: FastifyBaseLogger) {
  const listeners = new Set<(userId: string) => Promise<void>>();
  return {
    /** Calls `listener` after an account was taken over by its verified owner; returns the unsubscribe. */
    onAccountClaimed: (listener: (userId: string) => Promise<void>): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Tells every listener; one that fails is logged, the others still run. */
    accountClaimed: async (userId: string): Promise<void> => {
      for (const listener of listeners) {
        await listener(userId).catch((error: unknown) => {
          log.error({ err: error, userId }, 'a listener of an account takeover failed');
        });
      }
    },
  };
}
export type AccountClaimed = ReturnType<typeof createAccountClaimed>;
