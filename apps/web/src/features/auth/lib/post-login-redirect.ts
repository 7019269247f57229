import { isSessionRoute } from '@nuvem/contracts/auth';

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
