import type { App } from '../../types.js';
import { testOrigin } from '../helper.testing.js';

export interface OAuthOutcome {
  /** Where the server finally sent the browser. */
  location: string;
  /** The session cookie it set, if any. */
  sessionCookie: string | undefined;
  /** Every address visited, for assertions and failure messages. */
  trail: string[];
  /** The browser's cookies for the Nuvem app when the flow ended. */
  appCookies: Map<string, string>;
}

export interface FollowOptions {
  /** The browser's cookies for the Nuvem app (kept up to date as the app sets and clears them). */
  appCookies?: Map<string, string>;
  /**
   * Stop before following the app's OAuth callback and return its address instead: another
   * "browser" (another cookie jar) may then open it.
   */
  stopAtCallback?: boolean;
}

/** Applies Set-Cookie lines to a jar: a value is kept, an empty or expired one removed. */
function store(jar: Map<string, string>, lines: string[]) {
  for (const line of lines) {
    const [pair = '', ...attributes] = line.split(';');
    const index = pair.indexOf('=');
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    const expired = value === '' || attributes.some((a) => /^(expires=thu, 01 jan 1970|max-age=0$)/i.test(a.trim()));
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

/**
 * Plays the browser in a social sign-in: follows redirects between the Nuvem app (through
 * app.inject, at testOrigin, with the app's cookies) and a provider (real HTTP, with its own cookie
 * jar) until the app sends the browser somewhere that is neither the provider nor an OAuth callback.
 */
export async function followOAuth(
  app: App,
  start: string,
  providerOrigin: string,
  options: FollowOptions = {},
): Promise<OAuthOutcome> {
  const jar = new Map<string, string>();
  const appCookies = options.appCookies ?? new Map<string, string>();
  const trail: string[] = [];
  let next = new URL(start, testOrigin).href;
  let sessionCookie: string | undefined;

  for (let hop = 0; hop < 20; hop++) {
    trail.push(next);
    const url = new URL(next);
    if (url.origin === testOrigin) {
      if (options.stopAtCallback && url.pathname.endsWith('/callback')) {
        return { location: url.pathname + url.search, sessionCookie, trail, appCookies };
      }
      const res = await app.inject({
        method: 'GET',
        url: url.pathname + url.search,
        headers: appCookies.size > 0 ? { cookie: cookieHeader(appCookies) } : {},
      });
      const setCookie = res.headers['set-cookie'];
      store(appCookies, setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]);
      sessionCookie = res.cookies.find((c) => c.name === 'nuvem_session')?.value ?? sessionCookie;
      const location = res.headers.location;
      if (res.statusCode < 300 || res.statusCode >= 400 || typeof location !== 'string') {
        throw new Error(`app answered ${res.statusCode} at ${next}: ${res.body}\ntrail: ${trail.join('\n  ')}`);
      }
      const target = new URL(location, testOrigin);
      if (target.origin !== providerOrigin && !target.pathname.startsWith('/oauth/')) {
        return { location, sessionCookie, trail, appCookies };
      }
      next = target.href;
      continue;
    }
    if (url.origin !== providerOrigin) throw new Error(`left the flow for ${next}`);
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: cookieHeader(jar) } });
    store(jar, res.headers.getSetCookie());
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`provider answered ${res.status} at ${next}: ${await res.text()}\ntrail: ${trail.join('\n  ')}`);
    }
    next = new URL(location, next).href;
  }
  throw new Error(`too many redirects:\n  ${trail.join('\n  ')}`);
}
