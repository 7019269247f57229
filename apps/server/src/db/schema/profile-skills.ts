import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A skill on a profile, in the owner's order; names are unique per user, compared lower-cased. */
export const profileSkills = pgTable(
  'profile_skills',
  {
    id: text().primaryKey(), // skl_…
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('profile_skills_user_name_unique').on(t.userId, sql`lower(${t.name})`)],
);
export type ProfileSkillRow = typeof profileSkills.$inferSelect;
