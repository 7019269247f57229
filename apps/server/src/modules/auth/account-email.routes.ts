import { browserSessionOf } from './browser-session.js';
import {
  accountEmailMessages,
  accountEmailSuccessSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  resendVerificationResponseSchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '@nuvem/contracts/account-email';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitAddress } from '../../lib/client-address.js';
import { enforceLimit } from './account-links.js';
import { serverNewPasswordSchema } from './password-policy.js';
import { PASSWORD_FORGOT_JOB } from './password-recovery.service.js';
import { principalOf } from './principal.js';
import { requestMeta } from './request-meta.js';
import { setSessionCookie } from './session-cookie.js';

const MINUTE = 60_000;

/** The bodies as the server validates them: a new password is also checked against common ones. */
const serverResetBodySchema = resetPasswordBodySchema.extend({ password: serverNewPasswordSchema });
const serverChangePasswordBodySchema = changePasswordBodySchema.extend({ new_password: serverNewPasswordSchema });

/**
 * Verified addresses and recovery: following a mailed link (`/auth/email/verify`), a new
 * verification link, a forgotten password (`/auth/password/forgot` then `/reset`), and the signed-in
 * user's password and address changes.
 */
export const accountEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    409: errorResponseSchema,
    429: errorResponseSchema,
  };
  /** Links followed or passwords reset per client address per minute (the tokens cannot be guessed; this bounds the work). */
  const limitLinks = (ip: string) =>
    enforceLimit(app.limiter, `account-link:ip:${limitAddress(ip)}`, app.config.authRateLimitPerMinute, MINUTE);

  app.queue.define<{ email: string }>(PASSWORD_FORGOT_JOB, {
    handler: async ({ email }) => {
      await app.auth.mailPasswordReset(email);
      return {};
    },
    retryLimit: 3,
    expireInSeconds: 60,
  });

  app.post(
    '/auth/email/verify',
    {
      // A verification or address-change link counts only for the account it was sent for, signed in.
      config: { auth: 'optional', permission: 'account' },
      schema: { tags: ['auth'], body: verifyEmailBodySchema, response: { 200: verifyEmailResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await limitLinks(request.ip);
      const followed = await app.auth.followEmailLink(
        request.body.token,
        requestMeta(request),
        request.principal?.userId ?? null,
      );
      request.log.info({ userId: followed.userId, result: followed.result }, 'mailed account link followed');
      reply.header('cache-control', 'no-store');
      if (followed.session) {
        setSessionCookie(reply, app.config, followed.session);
        return {
          result: followed.result,
          email: followed.email,
          signed_in: true,
          access_token: followed.session.accessToken,
        };
      }
      return { result: followed.result, email: followed.email, signed_in: false };
    },
  );

  app.post(
    '/auth/email/verify/resend',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags: ['auth'], response: { 200: resendVerificationResponseSchema, ...errors } },
    },
    async (request) => ({ status: await app.auth.resendVerification(principalOf(request).userId) }),
  );

  app.post(
    '/auth/password/forgot',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        body: forgotPasswordBodySchema,
        response: { 202: forgotPasswordResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await app.auth.forgotPassword(request.body.email, request.ip);
      return reply.code(202).send({ accepted: true, message: accountEmailMessages.accepted });
    },
  );

  app.post(
    '/auth/password/reset',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: serverResetBodySchema, response: { 200: accountEmailSuccessSchema, ...errors } },
    },
    async (request) => {
      await limitLinks(request.ip);
      await app.auth.resetPassword(request.body.token, request.body.password);
      request.log.info('password reset by a mailed link');
      return { success: true as const };
    },
  );

  app.post(
    '/auth/password/change',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['auth'],
        body: serverChangePasswordBodySchema,
        response: { 200: accountEmailSuccessSchema, ...errors },
      },
    },
    async (request) => {
      const { user, session } = browserSessionOf(request);
      const { current_password: password, new_password: newPassword, code } = request.body;
      await app.auth.reauthenticate(user.id, { password, code }, session.createdAt);
      await app.auth.changePassword(user.id, session.id, newPassword);
      request.log.info({ userId: user.id }, 'password changed');
      return { success: true as const };
    },
  );

  app.post(
    '/auth/email/change',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags: ['auth'], body: changeEmailBodySchema, response: { 202: accountEmailSuccessSchema, ...errors } },
    },
    async (request, reply) => {
      const { user, session } = browserSessionOf(request);
      const userId = user.id;
      const { new_email: newEmail, password, code } = request.body;
      await app.auth.reauthenticate(userId, { password, code }, session.createdAt);
      await app.auth.requestEmailChange(userId, newEmail);
      request.log.info({ userId }, 'e-mail change requested');
      return reply.code(202).send({ success: true as const });
    },
  );
};
