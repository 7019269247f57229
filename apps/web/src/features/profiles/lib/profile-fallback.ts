import type { Profile } from '@nuvem/contracts/profiles';
import { ApiError } from '@/lib/api-client';
import type { SignedInUser } from './signed-in-user';

/** Whether `id` (from the address) names the signed-in user: `me` or their own id. */
export function isOwnProfileId(id: string, user: Pick<SignedInUser, 'id'>): boolean {
  return id === 'me' || id === user.id;
}

/**
 * Spec 7: when the profile call fails a basic profile is built from the signed-in user. Only for
 * one's own page: showing the signed-in user's data under another user's address would be wrong.
 */
export function canBuildFallback(id: string, user: Pick<SignedInUser, 'id'>): boolean {
  return isOwnProfileId(id, user);
}

/** Another user's address that the server does not know: 'User not found', not a fallback. */
export function isUnknownUser(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * The fallback profile: the session's own fields and nothing invented. Its figures are zeros the
 * page never shows (it hides counts on the fallback: the real ones could not be loaded).
 */
export function buildFallbackProfile(user: SignedInUser): Profile {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName?.trim() || null,
    avatar: user.avatarUrl?.trim() || null,
    headline: null,
    emailVerified: user.emailVerified,
    mfaEnabled: false,
    location: null,
    bio: null,
    connections: 0,
    followers: 0,
    following: 0,
    views: 0,
    viewsLast30Days: null,
    experience: [],
    education: [],
    skills: [],
    createdAt: user.createdAt,
    viewer: { isSelf: true, following: false, followedBy: false, connection: 'none' },
  };
}
