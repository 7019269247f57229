import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/**
 * A workspace's audit log: who did what, when and from where. Never a secret: details hold names,
 * ids, roles and sizes. The actor's id and address are copied, so an entry outlives its member.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: text().primaryKey(), // aud_… (time-ordered)
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    actorUserId: text(),
    actorEmail: text(),
    /** cookie | bearer | api_key | system */
    via: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    targetLabel: text(),
    details: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_workspace_idx').on(t.workspaceId, t.createdAt, t.id),
    index('audit_events_workspace_action_idx').on(t.workspaceId, t.action, t.createdAt),
  ],
);
export type AuditEventRow = typeof auditEvents.$inferSelect;
