import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/**
 * Model tokens a user's agents used (the `llm` driver), one row per step: what counts against the
 * plan's monthly tokens and the tokens bought as add-ons.
 */
export const billingTokenUsage = pgTable(
  'billing_token_usage',
  {
    id: text().primaryKey(), // tku_…
    userId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    tokens: integer().notNull(),
    /** Of `tokens`, those beyond the plan's allowance: taken from the packs bought (never refilled). */
    fromPacks: integer().notNull().default(0),
    /** What used them: 'workflow' or 'chat'. */
    source: text().notNull(),
    /** The execution (or chat message) they were for. */
    ref: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_token_usage_user_idx').on(t.userId, t.createdAt)],
);
