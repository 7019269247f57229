import { index, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.js';

/** A user's container: the portal's record of one driver instance. */
export const containers = pgTable(
  'containers',
  {
    id: text().primaryKey(), // ctr_…
    userId: text()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    tier: text().notNull(),
    templateId: text().notNull(),
    status: text().notNull(), // running | stopped | starting | stopping | error
    /** Why the status is `error`; null otherwise. */
    statusReason: text(),
    /** The action being carried out, so a second one is refused rather than queued twice. */
    actionInFlight: text(),
    driver: text().notNull(), // lxd | demo
    /** The instance's name in the driver (unique across users). */
    instanceName: text().notNull().unique(),
    ipAddress: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('containers_user_name').on(t.userId, t.name), index('containers_user_idx').on(t.userId, t.createdAt)],
);
export type ContainerRow = typeof containers.$inferSelect;
