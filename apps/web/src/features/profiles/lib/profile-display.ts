import { displayNameFallback } from '@nuvem/contracts/auth';

/** The name shown for a profile: its display name, else the e-mail, else the spec's 'Usuário'. */
export function profileName(profile: { displayName: string | null; email?: string | null }): string {
  return profile.displayName?.trim() || profile.email?.trim() || displayNameFallback;
}

/** The avatar's fallback: the first letter of the display name, else of the e-mail, else '?'. */
export function profileInitial(profile: { displayName: string | null; email?: string | null }): string {
  const source = profile.displayName?.trim() || profile.email?.trim() || '';
  // Array.from splits by code point, so a name starting with an emoji or accent keeps it whole.
  const first = Array.from(source)[0];
  return first ? first.toLocaleUpperCase() : '?';
}

const numberFormat = new Intl.NumberFormat('en-US');

/** A count with its noun: '1 connection', '1,200 followers'. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${numberFormat.format(count)} ${count === 1 ? singular : plural}`;
}

/** A bare figure: '1,200'. */
export function formatNumber(count: number): string {
  return numberFormat.format(count);
}
