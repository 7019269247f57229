import type { AuthUser } from '@nuvem/contracts/auth';
import type { UserRow } from './auth.repository.js';

/** The user object of every auth reply (the shape the spec's clients read). */
export function toAuthUser(user: UserRow): AuthUser {
  return {
    id: user.id,
    email: user.email,
    created_at: user.createdAt.toISOString(),
    email_verified: user.emailVerified,
    user_metadata: { display_name: user.displayName, avatar_url: user.avatarUrl },
  };
}
