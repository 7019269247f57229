import fp from 'fastify-plugin';
import type { App } from '../../types.js';

const allowMethods = 'GET, POST, PUT, DELETE';
const allowHeaders = 'Authorization, Content-Type';
const exposeHeaders = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, X-Request-Id';

/**
 * CORS for the platform API scope it is registered in: an Origin among the applications' allowed
 * origins is echoed (never with credentials: browsers call with an API key, not the session
 * cookie), and preflights are answered. Other origins get no CORS headers, so browsers refuse.
 */
export const platformCors = fp(async (app: App) => {
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    reply.header('vary', 'Origin');
    if (!(await app.apiKeys.allowedOrigins()).has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', exposeHeaders);
  });

  app.options('/*', { schema: { hide: true } }, async (request, reply) => {
    if (reply.hasHeader('access-control-allow-origin')) {
      reply.header('access-control-allow-methods', allowMethods);
      reply.header('access-control-allow-headers', allowHeaders);
      reply.header('access-control-max-age', '600');
    }
    return reply.code(204).send();
  });
});
