import type { App } from '../../types.js';
import type { AccountDataPart } from '../account/account-data.types.js';
import { createProgrammeAccountDataRepository } from './account-data.repository.js';

/** The programme module's part of the account: the user's enquiries, exported, then erased. */
export function createProgrammeAccountData(deps: { db: App['db'] }): AccountDataPart {
  const repo = createProgrammeAccountDataRepository(deps.db);
  return {
    module: 'programme',
    async exportData(owner) {
      const rows = await repo.enquiriesOf(owner);
      return {
        programme_enquiries: rows.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          phone: row.phone,
          interest: row.interest,
          offering: row.offering,
          message: row.message,
          ip: row.ip,
          user_agent: row.userAgent,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
    async erase(owner, tx) {
      await repo.deleteEnquiriesOf(owner, tx);
      return undefined;
    },
  };
}
