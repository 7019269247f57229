import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { containerDefaults } from '../../db/schema/container-defaults.js';
import { containers } from '../../db/schema/containers.js';
import { lockUserFor } from '../../db/user-lock.js';

export type Executor = Pick<Database, 'select' | 'execute'>;

/** The containers module's part of the account export and erasure. */
export function createContainersAccountDataRepository(db: Database) {
  return {
    async containersOf(userId: string) {
      return db.select().from(containers).where(eq(containers.userId, userId)).orderBy(asc(containers.createdAt));
    },

    async defaultsOf(userId: string) {
      const rows = await db.select().from(containerDefaults).where(eq(containerDefaults.userId, userId)).limit(1);
      return rows[0];
    },

    /**
     * In the erasure's transaction: takes the user's container lock (a create waits for it, and then
     * finds no user) and says which containers are still there; the erasure deletes none of them
     * without its instance.
     */
    async lockAndCountRemaining(userId: string, tx: Executor): Promise<number> {
      await lockUserFor(tx, 'containers', userId);
      const rows = await tx.select({ id: containers.id }).from(containers).where(eq(containers.userId, userId));
      return rows.length;
    },
  };
}
