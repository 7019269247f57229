import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { TtlCache } from '../../lib/ttl-cache.js';
import type { EventBus } from '../../plugins/app/event-bus.js';
import type { Mailer } from '../mail/mail.types.js';
import type { JobQueue } from '../../plugins/app/queue.js';
import { createAccountClaimed } from './account-claimed.js';
import { createAccountEmailServices } from './account-email.service.js';
import type { AccountTokensRepository } from './account-tokens.repository.js';
import type { AuthRepository, SessionWithUser } from './auth.repository.js';
import { createMailRecipientService } from './mail-recipient.js';
import { createReauthentication } from './reauthenticate.js';
import { createSecondFactorService } from './mfa.service.js';
import { createSessionsService } from './sessions.service.js';
import { createSignInService } from './sign-in.service.js';
import { createSocialSignInService } from './social-sign-in.service.js';

/**
 * The sign-in service (`app.auth`), composed of its use cases:
 * - `sign-in.service.ts`: register and sign in with a password; the account fields others read;
 * - `sessions.service.ts`: issue, find (cookie or bearer token) and end sessions;
 * - `social-sign-in.service.ts`: Google and GitHub sign-in, and linking them to an account;
 * - `mfa.service.ts`, `passkeys.service.ts`: the second factor (TOTP, recovery codes, passkeys).
 */
export function createAuthService(deps: {
  repo: AuthRepository;
  limiter: RateLimiter;
  sessionCache: TtlCache<SessionWithUser>;
  /** Tells every instance which sessions ended (what they opened, a realtime stream, ends too). */
  bus: Pick<EventBus, 'broadcast' | 'onBroadcast'>;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** Mailed account links (verify, reset, change e-mail, claim), the mailer and the job queue. */
  tokens: AccountTokensRepository;
  mail: Mailer;
  queue: Pick<JobQueue, 'send'>;
}) {
  const { repo, limiter, sessionCache, bus, config, log } = deps;
  const sessions = createSessionsService({ repo, sessionCache, bus, log });
  const secondFactor = createSecondFactorService({ repo: repo.mfa, limiter, sessions, config });
  const signIn = createSignInService({ repo, limiter, sessions, config, secondFactor });
  const social = createSocialSignInService({ repo, sessions });

  const claimed = createAccountClaimed(log);
  const accountEmail = createAccountEmailServices({ ...deps, sessions, accountClaimed: claimed.accountClaimed });

  return {
    ...accountEmail,
    onAccountClaimed: claimed.onAccountClaimed,
    ...createMailRecipientService({ repo }),
    ...signIn,
    ...sessions,
    ...social,
    ...secondFactor,
    ...createReauthentication({ repo, limiter, secondFactor }),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
