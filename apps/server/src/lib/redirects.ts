import { isSessionRoute } from '@nuvem/contracts/auth';

/**
 * Where a `redirect` parameter may send the browser: a path on this site, or an absolute http(s)
 * address whose origin is allowed. Anything else (another origin, protocol-relative `//x`,
 * backslash tricks, `javascript:`, control characters) gives `fallback`. The result is ASCII,
 * ready for a Location header: non-ASCII characters of a path are percent-encoded (UTF-8), so
 * `/\u3002evil.com` stays the path `/%E3%80%82evil.com` on this site.
 *
 * Never the portal's own sign-out, SSO or OAuth routes (`/logout`, `/sso/*`, `/oauth/*`, however
 * spelt): `/logout?redirect=/logout` or `/oauth/github?redirect=/logout` must not chain into a
 * same-origin sign-out. `allowedOrigins` mixes the portal's own origins with the ecosystem's, so
 * those paths are refused on every allowed origin.
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
    if (raw.startsWith('//')) return fallback;
    // Only a lone surrogate cannot be encoded (no UTF-8 for it): refuse rather than guess.
    if (/\p{Cs}/u.test(raw)) return fallback;
    const path = raw.replace(/[^\x21-\x7e]/gu, encodeURIComponent);
    return isSessionRoute(new URL(path, 'http://portal.invalid').pathname) ? fallback : path;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fallback;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
  if (url.username || url.password) return fallback;
  // The URL's serialisation is ASCII: a punycode host, a percent-encoded path, query and fragment.
  if (!allowedOrigins.has(url.origin) || isSessionRoute(url.pathname)) return fallback;
  return url.href;
}

/**
 * A Location value that Node can send: every character outside printable ASCII percent-encoded
 * as UTF-8 (a lone surrogate as U+FFFD). `%` and everything else printable is left as it is.
 */
export function asciiLocation(value: string): string {
  return value.replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(/\p{Cs}/u.test(char) ? '\ufffd' : char));
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
