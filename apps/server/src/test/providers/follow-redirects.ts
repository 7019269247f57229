import type { App } from '../../types.js';
import { testOrigin } from '../helper.js';

export interface OAuthOutcome {
  /** Where the server finally sent the browser. */
  location: string;
  /** The session cookie it set, if any. */
  sessionCookie: string | undefined;
  /** Every address visited, for assertions and failure messages. */
  trail: string[];
}

/**
 * Plays the browser in a social sign-in: follows redirects between the Nuvem app (through
 * app.inject, at testOrigin) and a provider (real HTTP, with a cookie jar) until the app sends the
 * browser somewhere that is neither the provider nor an OAuth callback.
 */
export async function followOAuth(app: App, start: string, providerOrigin: string): Promise<OAuthOutcome> {
  const jar = new Map<string, string>();
  const trail: string[] = [];
  let next = new URL(start, testOrigin).href;
  let sessionCookie: string | undefined;

  for (let hop = 0; hop < 20; hop++) {
    trail.push(next);
    const url = new URL(next);
    if (url.origin === testOrigin) {
      const res = await app.inject({ method: 'GET', url: url.pathname + url.search });
      sessionCookie = res.cookies.find((c) => c.name === 'nuvem_session')?.value ?? sessionCookie;
      const location = res.headers.location;
      if (res.statusCode < 300 || res.statusCode >= 400 || typeof location !== 'string') {
        throw new Error(`app answered ${res.statusCode} at ${next}: ${res.body}\ntrail: ${trail.join('\n  ')}`);
      }
      const target = new URL(location, testOrigin);
      if (target.origin !== providerOrigin && !target.pathname.startsWith('/oauth/')) {
        return { location, sessionCookie, trail };
      }
      next = target.href;
      continue;
    }
    if (url.origin !== providerOrigin) throw new Error(`left the flow for ${next}`);
    const res = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`provider answered ${res.status} at ${next}: ${await res.text()}\ntrail: ${trail.join('\n  ')}`);
    }
    next = new URL(location, next).href;
  }
  throw new Error(`too many redirects:\n  ${trail.join('\n  ')}`);
}
