import { check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.js';

/**
 * Where resources live (decision 029): a user's personal workspace, whose id is the user's id and
 * which the database creates with the user (trigger `users_personal_workspace`), or an organisation
 * (`wsp_…`). Containers, applications and keys, flows, runs, the knowledge base and billing name
 * their workspace in their owner column.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: text().primaryKey(), // usr_… (personal) or wsp_… (organisation)
    kind: text().$type<'personal' | 'organisation'>().notNull(),
    /** An organisation's name; null for a personal workspace (shown as its user's name). */
    name: text(),
    /** The user a personal workspace belongs to (it goes with them). */
    personalUserId: text().references(() => users.id, { onDelete: 'cascade' }),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspaces_personal_user_unique').on(t.personalUserId),
    check(
      'workspaces_kind_shape',
      sql`(${t.kind} = 'personal' and ${t.personalUserId} = ${t.id}) or (${t.kind} = 'organisation' and ${t.personalUserId} is null and ${t.name} is not null)`,
    ),
  ],
);
export type WorkspaceRow = typeof workspaces.$inferSelect;
