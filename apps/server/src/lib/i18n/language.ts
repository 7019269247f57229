/** The languages the server writes to people in (the web app's two catalogues). */
export const serverLanguages = ['en', 'pt-PT'] as const;
export type ServerLanguage = (typeof serverLanguages)[number];

/**
 * The language a request asks for: the first tag of its Accept-Language, any Portuguese ('pt',
 * 'pt-PT', 'pt-BR') reading as European Portuguese and anything else as English. Null when the
 * request names none: then the server answers in the spec's own texts, as it always has (API
 * clients and tests rely on them).
 */
export function requestLanguage(acceptLanguage: string | string[] | undefined): ServerLanguage | null {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  const first = header?.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  if (!first || first === '*') return null;
  return first === 'pt' || first.startsWith('pt-') ? 'pt-PT' : 'en';
}

/**
 * `requestLanguage` for a route whose answer depends on it: also tells shared caches so
 * (`Vary: Accept-Language`), so one reader's language is never served to another.
 */
export function readerLanguage(
  request: { headers: { 'accept-language'?: string | string[] } },
  reply: { header(name: string, value: string): unknown },
): ServerLanguage | null {
  reply.header('vary', 'Accept-Language');
  return requestLanguage(request.headers['accept-language']);
}
