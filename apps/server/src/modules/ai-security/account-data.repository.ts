import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { aiSecurityEvents } from '../../db/schema/ai-security-events.js';
import { aiSecurityReports } from '../../db/schema/ai-security-reports.js';

/**
 * The AI security module's part of the account export: the records of the user's blocked or
 * flagged texts and their false-alarm reports (the redacted excerpts; never the keyed hashes).
 * Its erasure needs no query: these rows go with the user row.
 */
export function createAiSecurityAccountDataRepository(db: Database) {
  return {
    async eventsOf(userId: string) {
      return db
        .select({
          id: aiSecurityEvents.id,
          flowId: aiSecurityEvents.flowId,
          source: aiSecurityEvents.source,
          outcome: aiSecurityEvents.outcome,
          threatLevel: aiSecurityEvents.threatLevel,
          violationTypes: aiSecurityEvents.violationTypes,
          excerpt: aiSecurityEvents.excerpt,
          createdAt: aiSecurityEvents.createdAt,
        })
        .from(aiSecurityEvents)
        .where(eq(aiSecurityEvents.userId, userId))
        .orderBy(desc(aiSecurityEvents.createdAt));
    },

    async reportsOf(userId: string) {
      return db
        .select({
          id: aiSecurityReports.id,
          source: aiSecurityReports.source,
          threatLevel: aiSecurityReports.threatLevel,
          violationTypes: aiSecurityReports.violationTypes,
          excerpt: aiSecurityReports.excerpt,
          comment: aiSecurityReports.comment,
          createdAt: aiSecurityReports.createdAt,
        })
        .from(aiSecurityReports)
        .where(eq(aiSecurityReports.userId, userId))
        .orderBy(desc(aiSecurityReports.createdAt));
    },
  };
}
