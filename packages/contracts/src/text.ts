/**
 * Text folding shared by the server and the web app: one definition of "the same letters without
 * their accents", so a search, a slug and a comparison agree on both sides.
 */

/** The text with its accents and other combining marks taken off (compatibility-decomposed): "Évora" → "Evora". */
export function foldAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '');
}

/** A lower-case, accent-free slug of letters a-z and digits joined by single hyphens: "São Paulo!" → "sao-paulo". */
export function slugify(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
