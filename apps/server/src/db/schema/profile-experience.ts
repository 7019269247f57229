import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** One job on a profile's experience tab, in the owner's order. */
export const profileExperience = pgTable(
  'profile_experience',
  {
    id: text().primaryKey(), // exp_…
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    title: text().notNull(),
    company: text().notNull(),
    /** Free text such as 'Jan 2020 – Present'. */
    duration: text(),
    description: text(),
    current: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('profile_experience_user_idx').on(t.userId, t.position),
    // 'People you may know' looks up who else worked at a company.
    index('profile_experience_company_idx').on(sql`lower(${t.company})`),
  ],
);
export type ProfileExperienceRow = typeof profileExperience.$inferSelect;
