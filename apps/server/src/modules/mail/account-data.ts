import type { App } from '../../types.js';
import type { AccountDataPart } from '../account/account-data.types.js';
import { createMailAccountDataRepository } from './account-data.repository.js';

/**
 * The mail module's part of the account: which messages were mailed (not their text: links in it
 * may still work) in the export; the outbox's copies of them in the erasure. The notice of the
 * deletion is written after the erasure, so it is sent.
 */
export function createMailAccountData(deps: { db: App['db'] }): AccountDataPart {
  const repo = createMailAccountDataRepository(deps.db);
  return {
    module: 'mail',
    async exportData(owner) {
      const rows = await repo.messagesOf(owner);
      return {
        mail: rows.map((row) => ({
          id: row.id,
          template: row.template,
          to: row.to,
          subject: row.subject,
          status: row.status,
          created_at: row.createdAt.toISOString(),
          sent_at: row.sentAt?.toISOString() ?? null,
        })),
      };
    },
    async erase(owner, tx) {
      await repo.deleteMessagesOf(owner, tx);
      return undefined;
    },
  };
}
