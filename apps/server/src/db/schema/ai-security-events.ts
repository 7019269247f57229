import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/**
 * A request the AI security layer blocked (or an agent output it redacted or flagged): who, from
 * where, what was found, a SHA-256 of the text and a short excerpt with secrets and personal data
 * redacted. The text itself is never kept.
 */
export const aiSecurityEvents = pgTable(
  'ai_security_events',
  {
    id: text().primaryKey(), // sev_…
    userId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The flow the text was for, when it was for one. */
    flowId: text(),
    /** validate-prompt | flow.create | flow.execute | agent.output */
    source: text().notNull(),
    /** blocked (the request did not go on) | offline (blocked: the layer did not answer) | flagged (an output, redacted) */
    outcome: text().notNull(),
    threatLevel: text().notNull(),
    violationTypes: jsonb().$type<string[]>().notNull(),
    textSha256: text().notNull(),
    excerpt: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_security_events_user_created_idx').on(t.userId, t.createdAt)],
);

export type AiSecurityEventRow = typeof aiSecurityEvents.$inferSelect;
