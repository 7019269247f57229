/** The languages the server writes to people in (the web app's two catalogues). */
export const serverLanguages = ['en', 'pt-PT'] as const;
export type ServerLanguage = (typeof serverLanguages)[number];

/** At most this many tags of an Accept-Language are read (a browser sends a handful). */
const MAX_TAGS = 20;
const quality = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/**
 * The language a request asks for, by its Accept-Language and the weights (`q`) in it: the
 * most preferred tag the server writes in, any Portuguese ('pt', 'pt-PT', 'pt-BR') reading as
 * European Portuguese; a tag with `q=0` is refused ("not this one"); a header naming only other
 * languages reads as English. Null when the request names none (or only `*`): then the server
 * answers in the spec's own texts, as it always has (API clients and tests rely on them).
 */
export function requestLanguage(acceptLanguage: string | string[] | undefined): ServerLanguage | null {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  const tags: { tag: string; q: number; order: number }[] = [];
  for (const [order, part] of (header ?? '').split(',').slice(0, MAX_TAGS).entries()) {
    const [rawTag, ...params] = part.split(';');
    const tag = rawTag?.trim().toLowerCase() ?? '';
    if (!tag) continue;
    let q = 1;
    for (const param of params) {
      const weight = quality.exec(param.trim());
      if (weight?.[1] !== undefined) q = Number(weight[1]);
      else if (/^q=/i.test(param.trim())) q = -1; // a malformed weight: the tag is ignored
    }
    if (q >= 0) tags.push({ tag, q, order });
  }
  if (tags.length === 0) return null;
  tags.sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag, q } of tags) {
    if (q === 0) break;
    if (tag === 'pt' || tag.startsWith('pt-')) return 'pt-PT';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  // Only other languages (or only `*`, or only refusals): English for a named language.
  return tags.some(({ tag, q }) => q > 0 && tag !== '*') ? 'en' : null;
}

/** The tags an Accept-Language names (not refused), most wanted first: a browser's `navigator.languages`. */
export function acceptedLanguageTags(acceptLanguage: string | string[] | undefined, max = 5): string[] {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  const tags: { tag: string; q: number; order: number }[] = [];
  for (const [order, part] of (header ?? '').split(',').slice(0, MAX_TAGS).entries()) {
    const [rawTag, ...params] = part.split(';');
    const tag = rawTag?.trim() ?? '';
    if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(tag)) continue;
    let q = 1;
    for (const param of params) {
      const weight = quality.exec(param.trim());
      q = weight?.[1] !== undefined ? Number(weight[1]) : 0;
    }
    if (q > 0) tags.push({ tag, q, order });
  }
  tags.sort((a, b) => b.q - a.q || a.order - b.order);
  return tags.slice(0, max).map(({ tag }) => tag);
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
