import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/** A document of a user's knowledge base: what the rag agent retrieves from (BM25). */
export const workflowKnowledge = pgTable(
  'workflow_knowledge',
  {
    id: text().primaryKey(), // kdoc_…
    userId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    content: text().notNull(),
    /**
     * What the AI security layer found in the document when it was added: its threat level, or null
     * for a document added before documents were scanned (scanned when next read).
     */
    securityThreat: text(),
    /** The findings behind securityThreat: type, severity, message and evidence span, at most a few. */
    securityFindings: jsonb()
      .$type<{ type: string; severity: string; message: string; start: number; end: number; text: string }[]>()
      .notNull()
      .default([]),
    /**
     * What retrieval does with a flagged document, the user's choice: 'exclude' (never retrieved) or
     * 'quote' (retrieved as quoted data with a warning). Unflagged documents are retrieved as usual.
     */
    securityHandling: text().notNull().default('exclude'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_knowledge_user_idx').on(t.userId, t.createdAt)],
);
