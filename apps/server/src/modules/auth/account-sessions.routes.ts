import { browserSessionOf } from './browser-session.js';
import {
  accountSessionsResponseSchema,
  endSessionsResponseSchema,
  sessionIdParamsSchema,
} from '@nuvem/contracts/account';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAccountSessionsRepository } from './account-sessions.repository.js';
import { createAccountSessionsService } from './account-sessions.service.js';
import { sessionOf } from './principal.js';
import { clearSessionCookie } from './session-cookie.js';

/**
 * The account page's sessions: GET /auth/sessions (the caller's live sessions), DELETE
 * /auth/sessions/{id} (one of them; another user's id answers 404) and POST
 * /auth/sessions/revoke-others (every one but the caller's).
 */
export const accountSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAccountSessionsService({
    repo: createAccountSessionsRepository(app.db),
    sessions: app.auth,
  });
  const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

  app.get(
    '/auth/sessions',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags: ['auth'], response: { 200: accountSessionsResponseSchema, ...errors } },
    },
    async (request) => {
      const { user, session } = sessionOf(request);
      return { sessions: await service.listSessions(user.id, session.id) };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['auth'],
        params: sessionIdParamsSchema,
        response: { 200: endSessionsResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session, via } = browserSessionOf(request);
      await service.endSessionOfUser(user.id, request.params.id);
      const signedOut = request.params.id === session.id;
      if (signedOut && via === 'cookie') clearSessionCookie(reply, app.config);
      request.log.info({ userId: user.id, sessionId: request.params.id }, 'session ended from the account page');
      return { success: true as const, ended: 1, signed_out: signedOut };
    },
  );

  app.post(
    '/auth/sessions/revoke-others',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags: ['auth'], response: { 200: endSessionsResponseSchema, ...errors } },
    },
    async (request) => {
      const { user, session } = browserSessionOf(request);
      const ended = await app.auth.endOtherSessions(user.id, session.id);
      request.log.info({ userId: user.id, ended }, 'other sessions ended from the account page');
      return { success: true as const, ended, signed_out: false };
    },
  );
};
