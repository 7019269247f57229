import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { workspaces } from './workspaces.js';

/**
 * An invitation to an organisation, mailed as a single-use link: only the token's SHA-256 is kept.
 * Pending (not accepted, not revoked, not expired) invitations hold a seat.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: text().primaryKey(), // ivt_…
    workspaceId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    role: text().$type<'owner' | 'admin' | 'developer' | 'billing' | 'viewer'>().notNull(),
    tokenHash: text().notNull().unique(),
    invitedBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: text(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('workspace_invitations_workspace_idx').on(t.workspaceId, t.createdAt),
    // One open invitation per address and organisation (an expired one is closed before a new one).
    uniqueIndex('workspace_invitations_open_unique')
      .on(t.workspaceId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);
export type WorkspaceInvitationRow = typeof workspaceInvitations.$inferSelect;
