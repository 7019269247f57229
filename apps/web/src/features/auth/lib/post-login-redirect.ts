/** What the sign-in page does after a successful login (spec: "Post-login redirect behaviour"). */
export type PostLoginRedirect =
  /** Leave the app for this address (a full page load). */
  | { kind: 'navigate'; url: string }
  /** `redirect` was present but empty: drop it from the address in place and stay. */
  | { kind: 'clean' }
  /** No `redirect`, or one that is not allowed: go to the home page. */
  | { kind: 'home' };

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The absolute address `value` points to, when it is on `ownOrigin` or one of `allowedOrigins`;
 * otherwise null. The value is resolved the way a browser would resolve it (so `//evil.example`
 * and `/\evil.example` are other hosts), and only http(s) survives (no `javascript:` or `data:`).
 */
export function resolveSafeRedirect(
  value: string,
  ownOrigin: string,
  allowedOrigins: readonly string[] = [],
): string | null {
  let target: URL;
  try {
    target = new URL(value, ownOrigin);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  const allowed = new Set([ownOrigin, ...allowedOrigins].map(originOf).filter((origin) => origin !== null));
  return allowed.has(target.origin) ? target.href : null;
}

/** The decision for a page at `currentUrl`, from its `redirect` query parameter. */
export function decidePostLoginRedirect(
  currentUrl: string | URL,
  allowedOrigins: readonly string[] = [],
): PostLoginRedirect {
  const page = new URL(currentUrl);
  const redirect = page.searchParams.get('redirect');
  if (redirect === null) return { kind: 'home' };
  if (redirect.trim() === '') return { kind: 'clean' };
  const url = resolveSafeRedirect(redirect, page.origin, allowedOrigins);
  if (!url) return { kind: 'home' };
  // Followed at once from the portal's own page when already signed in: a same-origin request to
  // /logout would sign out past its cross-site question (`/login?redirect=%2Flogout` in a link).
  const target = new URL(url);
  if (target.origin === page.origin && isSessionRoute(target.pathname)) return { kind: 'home' };
  return { kind: 'navigate', url };
}

/** `/logout`, `/sso`, `/oauth` and anything under them, in any case, with or without a trailing slash. */
const SESSION_ROUTE = /^\/(?:logout|sso|oauth)(?:\/|$)/;

/**
 * Whether a pathname (as `new URL` serialises it: dot segments resolved, still percent-encoded)
 * reaches the portal's sign-out, SSO or OAuth routes. Each round decodes once more and resolves the
 * dot segments that decoding reveals (`/%6Cogout`, `/x/..%2Flogout`, `/%256Cogout`), and reads the
 * path as a router might: case-insensitive, `//` as `/`, nothing after `;`. A path still changing
 * after a few rounds counts as one of them rather than being decoded for ever.
 */
export function isSessionRoute(pathname: string): boolean {
  let path = pathname;
  for (let round = 0; round < 4; round += 1) {
    const asRouted = path
      .toLowerCase()
      .replace(/;.*$/s, '')
      .replace(/\/{2,}/g, '/');
    if (SESSION_ROUTE.test(asRouted)) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return false; // malformed percent-encoding: no router reads it as one of those routes
    }
    const next = new URL(`http://portal.invalid/${decoded.replace(/^\/+/, '')}`).pathname;
    if (next === path) return false; // nothing left to decode (the URL re-encodes what it must)
    path = next;
  }
  return true;
}
