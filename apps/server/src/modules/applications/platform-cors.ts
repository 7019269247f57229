import fp from 'fastify-plugin';
import type { App } from '../../types.js';

/** Where the platform API lives. */
export const PLATFORM_PREFIX = '/api/v1/';
const allowMethods = 'GET, POST, PUT, DELETE';
const allowHeaders = 'Authorization, Content-Type';
const exposeHeaders = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id';

/**
 * CORS for the platform API (/api/v1), never with credentials (browsers call with
 * an API key, not the session cookie):
 * - a preflight carries no key, so it is answered for any origin that some application allows; it
 *   only lets the browser send the request, not read the answer;
 * - an answer is shared with the Origin only when that origin is allowed by the application whose
 *   key made the request. Sessions and unknown keys get no CORS headers, so browsers refuse.
 */
export const platformCors = fp(async (app: App) => {
  const platformPath = (url: string) => url.startsWith(PLATFORM_PREFIX);
  // onSend runs for errors too (a 401 from the authentication hook included): a browser on the
  // key's own origin can read a 401, 403 or 429. Callback-style, and other paths pay one check.
  app.addHook('onSend', (request, reply, payload, done) => {
    const origin = request.headers.origin;
    // By the route that matched (the router decodes `/%61pi/…`), else the raw path of a miss.
    if (!origin || !platformPath(request.routeOptions.url ?? request.url)) {
      done(null, payload);
      return;
    }
    reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS') {
      done(null, payload);
      return;
    }
    app.apiKeys.allowedOriginsFor(request).then(
      (allowed) => {
        if (allowed.has(origin)) {
          reply.header('access-control-allow-origin', origin);
          reply.header('access-control-expose-headers', exposeHeaders);
        }
        done(null, payload);
      },
      (error: unknown) => done(error as Error),
    );
  });

  app.options(`${PLATFORM_PREFIX}*`, { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && (await app.apiKeys.allowedOrigins()).has(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', exposeHeaders);
      reply.header('access-control-allow-methods', allowMethods);
      reply.header('access-control-allow-headers', allowHeaders);
      reply.header('access-control-max-age', '600');
    }
    return reply.code(204).send();
  });
});
