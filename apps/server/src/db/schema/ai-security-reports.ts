import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/**
 * A user's report that the AI security layer blocked or flagged a text it should not have (a false
 * alarm), for the operator to review: who, from where, what the layer found, an HMAC of the text (the
 * same keyed hash as ai_security_events) and a short excerpt with secrets and personal data
 * redacted. The text itself is never kept.
 */
export const aiSecurityReports = pgTable(
  'ai_security_reports',
  {
    id: text().primaryKey(), // sfa_…
    userId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Where the text was checked: validate-prompt | flow.create | flow.execute | knowledge | … */
    source: text().notNull(),
    threatLevel: text().notNull(),
    violationTypes: jsonb().$type<string[]>().notNull(),
    textHmac: text().notNull(),
    excerpt: text().notNull(),
    /** The user's own words on why it is a false alarm (optional). */
    comment: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_security_reports_user_created_idx').on(t.userId, t.createdAt)],
);

export type AiSecurityReportRow = typeof aiSecurityReports.$inferSelect;
