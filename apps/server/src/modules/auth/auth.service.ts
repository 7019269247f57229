import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { TtlCache } from '../../lib/ttl-cache.js';
import type { EventBus } from '../../plugins/app/event-bus.js';
import type { AuthRepository, SessionWithUser } from './auth.repository.js';
import { createSessionsService } from './sessions.service.js';
import { createSignInService } from './sign-in.service.js';
import { createSocialSignInService } from './social-sign-in.service.js';

/**
 * The sign-in service (`app.auth`), composed of its use cases:
 * - `sign-in.service.ts`: register and sign in with a password; the account fields others read;
 * - `sessions.service.ts`: issue, find (cookie or bearer token) and end sessions;
 * - `social-sign-in.service.ts`: Google and GitHub sign-in, and linking them to an account.
 */
export function createAuthService(deps: {
  repo: AuthRepository;
  limiter: RateLimiter;
  sessionCache: TtlCache<SessionWithUser>;
  /** Tells every instance which sessions ended (what they opened, a realtime stream, ends too). */
  bus: Pick<EventBus, 'broadcast' | 'onBroadcast'>;
  config: AppConfig;
  log: FastifyBaseLogger;
}) {
  const { repo, limiter, sessionCache, bus, config, log } = deps;
  const sessions = createSessionsService({ repo, sessionCache, bus, log });
  const signIn = createSignInService({ repo, limiter, sessions, config });
  const social = createSocialSignInService({ repo, sessions });

  return { ...signIn, ...sessions, ...social };
}
export type AuthService = ReturnType<typeof createAuthService>;
