import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A contact request from the Ingenious Gen programme page. */
export const programmeEnquiries = pgTable(
  'programme_enquiries',
  {
    id: text().primaryKey(), // enq_…
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    interest: text().notNull(),
    offering: text(),
    message: text(),
    /** Set when the visitor was signed in. */
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('programme_enquiries_created_idx').on(t.createdAt)],
);
