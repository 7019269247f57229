import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { aiSecurityEvents, type AiSecurityEventRow } from '../../db/schema/ai-security-events.js';
import { aiSecurityReports, type AiSecurityReportRow } from '../../db/schema/ai-security-reports.js';
import { lockUserFor } from '../../db/user-lock.js';

/** The AI security module's SQL: only this module reads and writes ai_security_events and _reports. */
export function createAiSecurityRepository(db: Database) {
  return {
    async record(values: typeof aiSecurityEvents.$inferInsert): Promise<void> {
      await db.insert(aiSecurityEvents).values(values);
    },

    async deleteBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(aiSecurityEvents)
        .where(lt(aiSecurityEvents.createdAt, before))
        .returning({ id: aiSecurityEvents.id });
      return rows.length;
    },

    /** The user's records since `since`, newest first, with their number and the counts. */
    async history(userId: string, since: Date, limit: number) {
      const mine = and(eq(aiSecurityEvents.userId, userId), gte(aiSecurityEvents.createdAt, since));
      const [rows, [total], byDay, byType] = await Promise.all([
        db.select().from(aiSecurityEvents).where(mine).orderBy(desc(aiSecurityEvents.createdAt)).limit(limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(aiSecurityEvents)
          .where(mine),
        db
          .select({
            day: sql<string>`to_char(date_trunc('day', ${aiSecurityEvents.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
            blocked: sql<number>`(count(*) filter (where ${aiSecurityEvents.outcome} <> 'flagged'))::int`,
            flagged: sql<number>`(count(*) filter (where ${aiSecurityEvents.outcome} = 'flagged'))::int`,
          })
          .from(aiSecurityEvents)
          .where(mine)
          .groupBy(sql`1`)
          .orderBy(sql`1`),
        db
          .select({ type: sql<string>`t.type`, count: sql<number>`count(*)::int` })
          .from(aiSecurityEvents)
          .innerJoin(sql`jsonb_array_elements_text(${aiSecurityEvents.violationTypes}) as t(type)`, sql`true`)
          .where(mine)
          .groupBy(sql`t.type`)
          .orderBy(sql`count(*) desc`, sql`t.type`),
      ]);
      return {
        rows: rows as AiSecurityEventRow[],
        total: total?.n ?? 0,
        byDay,
        byType,
      };
    },

    /**
     * Stores a false-alarm report unless its user already reported the same text (same keyed hash):
     * then that one is returned. Under the user's lock, so two concurrent reports store one row.
     */
    async addReport(
      values: typeof aiSecurityReports.$inferInsert & { createdAt: Date },
    ): Promise<{ report: AiSecurityReportRow; created: boolean }> {
      return db.transaction(async (tx) => {
        await lockUserFor(tx, 'ai-security:reports', values.userId);
        const [existing] = await tx
          .select()
          .from(aiSecurityReports)
          .where(and(eq(aiSecurityReports.userId, values.userId), eq(aiSecurityReports.textHmac, values.textHmac)))
          .limit(1);
        if (existing) return { report: existing, created: false };
        const [report] = await tx.insert(aiSecurityReports).values(values).returning();
        if (!report) throw new Error('the report was not stored');
        return { report, created: true };
      });
    },

    /** The user's own reports, newest first. */
    async reportsOf(userId: string, limit: number): Promise<AiSecurityReportRow[]> {
      return db
        .select()
        .from(aiSecurityReports)
        .where(eq(aiSecurityReports.userId, userId))
        .orderBy(desc(aiSecurityReports.createdAt), desc(aiSecurityReports.id))
        .limit(limit);
    },

    /** Every user's reports since `since`, oldest first (the operator's review). */
    async reportsSince(since: Date): Promise<AiSecurityReportRow[]> {
      return db
        .select()
        .from(aiSecurityReports)
        .where(gte(aiSecurityReports.createdAt, since))
        .orderBy(aiSecurityReports.createdAt, aiSecurityReports.id);
    },
  };
}

export type AiSecurityRepository = ReturnType<typeof createAiSecurityRepository>;
export type { AiSecurityReportRow };
