import type { Database } from '../../db/client.js';

/**
 * The one transaction the account's erasure runs in: every module's part of it (its own tables,
 * through its own `account-data.repository.ts`) commits together or not at all.
 */
export type ErasureTx = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The account module reads no table of its own: it opens the transaction the modules' erasures share. */
export function createAccountRepository(db: Database) {
  return {
    transaction<T>(work: (tx: ErasureTx) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx));
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
