import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A document of a user's knowledge base: what the rag agent retrieves from (BM25). */
export const workflowKnowledge = pgTable(
  'workflow_knowledge',
  {
    id: text().primaryKey(), // kdoc_…
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_knowledge_user_idx').on(t.userId, t.createdAt)],
);
