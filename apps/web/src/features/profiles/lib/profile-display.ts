/**
 * The name shown for a profile: its display name, else the e-mail, else `fallback` (the catalogue's
 * word for a user, in the language in use).
 */
export function profileName(profile: { displayName: string | null; email?: string | null }, fallback: string): string {
  return profile.displayName?.trim() || profile.email?.trim() || fallback;
}

/** The avatar's fallback: the first letter of the display name, else of the e-mail, else '?'. */
export function profileInitial(profile: { displayName: string | null; email?: string | null }): string {
  const source = profile.displayName?.trim() || profile.email?.trim() || '';
  // Array.from splits by code point, so a name starting with an emoji or accent keeps it whole.
  const first = Array.from(source)[0];
  return first ? first.toUpperCase() : '?';
}
