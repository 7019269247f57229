import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { profileSkills } from './profile-skills.js';
import { users } from './users.js';

/** One user vouching for another's skill, once; a skill's endorsements are these rows counted. */
export const skillEndorsements = pgTable(
  'skill_endorsements',
  {
    skillId: text()
      .notNull()
      .references(() => profileSkills.id, { onDelete: 'cascade' }),
    /** The skill's owner, kept here so an owner cannot endorse their own skill (the check below). */
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endorserId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.skillId, t.endorserId] }),
    index('skill_endorsements_endorser_idx').on(t.endorserId),
    check('skill_endorsements_not_self', sql`${t.ownerId} <> ${t.endorserId}`),
  ],
);
