import type { AuthUser, MfaState } from '@nuvem/contracts/auth';
import type { SessionRow, UserRow } from './auth.repository.js';

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

/** Whether the account has a second factor, and whether this session's sign-in passed one. */
export function mfaStateOf(user: UserRow, session: SessionRow): MfaState {
  return { enabled: user.mfaEnabled, passed: session.mfaPassed };
}
