import {
  redirectQuerySchema,
  SESSION_COOKIE,
  ssoCheckQuerySchema,
  ssoCheckResponseSchema,
  ssoLogoutBodySchema,
  ssoLogoutResponseSchema,
} from '@nuvem/contracts/auth';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { safeRedirect } from '../../lib/redirects.js';
import { deriveAccessToken } from './auth.service.js';
import { ownOrigins } from './request-meta.js';
import { clearSessionCookie } from './session-cookie.js';
import { toAuthUser } from './user-view.js';

/** The SSO surface the ecosystem's apps share: /sso/check, /sso/logout and /logout. */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;

  app.get(
    '/sso/check',
    { schema: { tags: ['sso'], querystring: ssoCheckQuerySchema, response: { 200: ssoCheckResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = request.cookies[SESSION_COOKIE];
      const found = await app.auth.sessionFromCookie(token);
      if (found && token) {
        return { authenticated: true as const, user: toAuthUser(found.user), access_token: deriveAccessToken(token) };
      }
      // Where the calling app wants its user back after signing in: its page, if it is allowed.
      const allowed = ownOrigins(request, config.publicUrl.origin, config.allowedRedirectOrigins);
      const back = safeRedirect(request.headers.referer, allowed, `${config.publicUrl.origin}/`);
      const login = new URL('/login', config.publicUrl);
      login.searchParams.set('application_id', request.query.application_id);
      login.searchParams.set('redirect', back);
      return { authenticated: false as const, sso_login_url: login.href };
    },
  );

  app.post(
    '/sso/logout',
    {
      schema: {
        tags: ['sso'],
        body: ssoLogoutBodySchema,
        response: { 200: ssoLogoutResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await app.auth.endSession(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, config);
      request.log.info({ applicationId: request.body.application_id }, 'signed out');
      return { success: true as const };
    },
  );

  app.get('/logout', { schema: { tags: ['sso'], querystring: redirectQuerySchema } }, async (request, reply) => {
    await app.auth.endSession(request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, config);
    const allowed = ownOrigins(request, config.publicUrl.origin, config.allowedRedirectOrigins);
    return reply.redirect(safeRedirect(request.query.redirect, allowed));
  });
};
