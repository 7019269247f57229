import type { AccountExport } from '@nuvem/contracts/account';
import type { ErasureTx } from './account.repository.js';

export type { ErasureTx };

/** Whose account: the id, and the e-mail address (some records are kept by address, not by id). */
export interface AccountOwner {
  id: string;
  email: string;
}

/** A date in an export: ISO 8601, or null when there is none. */
export const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** Work for once the erasure has committed: caches to forget, other instances to tell. */
export type AfterErasure = () => Promise<void>;

/**
 * What a module contributes to the account's export and erasure, from its own
 * `<module>/account-data.ts` (its SQL in `<module>/account-data.repository.ts`: a module reads only
 * its own tables).
 */
export interface AccountDataPart {
  /** For logs: which module this is. */
  readonly module: string;
  /** Its sections of the export. Never a secret, a hash or a key. */
  exportData?(owner: AccountOwner): Promise<Partial<AccountExport>>;
  /**
   * Before anything is erased: what lives outside the database and must end first (instances on
   * the container driver, a subscription at the payment provider, runs in progress). Throwing an
   * AppError stops the deletion with nothing of the account erased.
   */
  beforeErasure?(owner: AccountOwner): Promise<void>;
  /** Its rows, in the one transaction every module's erasure shares; what to do once it committed. */
  erase?(owner: AccountOwner, tx: ErasureTx): Promise<AfterErasure | undefined>;
}
