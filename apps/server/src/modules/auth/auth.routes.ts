import {
  authConfigResponseSchema,
  authSuccessSchema,
  loginBodySchema,
  meResponseSchema,
  type SocialProvider,
} from '@nuvem/contracts/auth';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from './principal.js';
import { serverRegisterBodySchema } from './password-policy.js';
import { requestMeta } from './request-meta.js';
import { clearPendingLinkCookie, PENDING_LINK_COOKIE, setSessionCookie } from './session-cookie.js';
import { toAuthUser } from './user-view.js';

/** E-mail and password sign-in: /auth/register, /auth/login, /auth/config, /auth/me. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    409: errorResponseSchema,
    429: errorResponseSchema,
  };

  app.post(
    '/auth/register',
    // The contract's body, plus the server-side check against common and leaked passwords.
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: serverRegisterBodySchema, response: { 201: authSuccessSchema, ...errors } },
    },
    async (request, reply) => {
      const { user, session } = await app.auth.register(request.body, requestMeta(request));
      request.log.info({ userId: user.id }, 'user registered');
      setSessionCookie(reply, app.config, session);
      return reply.code(201).send({ user: toAuthUser(user), access_token: session.accessToken });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: loginBodySchema, response: { 200: authSuccessSchema, ...errors } },
    },
    async (request, reply) => {
      const signedIn = await app.auth.login(request.body, requestMeta(request));
      const { user, session } = signedIn;
      request.log.info({ userId: user.id }, 'user signed in');
      // This browser came back from a social provider with a verified identity for this address:
      // the password now proves the account too, so the two are linked (and other sessions end).
      const pendingLink = request.cookies[PENDING_LINK_COOKIE];
      if (pendingLink) {
        clearPendingLinkCookie(reply, app.config);
        const linked = await app.auth.completePendingLink(pendingLink, signedIn);
        if (linked) request.log.info({ userId: user.id, provider: linked }, 'social identity linked');
      }
      setSessionCookie(reply, app.config, session);
      return { user: toAuthUser(user), access_token: session.accessToken };
    },
  );

  app.get(
    '/auth/config',
    { config: { auth: 'public' }, schema: { tags: ['auth'], response: { 200: authConfigResponseSchema } } },
    async () => {
      const providers: SocialProvider[] = [];
      if (app.config.google) providers.push('google');
      if (app.config.github) providers.push('github');
      return { providers, redirect_origins: app.config.allowedRedirectOrigins };
    },
  );

  app.get(
    '/auth/me',
    {
      config: { auth: 'session' },
      schema: { tags: ['auth'], response: { 200: meResponseSchema, 401: errorResponseSchema } },
    },
    async (request) => ({ user: toAuthUser(sessionOf(request).user) }),
  );
};
