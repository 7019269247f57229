import {
  apiKeyCreatedResponseSchema,
  apiKeyListQuerySchema,
  apiKeyListResponseSchema,
  apiKeyParamsSchema,
  apiKeyStatsQuerySchema,
  apiKeyStatsResponseSchema,
  applicationCreatedResponseSchema,
  applicationIdParamsSchema,
  applicationListResponseSchema,
  applicationMessages,
  applicationResponseSchema,
  createApiKeyBodySchema,
  createApplicationBodySchema,
  messageResponseSchema,
  revokeApiKeyBodySchema,
  secretRotatedResponseSchema,
  updateApplicationBodySchema,
  verifyClientBodySchema,
  verifyClientResponseSchema,
} from '@nuvem/contracts/applications';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { limitAddress } from '../../lib/client-address.js';
import { AppError } from '../../lib/errors.js';
import type { ApplicationsService } from './applications.service.js';
import { principalOf } from '../auth/principal.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Failed verifications a minute for one client id from one address; then that pair waits. */
const VERIFY_CLIENT_FAILURES_PER_MINUTE = 10;
/** Verifications a minute from one address, whatever the client id or outcome. */
const VERIFY_CLIENT_ATTEMPTS_PER_ADDRESS_PER_MINUTE = 60;
const MINUTE_MS = 60_000;

/**
 * The developer's applications and their API keys, on the sign-in service (`/applications…`).
 * Managed with a session only (cookie or `nat_` bearer token): an API key cannot manage keys.
 * Another user's application answers 404, as if it did not exist.
 */
export const applicationsRoutes: FastifyPluginAsyncZod<{ service: ApplicationsService }> = async (app, { service }) => {
  // Public, server to server: an ecosystem app proves it holds its client secret. Failures are
  // counted per client id and address together, so guessing from many addresses cannot lock the
  // real server (at an address that has not failed) out of its own client id.
  app.post(
    '/applications/verify-client',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['applications'],
        body: verifyClientBodySchema,
        response: {
          200: verifyClientResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { client_id: clientId, client_secret: secret } = request.body;
      const address = limitAddress(request.ip);
      const attempts = await app.limiter.hit(
        `verify-client:ip:${address}`,
        VERIFY_CLIENT_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
        MINUTE_MS,
      );
      if (!attempts.allowed) throw AppError.tooManyRequests(attempts.resetInMs);
      // Counted before the secret is checked, atomically (concurrent guesses cannot all pass one
      // count); the right secret clears it, so what it holds is the failures since the last success.
      const failuresKey = `verify-client:fail:${clientId}:${address}`;
      const failures = await app.limiter.hit(failuresKey, VERIFY_CLIENT_FAILURES_PER_MINUTE, MINUTE_MS);
      if (!failures.allowed) throw AppError.tooManyRequests(failures.resetInMs);
      const valid = await service.verifyClientSecret(clientId, secret);
      if (!valid) throw new AppError(401, applicationMessages.invalidClient, 'INVALID_CLIENT');
      await app.limiter.reset(failuresKey);
      return { success: true as const, valid: true as const };
    },
  );

  await app.register(async (scope) => {
    const owner = scope.withTypeProvider<ZodTypeProvider>();
    const userId = (request: FastifyRequest) => principalOf(request).userId;

    owner.get(
      '/applications',
      {
        config: { auth: 'session' },
        schema: { tags: ['applications'], response: { 200: applicationListResponseSchema, ...errors } },
      },
      async (request) => ({ success: true as const, applications: await service.list(userId(request)) }),
    );

    owner.post(
      '/applications',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['applications'],
          body: createApplicationBodySchema,
          response: { 201: applicationCreatedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await service.create(userId(request), request.body);
        request.log.info({ applicationId: created.application.id }, 'application created');
        return reply.code(201).send({ success: true as const, ...created });
      },
    );

    owner.get(
      '/applications/:id',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['applications'],
          params: applicationIdParamsSchema,
          response: { 200: applicationResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        application: await service.get(userId(request), request.params.id),
      }),
    );

    owner.put(
      '/applications/:id',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['applications'],
          params: applicationIdParamsSchema,
          body: updateApplicationBodySchema,
          response: { 200: applicationResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        application: await service.update(userId(request), request.params.id, request.body),
      }),
    );

    owner.delete(
      '/applications/:id',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['applications'],
          params: applicationIdParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await service.remove(userId(request), request.params.id);
        request.log.info({ applicationId: request.params.id }, 'application deleted');
        return { success: true as const, message: applicationMessages.applicationDeleted };
      },
    );

    owner.post(
      '/applications/:id/secret/rotate',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['applications'],
          params: applicationIdParamsSchema,
          response: { 200: secretRotatedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const rotated = await service.rotateSecret(userId(request), request.params.id);
        request.log.info({ applicationId: request.params.id }, 'client secret rotated');
        return { success: true as const, ...rotated };
      },
    );

    owner.post(
      '/applications/:id/keys',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['applications'],
          params: applicationIdParamsSchema,
          body: createApiKeyBodySchema,
          response: { 201: apiKeyCreatedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const apiKey = await service.createKey(userId(request), request.params.id, request.body);
        request.log.info({ applicationId: request.params.id, keyId: apiKey.id }, 'api key created');
        return reply.code(201).send({ success: true as const, message: applicationMessages.keyCreated, apiKey });
      },
    );

    owner.get(
      '/applications/:id/keys',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['applications'],
          params: applicationIdParamsSchema,
          querystring: apiKeyListQuerySchema,
          response: { 200: apiKeyListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        keys: await service.listKeys(userId(request), request.params.id, request.query.include_revoked),
      }),
    );

    owner.delete(
      '/applications/:id/keys/:keyId',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['applications'],
          params: apiKeyParamsSchema,
          body: revokeApiKeyBodySchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { id, keyId } = request.params;
        await service.revokeKey(userId(request), id, keyId, request.body?.reason || null);
        request.log.info({ applicationId: id, keyId }, 'api key revoked');
        return { success: true as const, message: applicationMessages.keyRevoked };
      },
    );

    owner.post(
      '/applications/:id/keys/:keyId/rotate',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['applications'],
          params: apiKeyParamsSchema,
          response: { 201: apiKeyCreatedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { id, keyId } = request.params;
        const apiKey = await service.rotateKey(userId(request), id, keyId);
        request.log.info({ applicationId: id, keyId, newKeyId: apiKey.id }, 'api key rotated');
        return reply.code(201).send({ success: true as const, message: applicationMessages.keyRotated, apiKey });
      },
    );

    owner.get(
      '/applications/:id/keys/:keyId/stats',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['applications'],
          params: apiKeyParamsSchema,
          querystring: apiKeyStatsQuerySchema,
          response: { 200: apiKeyStatsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        stats: await service.keyStats(userId(request), request.params.id, request.params.keyId, request.query.days),
      }),
    );
  });
};
