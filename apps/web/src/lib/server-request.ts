/**
 * What the server's render knows of the visitor's browser (issue 35): the languages its
 * Accept-Language names, most wanted first, which the browser's `navigator.languages` also lists.
 * Set by `entry-server.tsx` for the one render running at a time; unused in the browser.
 */
let languages: readonly string[] = [];

export function setServerRequestLanguages(tags: readonly string[]): void {
  languages = tags;
}

/** The browser's languages, most wanted first: `navigator.languages`, or the request's on the server. */
export function browserLanguages(): readonly string[] {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return languages;
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}
