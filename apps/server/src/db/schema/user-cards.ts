import { sql } from 'drizzle-orm';
import { boolean, pgView, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A user's public card, published by the auth module (which owns `users`) for other modules to read
 * and join: no e-mail, no password hash. Only the auth module reads or writes `users` itself.
 */
export const userCards = pgView('user_cards', {
  id: text().notNull(),
  displayName: text(),
  avatarUrl: text(),
  emailVerified: boolean().notNull(),
  mfaEnabled: boolean().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
}).as(sql`select "id", "display_name", "avatar_url", "email_verified", "mfa_enabled", "created_at" from "users"`);
