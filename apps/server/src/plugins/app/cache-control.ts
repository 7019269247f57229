import { SESSION_COOKIE } from '@nuvem/contracts/auth';
import fp from 'fastify-plugin';
import type { App } from '../../types.js';

/** The surfaces whose replies depend on the caller or carry tokens: the APIs and sign-in. */
const privateSurface = /^\/(api|auth|sso|oauth|logout|applications)(\/|$)/;

/**
 * `Cache-Control: no-store` on every reply of the APIs and sign-in (signed-in JSON, the login and
 * register replies with their access token, errors) and on any reply to a request that carries a
 * session cookie or an Authorization header, so no browser or shared cache keeps them. A route
 * that chose its own caching keeps it: it answers identity-free data (the ecosystem list, the
 * web app's files, index.html) or says `private` itself (avatars).
 */
export const cacheControlPlugin = fp(
  async (app: App) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) {
        // The route that matched (decoded, so `/%61pi/…` counts as `/api/…`), else the raw path.
        const path = request.routeOptions.url ?? request.url.split('?', 1)[0] ?? '/';
        const identified =
          request.headers.authorization !== undefined ||
          (request.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false);
        if (identified || privateSurface.test(path)) reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'cache-control' },
);
