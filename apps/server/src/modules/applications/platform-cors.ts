import fp from 'fastify-plugin';
import type { App } from '../../types.js';

const allowMethods = 'GET, POST, PUT, DELETE';
const allowHeaders = 'Authorization, Content-Type';
const exposeHeaders = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id';

/**
 * CORS for the platform API scope it is registered in, never with credentials (browsers call with
 * an API key, not the session cookie):
 * - a preflight carries no key, so it is answered for any origin that some application allows; it
 *   only lets the browser send the request, not read the answer;
 * - an answer is shared with the Origin only when that origin is allowed by the application whose
 *   key made the request. Sessions and unknown keys get no CORS headers, so browsers refuse.
 */
export const platformCors = fp(async (app: App) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.origin) reply.header('vary', 'Origin');
  });

  // onSend runs for errors too: a browser on the key's own origin can read a 401, 403 or 429.
  app.addHook('onSend', async (request, reply, payload) => {
    const origin = request.headers.origin;
    if (!origin || request.method === 'OPTIONS') return payload;
    if ((await app.apiKeys.allowedOriginsFor(request)).has(origin)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', exposeHeaders);
    }
    return payload;
  });

  app.options('/*', { schema: { hide: true } }, async (request, reply) => {
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
