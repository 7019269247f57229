import { authSuccessSchema } from '@nuvem/contracts/auth';
import { errorResponseSchema } from '@nuvem/contracts/common';
import {
  MFA_TICKET_COOKIE,
  mfaPasskeyOptionsBodySchema,
  mfaStatusSchema,
  mfaVerifyBodySchema,
  passkeyCreationOptionsResponseSchema,
  identityProofSchema,
  passkeyParamsSchema,
  passkeyRegisterBodySchema,
  passkeyRegisterResponseSchema,
  passkeyRenameBodySchema,
  passkeyRequestOptionsResponseSchema,
  passkeyResponseSchema,
  passkeySignInBodySchema,
  recoveryCodesBodySchema,
  recoveryCodesResponseSchema,
  totpConfirmBodySchema,
  totpConfirmResponseSchema,
  totpDisableBodySchema,
  totpSetupResponseSchema,
} from '@nuvem/contracts/mfa';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearMfaTicketCookie } from './mfa-cookie.js';
import { browserSessionOf } from './browser-session.js';
import { sessionOf } from './principal.js';
import { requestMeta } from './request-meta.js';
import { clearPendingLinkCookie, PENDING_LINK_COOKIE, setSessionCookie } from './session-cookie.js';
import type { SignedIn } from './sign-in.service.js';
import { toAuthUser } from './user-view.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * The second factor: the second step of a sign-in (`/auth/mfa/verify`, with its passkey options),
 * passwordless passkey sign-in (`/auth/passkey/*`), and the account's own factors (`/auth/mfa`,
 * `/auth/mfa/totp/*`, `/auth/mfa/recovery-codes`, `/auth/passkeys`).
 */
