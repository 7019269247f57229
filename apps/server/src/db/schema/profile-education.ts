import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** One school on a profile's education tab, in the owner's order. */
export const profileEducation = pgTable(
  'profile_education',
  {
    id: text().primaryKey(), // edu_…
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    school: text().notNull(),
    degree: text(),
    field: text(),
    duration: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('profile_education_user_idx').on(t.userId, t.position),
    // 'People you may know' looks up who else studied at a school.
    index('profile_education_school_idx').on(sql`lower(${t.school})`),
  ],
);
export type ProfileEducationRow = typeof profileEducation.$inferSelect;
