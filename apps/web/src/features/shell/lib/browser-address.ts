export const SEARCH_URL = 'https://duckduckgo.com/?q=';

/**
 * What the browser app opens for what was typed in its address bar: an http(s) address as is, a
 * bare host name ("example.com/path") over https, anything else as a web search. Other schemes
 * (javascript:, data:, file:) are searched for, never opened.
 */
export function toBrowserUrl(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (/^https?:\/\//i.test(text)) {
    return URL.canParse(text) ? new URL(text).href : searchUrl(text);
  }
  const looksLikeHost = !/\s/.test(text) && /^[\w-]+(\.[\w-]+)+(:\d+)?([/?#].*)?$/.test(text);
  if (looksLikeHost && URL.canParse(`https://${text}`)) return new URL(`https://${text}`).href;
  return searchUrl(text);
}

function searchUrl(text: string): string {
  return `${SEARCH_URL}${encodeURIComponent(text)}`;
}

/**
 * A short label for a tab: the host name, or the search words; null for a new (empty) tab or a
 * search without words, which the caller names in the language in use.
 */
export function browserTabLabel(url: string | null): string | null {
  if (!url) return null;
  const parsed = new URL(url);
  if (url.startsWith(SEARCH_URL)) return parsed.searchParams.get('q') || null;
  return parsed.hostname.replace(/^www\./, '');
}
