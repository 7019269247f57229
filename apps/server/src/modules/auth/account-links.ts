import { accountEmailMessages } from '@nuvem/contracts/account-email';
import { AppError } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { mailLocale, type MailContent, type Mailer, type MailLocale } from '../mail/mail.types.js';
import type { AccountTokenPurpose, AccountTokensRepository } from './account-tokens.repository.js';
import { requestLanguage } from '../../lib/i18n/language.js';

/** What the account-mail services share: the links' table, the mailer and the limiter. */
export interface AccountMailDeps {
  tokens: AccountTokensRepository;
  /** `app.mail`, read when a message is sent (the mail module may register after this one). */
  mail: Mailer;
  limiter: RateLimiter;
}

/** A new single-use link token: the plaintext goes in the mail, only its SHA-256 hash is stored. */
export async function issueAccountToken(
  tokens: Pick<AccountTokensRepository, 'insertToken'>,
  values: { userId: string; purpose: AccountTokenPurpose; email: string; ttlMs: number; data?: unknown },
): Promise<{ token: string; tokenHash: string }> {
  const token = randomToken();
  const tokenHash = sha256(token);
  await tokens.insertToken({
    tokenHash,
    userId: values.userId,
    purpose: values.purpose,
    email: values.email,
    data: values.data ?? null,
    expiresAt: new Date(Date.now() + values.ttlMs),
  });
  return { token, tokenHash };
}

/**
 * Mails a new single-use link (see `issueAccountToken`) to `email`: the template is the link's
 * purpose, the message's key its purpose and token hash, and `content` words the message around
 * the link's URL (`path?token=…`).
 */
export async function mailAccountLink(
  { tokens, mail }: Pick<AccountMailDeps, 'tokens' | 'mail'>,
  link: { userId: string; purpose: AccountTokenPurpose; email: string; ttlMs: number; data?: unknown; path: string },
  content: (url: string) => MailContent,
): Promise<void> {
  const { token, tokenHash } = await issueAccountToken(tokens, link);
  await mail.send({
    key: `${link.purpose}:${tokenHash}`,
    template: link.purpose,
    to: link.email,
    userId: link.userId,
    content: content(mail.link(link.path, { token })),
  });
}

/** The one refusal of a used, expired, unknown or no longer applicable link (it never says which). */
export function invalidToken(): AppError {
  return new AppError(400, accountEmailMessages.invalidToken, 'INVALID_TOKEN');
}

/** Counts a hit; past `limit` in the window, 429. */
export async function enforceLimit(limiter: RateLimiter, key: string, limit: number, windowMs: number): Promise<void> {
  const result = await limiter.hit(key, limit, windowMs);
  if (!result.allowed) throw AppError.tooManyRequests(result.resetInMs);
}

/** Two addresses are the same account's when they match lower-cased (the users index's rule). */
export function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The mail language of a request: its Accept-Language's preferred language the server writes in. */
export function requestLocale(acceptLanguage: string | undefined): MailLocale {
  return mailLocale(requestLanguage(acceptLanguage));
}
