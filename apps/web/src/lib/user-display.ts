import type { AuthUser } from '@nuvem/contracts/auth';

/** The avatar's fallback: the e-mail's first letter, upper-cased ('?' when there is none). */
export function userInitial(email: string): string {
  // Array.from splits by code point, so an e-mail starting with an emoji or accent keeps it whole.
  const first = Array.from(email.trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}

/** The avatar image's address, or null when the user has none. */
export function userAvatarUrl(user: Pick<AuthUser, 'user_metadata'>): string | null {
  return user.user_metadata.avatar_url?.trim() || null;
}
