/** The languages the portal is written in; English is the default and the fallback. */
export const languages = ['en', 'pt-PT'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** Where the language a visitor chose in the header is kept. */
export const languageStorageKey = 'nuvem.language';

/**
 * The same choice as a cookie, so the server renders the next page in it (issue 35). A preference,
 * not a secret: written by the page, readable by it, sent to this site only.
 */
export const languageCookieName = 'nuvem_lang';

/**
 * The supported language for a browser's or a stored tag: any Portuguese ('pt', 'pt-BR', 'pt-PT')
 * reads as European Portuguese, anything else as English.
 */
export function supportedLanguage(tag: string | null | undefined): Language {
  if (!tag) return defaultLanguage;
  return tag.toLowerCase() === 'pt' || tag.toLowerCase().startsWith('pt-') ? 'pt-PT' : defaultLanguage;
}
