import { pgTable, text } from 'drizzle-orm/pg-core';

/** An events category: a slug (may hold hyphens: live-music) and its name. */
export const eventCategories = pgTable('event_categories', {
  slug: text().primaryKey(),
  name: text().notNull(),
});
