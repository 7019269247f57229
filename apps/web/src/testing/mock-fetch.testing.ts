import { vi } from 'vitest';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export type FetchHandler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** A handler that answers JSON (a fresh Response each call: a body can be read once). */
export function reply(body: unknown, status = 200): FetchHandler {
  return () => jsonResponse(body, status);
}

function requestUrl(input: RequestInfo | URL): string {
  if (input instanceof Request) return input.url;
  return input instanceof URL ? input.href : input;
}

/** The calls a `mockFetch` spy received for one method and path, with their JSON bodies. */
export function fetchCalls(spy: ReturnType<typeof mockFetch>, route: string) {
  return spy.mock.calls
    .map(([input, init]) => {
      const url = new URL(requestUrl(input), window.location.origin);
      const method = (init?.method ?? 'GET').toUpperCase();
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      return { route: `${method} ${url.pathname}`, url: requestUrl(input), init, body };
    })
    .filter((call) => call.route === route);
}

/** Answers each call with the next handler of the list, and with the last one from then on. */
export function sequence(...handlers: [FetchHandler, ...FetchHandler[]]): FetchHandler {
  let call = 0;
  return (url, init) => {
    const handler = handlers[Math.min(call++, handlers.length - 1)] ?? handlers[0];
    return handler(url, init);
  };
}

/**
 * Answers `fetch` by method and path ('GET /sso/check'); anything else gets a 404 in the server's
 * error shape. Returns the spy, so a test can read the calls made.
 */
export function mockFetch(routes: Record<string, FetchHandler>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(requestUrl(input), window.location.origin);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(url, init) : jsonResponse({ success: false, error: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

/** The auth service as a signed-out visitor with no social providers configured sees it. */
export const signedOutAuthRoutes: Record<string, FetchHandler> = {
  'GET /sso/check': reply({ authenticated: false, sso_login_url: '/login' }),
  'GET /auth/config': reply({ providers: [], redirect_origins: [] }),
};

/**
 * Replaces `window.location` with a copy whose `assign` is a spy (jsdom cannot navigate). Undo it
 * with `vi.unstubAllGlobals()`.
 */
export function stubLocationAssign() {
  const real = window.location;
  const assign = vi.fn<(url: string | URL) => void>();
  vi.stubGlobal('location', {
    href: real.href,
    origin: real.origin,
    protocol: real.protocol,
    host: real.host,
    hostname: real.hostname,
    port: real.port,
    pathname: real.pathname,
    search: real.search,
    hash: real.hash,
    assign,
    replace: vi.fn(),
    reload: vi.fn(),
  });
  return assign;
}
