import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { mailOutbox, type MailOutboxRow } from '../../db/schema/mail-outbox.js';
import { QUEUE_SCHEMA } from '../../plugins/app/queue.js';

export type NewOutboxRow = typeof mailOutbox.$inferInsert;
export type { MailOutboxRow };

/** The job that sends one outbox row (its data: `{ id }`). */
export const MAIL_SEND_JOB = 'mail.send';

/**
 * The mail module's SQL: only this module reads and writes mail_outbox. A row is `pending` until a
 * job claims it (`sending`), then `sent`, back to `pending` for a retry, or `failed` for good.
 */
export function createMailRepository(db: Database) {
  return {
    /** Writes a message; undefined when its dedupe key was already used (nothing written). */
    async insert(row: NewOutboxRow): Promise<MailOutboxRow | undefined> {
      const rows = await db
        .insert(mailOutbox)
        .values(row)
        .onConflictDoNothing({ target: mailOutbox.dedupeKey })
        .returning();
      return rows[0];
    },

    /**
     * Takes a pending row for one sending attempt: only one job at a time can hold it (the
     * update is the lock); undefined when it is not pending (sent, failed, or held by another).
     */
    async claim(id: string): Promise<MailOutboxRow | undefined> {
      const rows = await db
        .update(mailOutbox)
        .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')))
        .returning();
      return rows[0];
    },

    async markSent(id: string, messageId: string): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', messageId, sentAt: new Date(), lastError: null })
        .where(eq(mailOutbox.id, id));
    },

    /** After a failed attempt: `pending` again (a retry follows) or `failed` (the last one). */
    async release(id: string, status: 'pending' | 'failed', error: string): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ status, lastError: error.slice(0, 1000) })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
    },

    /**
     * Rows written before `before` that are not sent yet and that no send job is waiting for or
     * working on: their job was never queued (a crash between the write and the queue) or died
     * with its instance.
     */
    async stranded(before: Date, limit = 100): Promise<Pick<MailOutboxRow, 'id' | 'status'>[]> {
      return db
        .select({ id: mailOutbox.id, status: mailOutbox.status })
        .from(mailOutbox)
        .where(
          and(
            inArray(mailOutbox.status, ['pending', 'sending']),
            lt(mailOutbox.createdAt, before),
            sql`not exists (select 1 from ${sql.raw(QUEUE_SCHEMA)}.job j where j.name = ${MAIL_SEND_JOB} and j.state in ('created', 'retry', 'active') and j.data->>'id' = ${mailOutbox.id})`,
          ),
        )
        .orderBy(asc(mailOutbox.createdAt))
        .limit(limit);
    },

    /** A row whose sending job died is pending again (the caller queues a new job). */
    async reopen(id: string): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ status: 'pending' })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
    },

    async findById(id: string): Promise<MailOutboxRow | undefined> {
      const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return rows[0];
    },

    async findByKey(dedupeKey: string): Promise<MailOutboxRow | undefined> {
      const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey)).limit(1);
      return rows[0];
    },
  };
}
export type MailRepository = ReturnType<typeof createMailRepository>;
