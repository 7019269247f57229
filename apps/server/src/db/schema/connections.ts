import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const connectionStatuses = ['pending', 'accepted'] as const;

/**
 * A connection between two users: requested by one, pending until the other accepts. One row per
 * pair whichever way it was asked (the unique index on the ordered pair).
 */
export const connections = pgTable(
  'connections',
  {
    requesterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: connectionStatuses }).notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.addresseeId] }),
    uniqueIndex('connections_pair_unique').on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    index('connections_addressee_idx').on(t.addresseeId, t.status),
    check('connections_not_self', sql`${t.requesterId} <> ${t.addresseeId}`),
    check('connections_status', sql`${t.status} in ('pending', 'accepted')`),
  ],
);
export type ConnectionRow = typeof connections.$inferSelect;
