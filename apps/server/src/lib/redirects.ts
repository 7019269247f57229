/**
 * Where a `redirect` parameter may send the browser: a path on this site, or an absolute http(s)
 * address whose origin is allowed. Anything else (another origin, protocol-relative `//x`,
 * backslash tricks, `javascript:`, control characters) gives `fallback`.
 */
export function safeRedirect(
  raw: string | undefined | null,
  allowedOrigins: ReadonlySet<string>,
  fallback = '/',
): string {
  if (!raw) return fallback;
  // Browsers drop tabs and newlines and turn `\` into `/` in URLs: refuse them outright.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\\s]/.test(raw)) return fallback;
  if (raw.startsWith('/')) {
    return raw.startsWith('//') ? fallback : raw;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
  if (url.username || url.password) return fallback;
  return allowedOrigins.has(url.origin) ? url.href : fallback;
}

/** The origin of an absolute http(s) URL, or null. */
export function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
