import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // pg gives a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => Buffer.from(value),
});

/**
 * An uploaded avatar image (at most 2 MiB, type checked by its first bytes). Kept in the database
 * rather than on local disk so that instances stay stateless (docs/decisions/009-avatars-in-the-database.md).
 */
export const profileAvatars = pgTable('profile_avatars', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text().notNull(),
  bytes: bytea().notNull(),
  size: integer().notNull(),
  /** Random, new on every upload: part of the avatar's URL and its ETag. */
  version: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type ProfileAvatarRow = typeof profileAvatars.$inferSelect;
