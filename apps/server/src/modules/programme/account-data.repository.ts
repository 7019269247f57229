import { asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { programmeEnquiries } from '../../db/schema/programme-enquiries.js';

export type Executor = Pick<Database, 'select' | 'delete'>;

/**
 * The programme module's part of the account export and erasure: the enquiries the user sent
 * signed in, and those sent under the account's address (the same person, signed out).
 */
export function createProgrammeAccountDataRepository(db: Database) {
  const mine = (owner: { id: string; email: string }) =>
    or(eq(programmeEnquiries.userId, owner.id), sql`lower(${programmeEnquiries.email}) = ${owner.email.toLowerCase()}`);
  return {
    async enquiriesOf(owner: { id: string; email: string }) {
      return db.select().from(programmeEnquiries).where(mine(owner)).orderBy(asc(programmeEnquiries.createdAt));
    },

    /** In the erasure's transaction: the enquiries go (they hold a name, an address, a phone, a message). */
    async deleteEnquiriesOf(owner: { id: string; email: string }, tx: Executor): Promise<number> {
      const rows = await tx.delete(programmeEnquiries).where(mine(owner)).returning({ id: programmeEnquiries.id });
      return rows.length;
    },
  };
}
