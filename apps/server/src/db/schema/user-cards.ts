import { pgView } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A user's public card, published by the auth module (which owns `users`) for other modules to read
 * and join: no e-mail, no password hash. Only the auth module reads or writes `users` itself.
 */
export const userCards = pgView('user_cards').as((qb) =>
  qb
    .select({
      id: users.id,
      displayName: users.displayName,
      avatarUrl: users.avatarUrl,
      emailVerified: users.emailVerified,
      mfaEnabled: users.mfaEnabled,
      createdAt: users.createdAt,
    })
    .from(users),
);
