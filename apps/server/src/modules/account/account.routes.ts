import {
  accountExportFileName,
  accountExportSchema,
  deleteAccountBodySchema,
  deleteAccountResponseSchema,
} from '@nuvem/contracts/account';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { sessionOf } from '../auth/principal.js';
import { clearSessionCookie } from '../auth/session-cookie.js';
import type { AccountService } from './account.service.js';

/** Exports one user may download per hour (each reads everything the portal holds about them). */
export const EXPORTS_PER_HOUR = 10;

/**
 * Only the browser's own session (its cookie) exports or deletes the account: not a bearer token,
 * which the SSO check hands to the ecosystem's apps.
 */
function cookieUserOf(request: FastifyRequest): string {
  const auth = sessionOf(request);
  if (auth.via !== 'cookie') {
    throw new AppError(403, 'Sign in to the portal in the browser to do this', 'COOKIE_SESSION_REQUIRED');
  }
  return auth.user.id;
}

/** GET /account/export (a JSON download) and POST /account/delete. */
export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountService; limiter: RateLimiter }> = async (
  app,
  { service, limiter },
) => {
  const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema };

  app.get(
    '/account/export',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['account'],
        summary: 'Everything the portal holds about the signed-in user, as a JSON download',
        response: { 200: accountExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = cookieUserOf(request);
      const hit = await limiter.hit(`account-export:${userId}`, EXPORTS_PER_HOUR, 3600_000);
      if (!hit.allowed) throw AppError.tooManyRequests(hit.resetInMs);
      const document = await service.exportAccount(userId);
      request.log.info({ userId }, 'account exported');
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${accountExportFileName(new Date())}"`)
        .send(document);
    },
  );

  app.post(
    '/account/delete',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['account'],
        summary: 'Deletes the signed-in account (password, second factor and the typed e-mail address)',
        body: deleteAccountBodySchema,
        response: {
          200: deleteAccountResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          502: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const userId = cookieUserOf(request);
      await service.deleteAccount(userId, request.body, sessionOf(request).session.createdAt);
      clearSessionCookie(reply, app.config);
      return { success: true as const };
    },
  );
};
