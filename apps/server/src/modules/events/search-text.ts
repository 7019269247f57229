import { foldAccents } from '@nuvem/contracts/text';

/** Lower case without accents: 'São Paulo' -> 'sao paulo' (documents and queries alike). */
export function foldText(text: string): string {
  return foldAccents(text).toLowerCase();
}

/**
 * A search box's text as a prefix tsquery ('sao pau' -> 'sao:* & pau:*'), or null when it holds
 * no word. Only letters and digits reach the query, so its syntax cannot be injected.
 */
export function prefixQuery(search: string): string | null {
  const words = foldText(search)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}
