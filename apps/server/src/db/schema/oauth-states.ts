import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A social sign-in in progress: the state (hashed), the PKCE verifier and where to go afterwards.
 * Kept in the database, not in memory, so the callback may reach any instance. Used once.
 */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text().primaryKey(),
  provider: text().notNull(),
  /**
   * Hash of the random value in the HttpOnly cookie of the browser that started the sign-in: the
   * callback completes only in that browser, so a callback address cannot sign in another one.
   */
  browserHash: text().notNull(),
  codeVerifier: text().notNull(),
  nonce: text().notNull(),
  redirectTo: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
