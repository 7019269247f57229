import { desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/mail-outbox.js';

export type Executor = Pick<Database, 'select' | 'delete'>;

/** The mail module's part of the account export and erasure: the messages to the user or their address. */
export function createMailAccountDataRepository(db: Database) {
  const mine = (owner: { id: string; email: string }) =>
    or(eq(mailOutbox.userId, owner.id), sql`lower(${mailOutbox.to}) = ${owner.email.toLowerCase()}`);
  return {
    async messagesOf(owner: { id: string; email: string }) {
      return db
        .select({
          id: mailOutbox.id,
          template: mailOutbox.template,
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          status: mailOutbox.status,
          createdAt: mailOutbox.createdAt,
          sentAt: mailOutbox.sentAt,
        })
        .from(mailOutbox)
        .where(mine(owner))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1_000);
    },

    /** In the erasure's transaction: the copies of the messages go (a pending one is then never sent). */
    async deleteMessagesOf(owner: { id: string; email: string }, tx: Executor): Promise<void> {
      await tx.delete(mailOutbox).where(mine(owner));
    },
  };
}
