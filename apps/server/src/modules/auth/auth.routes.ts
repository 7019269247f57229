import {
  authConfigResponseSchema,
  authSuccessSchema,
  loginBodySchema,
  loginResponseSchema,
  meResponseSchema,
  type SocialProvider,
} from '@nuvem/contracts/auth';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from './account-links.js';
import { sessionOf } from './principal.js';
import { serverRegisterBodySchema } from './password-policy.js';
import { requestMeta } from './request-meta.js';
import { clearPendingLinkCookie, PENDING_LINK_COOKIE, setSessionCookie } from './session-cookie.js';
import { mfaStateOf, toAuthUser } from './user-view.js';

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
      const locale = requestLocale(request.headers['accept-language']);
      const { user, session } = await app.auth.register(request.body, requestMeta(request), locale);
      request.log.info({ userId: user.id }, 'user registered');
      await app.auth.sendVerification(user);
      setSessionCookie(reply, app.config, session);
      return reply.code(201).send({ user: toAuthUser(user), access_token: session.accessToken });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: loginBodySchema, response: { 200: loginResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const result = await app.auth.login(request.body, requestMeta(request));
      // A second factor is due: no session and no cookie, only the ticket for POST /auth/mfa/verify
      // (a pending social link waits in its cookie for that step).
      if ('mfa' in result) {
        request.log.info({ userId: result.user.id }, 'password accepted, second factor due');
        return { mfa_required: true as const, mfa_ticket: result.mfa.ticket, methods: result.mfa.methods };
      }
      const signedIn = result;
      const { user, session } = signedIn;
      request.log.info({ userId: user.id }, 'user signed in');
      await app.auth.noticeNewDevice(user.id, session.token);
      // Mail follows the language the portal was last signed in to in.
      if (request.headers['accept-language']) {
        const locale = requestLocale(request.headers['accept-language']);
        if (locale !== user.locale) await app.auth.setLocale(user.id, locale);
      }
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
      config: { auth: 'session', permission: 'account' },
      schema: { tags: ['auth'], response: { 200: meResponseSchema, 401: errorResponseSchema } },
    },
    async (request) => {
      const { user, session } = sessionOf(request);
      return { user: toAuthUser(user), mfa: mfaStateOf(user, session) };
    },
  );
};