export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;

  /** The signed-in reply with its cookie, after a sign-in that passed a second factor. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply, result: SignedIn, how: string) {
    const { user, session } = result;
    request.log.info({ userId: user.id, how }, 'user signed in with a second factor');
    // A pending social link waits for the account's sign-in, which this completes.
    const pendingLink = request.cookies[PENDING_LINK_COOKIE];
    if (pendingLink) {
      clearPendingLinkCookie(reply, config);
      const linked = await app.auth.completePendingLink(pendingLink, result);
      if (linked) request.log.info({ userId: user.id, provider: linked }, 'social identity linked');
    }
    await app.auth.noticeNewDevice(user.id, session.token);
    setSessionCookie(reply, config, session);
    return { user: toAuthUser(user), access_token: session.accessToken };
  }

  app.post(
    '/auth/mfa/verify',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        description:
          'The second step of a sign-in: the ticket (from the login reply, or the social sign-in cookie) and a TOTP code, a recovery code or a passkey signature.',
        body: mfaVerifyBodySchema,
        response: { 200: authSuccessSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { ticket, code, passkey } = request.body;
      const result = await app.auth.completeMfaSignIn(
        { ticket: ticket ?? request.cookies[MFA_TICKET_COOKIE], code, passkey },
        requestMeta(request),
      );
      clearMfaTicketCookie(reply, config);
      return signedIn(request, reply, result, passkey ? 'passkey' : 'code');
    },
  );

  app.post(
    '/auth/mfa/passkey/options',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        body: mfaPasskeyOptionsBodySchema.nullish(),
        response: { 200: passkeyRequestOptionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const ticket = request.body?.ticket ?? request.cookies[MFA_TICKET_COOKIE];
      return { options: await app.auth.mfaPasskeyOptions(ticket, requestMeta(request)) };
    },
  );

  app.post(
    '/auth/passkey/options',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        description: 'Passwordless sign-in, first step: a challenge for any passkey of this site.',
        body: z.object({}).nullish(),
        response: { 200: passkeyRequestOptionsResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => ({ options: await app.auth.passkeySignInOptions(requestMeta(request)) }),
  );

  app.post(
    '/auth/passkey/verify',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        description:
          'Passwordless sign-in, second step: the passkey signature. The session counts as having passed MFA.',
        body: passkeySignInBodySchema,
        response: { 200: authSuccessSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await app.auth.signInWithPasskey(
        request.body.credential,
        request.body.rememberMe,
        requestMeta(request),
      );
      return signedIn(request, reply, result, 'passkey');
    },
  );

  app.get(
    '/auth/mfa',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags: ['auth'], response: { 200: mfaStatusSchema, 401: errorResponseSchema } },
    },
    async (request) => app.auth.mfaStatus(sessionOf(request).user.id),
  );

  app.post(
    '/auth/mfa/totp/setup',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['auth'],
        description:
          'Starts setting up an authenticator app (the password, or a code for an account without one): the secret, shown once. A first code confirms it.',
        body: identityProofSchema,
        response: { 200: totpSetupResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session } = browserSessionOf(request);
      await app.auth.confirmIdentity(user.id, request.body, session.createdAt);
      reply.header('cache-control', 'no-store');
      return app.auth.startTotp(user.id, user.email);
    },
  );

  app.post(
    '/auth/mfa/totp/confirm',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['auth'],
        body: totpConfirmBodySchema,
        response: { 200: totpConfirmResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session } = browserSessionOf(request);
      const codes = await app.auth.confirmTotp(user.id, session.id, request.body.code);
      request.log.info({ userId: user.id }, 'authenticator app turned on');
      reply.header('cache-control', 'no-store');
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/auth/mfa/totp/disable',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags: ['auth'], body: totpDisableBodySchema, response: { 200: mfaStatusSchema, ...errors } },
    },
    async (request) => {
      const { user } = browserSessionOf(request);
      await app.auth.disableTotp(user.id, request.body);
      request.log.info({ userId: user.id }, 'authenticator app turned off');
      return app.auth.mfaStatus(user.id);
    },
  );

  app.post(
    '/auth/mfa/recovery-codes',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['auth'],
        description: 'New recovery codes for a current code; the old ones stop working.',
        body: recoveryCodesBodySchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = browserSessionOf(request);
      const codes = await app.auth.regenerateRecoveryCodes(user.id, request.body.code);
      reply.header('cache-control', 'no-store');
      return { recovery_codes: codes };
    },
  );

  app.post(
    '/auth/passkeys/options',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['auth'],
        description: 'Options to create a passkey (the password, or a code for an account without one).',
        body: identityProofSchema,
        response: { 200: passkeyCreationOptionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, session } = browserSessionOf(request);
      await app.auth.confirmIdentity(user.id, request.body, session.createdAt);
      return { options: await app.auth.passkeyRegistrationOptions(user) };
    },
  );

  app.post(
    '/auth/passkeys',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['auth'],
        body: passkeyRegisterBodySchema,
        response: { 201: passkeyRegisterResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, session } = browserSessionOf(request);
      const added = await app.auth.registerPasskey(user.id, session.id, request.body.name, request.body.credential);
      request.log.info({ userId: user.id }, 'passkey added');
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ passkey: added.passkey, recovery_codes: added.recoveryCodes });
    },
  );

  app.patch(
    '/auth/passkeys/:id',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['auth'],
        params: passkeyParamsSchema,
        body: passkeyRenameBodySchema,
        response: { 200: passkeyResponseSchema, ...errors },
      },
    },
    async (request) => ({
      passkey: await app.auth.renamePasskey(browserSessionOf(request).user.id, request.params.id, request.body.name),
    }),
  );

  app.delete(
    '/auth/passkeys/:id',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['auth'],
        description: 'Removes a passkey: the password (accounts that have one), or else a current code.',
        params: passkeyParamsSchema,
        body: identityProofSchema.nullish(),
        response: { 200: mfaStatusSchema, ...errors },
      },
    },
    async (request) => {
      const { user, session } = browserSessionOf(request);
      await app.auth.findOwnPasskey(user.id, request.params.id);
      await app.auth.confirmIdentity(user.id, request.body ?? {}, session.createdAt);
      await app.auth.deletePasskey(user.id, request.params.id);
      request.log.info({ userId: user.id }, 'passkey removed');
      return app.auth.mfaStatus(user.id);
    },
  );
};
