import {
  accountExportSchema,
  accountMessages,
  type AccountExport,
  type DeleteAccountBody,
} from '@nuvem/contracts/account';
import { authMessages } from '@nuvem/contracts/auth';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { AccountHolder } from '../auth/account-data.js';
import type { Reauthenticator } from '../auth/reauthenticate.js';
import { accountDeletedMail } from '../mail/templates/account-deleted.js';
import { mailLocale, type Mailer } from '../mail/mail.types.js';
import type { AccountDataPart, AccountOwner, AfterErasure } from './account-data.types.js';
import type { AccountRepository } from './account.repository.js';

/**
 * The account's export and deletion, made of every module's part (`<module>/account-data.ts`):
 * - export: each part's sections, in one JSON document;
 * - deletion: the owner proves it is them (password, second factor) and types the address; an
 *   organisation they own refuses it (409, nothing erased); then what lives outside the database
 *   ends first (runs cancelled, the user's upcoming events
 *   cancelled, containers deleted on the driver and waited for, a Stripe subscription's end
 *   queued); only then does one transaction erase every module's rows (the user row last, which
 *   takes the rest with it), so a failure before it leaves the account whole, and the transaction
 *   leaves it whole or gone. Once it committed, the sessions end everywhere and the notice is mailed.
 */
export function createAccountService(deps: {
  repo: AccountRepository;
  /** In order: `beforeErasure` and `erase` run in this order, so the auth part (the user row) is last. */
  parts: AccountDataPart[];
  holder(userId: string): Promise<AccountHolder | undefined>;
  reauthenticate: Reauthenticator['reauthenticate'];
  mail: Pick<Mailer, 'send'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { repo, parts, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function holderOf(userId: string): Promise<AccountHolder> {
    const holder = await deps.holder(userId);
    if (!holder) throw new AppError(401, authMessages.unauthorized, 'UNAUTHORIZED');
    return holder;
  }

  async function exportAccount(userId: string): Promise<AccountExport> {
    const holder = await holderOf(userId);
    const owner: AccountOwner = { id: holder.id, email: holder.email };
    const sections = await Promise.all(parts.map((part) => part.exportData?.(owner) ?? Promise.resolve({})));
    const document: Record<string, unknown> = {
      format: 'nuvem-account-export',
      version: 1,
      exported_at: now().toISOString(),
    };
    for (const section of sections) Object.assign(document, section);
    return accountExportSchema.parse(document);
  }

  async function deleteAccount(userId: string, body: DeleteAccountBody, signedInAt?: Date): Promise<{ email: string }> {
    const holder = await holderOf(userId);
    if (body.confirm.trim().toLowerCase() !== holder.email.toLowerCase()) {
      throw AppError.badRequest(accountMessages.confirmMismatch, 'CONFIRM_MISMATCH');
    }
    await deps.reauthenticate(userId, { password: body.password, code: body.code }, signedInAt);
    const owner: AccountOwner = { id: holder.id, email: holder.email };

    for (const part of parts) {
      if (!part.beforeErasure) continue;
      try {
        await part.beforeErasure(owner);
      } catch (error) {
        log.warn({ err: error, userId, module: part.module }, 'account deletion stopped before the erasure');
        throw error;
      }
    }

    const after = await repo.transaction(async (tx) => {
      const work: AfterErasure[] = [];
      for (const part of parts) {
        const then = await part.erase?.(owner, tx);
        if (then) work.push(then);
      }
      return work;
    });
    const deletedAt = now();
    log.info({ userId }, 'account deleted');

    // The erasure has committed: nothing below may undo it or fail the request.
    for (const then of after) {
      await then().catch((error: unknown) => log.error({ err: error, userId }, 'after an account deletion'));
    }
    const locale = mailLocale(holder.locale);
    await deps.mail
      .send({
        key: `account-deleted:${userId}`,
        template: 'account-deleted',
        to: holder.email,
        // The account is gone: the notice belongs to nobody.
        userId: null,
        content: accountDeletedMail(locale, { name: holder.displayName, email: holder.email, deletedAt }),
      })
      .catch((error: unknown) => log.error({ err: error, userId }, 'the account deletion notice could not be written'));
    return { email: holder.email };
  }

  return { exportAccount, deleteAccount };
}
export type AccountService = ReturnType<typeof createAccountService>;
