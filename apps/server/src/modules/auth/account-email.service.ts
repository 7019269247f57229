import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { JobQueue } from '../../plugins/app/queue.js';
import type { Mailer } from '../mail/mail.types.js';
import type { AccountTokensRepository } from './account-tokens.repository.js';
import type { AuthRepository } from './auth.repository.js';
import { createEmailVerificationService } from './email-verification.service.js';
import { createNewDeviceService } from './new-device.service.js';
import { createPasswordRecoveryService } from './password-recovery.service.js';
import { createSessionEndingService } from './session-ending.service.js';
import type { SessionsService } from './sessions.service.js';

/**
 * What the account's mail is about, as one part of `app.auth`: verified addresses and address
 * changes (`email-verification.service.ts`), forgotten and changed passwords
 * (`password-recovery.service.ts`), ending sessions in bulk (`session-ending.service.ts`), and the
 * new-device notice (`new-device.service.ts`).
 */
export function createAccountEmailServices(deps: {
  repo: AuthRepository;
  tokens: AccountTokensRepository;
  mail: Mailer;
  queue: Pick<JobQueue, 'send'>;
  limiter: RateLimiter;
  sessions: Pick<SessionsService, 'issueSession' | 'sessionsDeleted' | 'forgetCachedSessions'>;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** Called after the verified owner took an unverified account over. */
  accountClaimed: (userId: string) => Promise<void>;
}) {
  return {
    ...createEmailVerificationService(deps),
    ...createPasswordRecoveryService(deps),
    ...createSessionEndingService(deps),
    ...createNewDeviceService(deps),
  };
}
