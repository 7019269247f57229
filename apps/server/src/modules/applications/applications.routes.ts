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
  // The caller's role in the workspace lacks the route's permission.
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Failed verifications a minute for one client id from one address; then that pair waits. */
const VERIFY_CLIENT_FAILURES_PER_MINUTE = 10;
/** Verifications a minute from one address, whatever the client id or outcome. */
const VERIFY_CLIENT_ATTEMPTS_PER_ADDRESS_PER_MINUTE = 60;
const MINUTE_MS = 60_000;

/**
 * The applications and API keys of the caller's workspace, on the sign-in service
 * (`/applications…`). Managed with a session only (cookie or `nat_` bearer token): an API key
 * cannot manage keys. Each route declares the permission it needs in the workspace (`apps:read`,
 * `apps:write`, `keys:issue`, `keys:revoke`); another workspace's application answers 404, as if it
 * did not exist. Issuing, rotating and revoking a key go to the workspace's audit log.
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
    // The workspace the request names (the caller's personal one without the organisation header):
    // the auth hook has checked the caller's role there allows the route's permission.
    const workspaceId = (request: FastifyRequest) => principalOf(request).workspaceId;
    const issuer = (request: FastifyRequest) => {
      const principal = principalOf(request);
      return { userId: principal.userId, role: principal.role };
    };

    owner.get(
      '/applications',
      {
        config: { auth: 'session', permission: 'apps:read' },
        schema: { tags: ['applications'], response: { 200: applicationListResponseSchema, ...errors } },
      },
      async (request) => ({ success: true as const, applications: await service.list(workspaceId(request)) }),
    );

    owner.post(
      '/applications',
      {
        config: { auth: 'session', permission: 'apps:write' },
        schema: {
          tags: ['applications'],
          body: createApplicationBodySchema,
          response: { 201: applicationCreatedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const created = await service.create(workspaceId(request), request.body);
        request.log.info({ applicationId: created.application.id }, 'application created');
        return reply.code(201).send({ success: true as const, ...created });
      },
    );

    owner.get(
      '/applications/:id',
      {
        config: { auth: 'session', permission: 'apps:read' },
        schema: {
          tags: ['applications'],
          params: applicationIdParamsSchema,
          response: { 200: applicationResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        application: await service.get(workspaceId(request), request.params.id),
      }),
    );

    owner.put(
      '/applications/:id',
      {
        config: { auth: 'session', permission: 'apps:write' },
        schema: {
          tags: ['applications'],
          params: applicationIdParamsSchema,
          body: updateApplicationBodySchema,
          response: { 200: applicationResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        application: await service.update(workspaceId(request), request.params.id, request.body),
      }),
    );

    owner.delete(
      '/applications/:id',
      {
        config: { auth: 'session', permission: 'apps:write' },
        schema: {
          tags: ['applications'],
          params: applicationIdParamsSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await service.remove(workspaceId(request), request.params.id);
        request.log.info({ applicationId: request.params.id }, 'application deleted');
        return { success: true as const, message: applicationMessages.applicationDeleted };
      },
    );

    owner.post(
      '/applications/:id/secret/rotate',
      {
        config: { auth: 'session', permission: 'apps:write' },
        schema: {
          tags: ['applications'],
          params: applicationIdParamsSchema,
          response: { 200: secretRotatedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const rotated = await service.rotateSecret(workspaceId(request), request.params.id);
        request.log.info({ applicationId: request.params.id }, 'client secret rotated');
        return { success: true as const, ...rotated };
      },
    );

    owner.post(
      '/applications/:id/keys',
      {
        config: { auth: 'session', permission: 'keys:issue' },
        schema: {
          tags: ['applications'],
          params: applicationIdParamsSchema,
          body: createApiKeyBodySchema,
          response: { 201: apiKeyCreatedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const apiKey = await service.createKey(workspaceId(request), request.params.id, request.body, issuer(request));
        request.log.info({ applicationId: request.params.id, keyId: apiKey.id }, 'api key created');
        await app.orgs.audit(request, {
          action: 'key.issued',
          target: { type: 'api_key', id: apiKey.id, label: apiKey.name },
          details: { application: request.params.id, role: apiKey.role ?? null },
        });
        return reply.code(201).send({ success: true as const, message: applicationMessages.keyCreated, apiKey });
      },
    );

    owner.get(
      '/applications/:id/keys',
      {
        config: { auth: 'session', permission: 'apps:read' },
        schema: {
          tags: ['applications'],
          params: applicationIdParamsSchema,
          querystring: apiKeyListQuerySchema,
          response: { 200: apiKeyListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        keys: await service.listKeys(workspaceId(request), request.params.id, request.query.include_revoked),
      }),
    );

    owner.delete(
      '/applications/:id/keys/:keyId',
      {
        config: { auth: 'session', permission: 'keys:revoke' },
        schema: {
          tags: ['applications'],
          params: apiKeyParamsSchema,
          body: revokeApiKeyBodySchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { id, keyId } = request.params;
        const reason = request.body?.reason || null;
        const revoked = await service.revokeKey(workspaceId(request), id, keyId, reason);
        request.log.info({ applicationId: id, keyId }, 'api key revoked');
        await app.orgs.audit(request, {
          action: 'key.revoked',
          target: { type: 'api_key', id: revoked.id, label: revoked.name },
          details: { application: id, role: revoked.role, reason },
        });
        return { success: true as const, message: applicationMessages.keyRevoked };
      },
    );

    owner.post(
      '/applications/:id/keys/:keyId/rotate',
      {
        config: { auth: 'session', permission: 'keys:issue' },
        schema: {
          tags: ['applications'],
          params: apiKeyParamsSchema,
          response: { 201: apiKeyCreatedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { id, keyId } = request.params;
        const apiKey = await service.rotateKey(workspaceId(request), id, keyId, issuer(request));
        request.log.info({ applicationId: id, keyId, newKeyId: apiKey.id }, 'api key rotated');
        await app.orgs.audit(request, {
          action: 'key.rotated',
          target: { type: 'api_key', id: apiKey.id, label: apiKey.name },
          details: { application: id, role: apiKey.role ?? null, replaces: keyId },
        });
        return reply.code(201).send({ success: true as const, message: applicationMessages.keyRotated, apiKey });
      },
    );

    owner.get(
      '/applications/:id/keys/:keyId/stats',
      {
        config: { auth: 'session', permission: 'apps:read' },
        schema: {
          tags: ['applications'],
          params: apiKeyParamsSchema,
          querystring: apiKeyStatsQuerySchema,
          response: { 200: apiKeyStatsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        stats: await service.keyStats(
          workspaceId(request),
          request.params.id,
          request.params.keyId,
          request.query.days,
        ),
      }),
    );
  });
};
