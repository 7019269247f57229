import { errorResponseSchema } from '@nuvem/contracts/common';
import {
  avatarContentTypes,
  connectionRequestsResponseSchema,
  connectionResponseSchema,
  followResponseSchema,
  profileIdParamsSchema,
  profileLimits,
  profileListQuerySchema,
  profileListResponseSchema,
  profileMessages,
  profileOkResponseSchema,
  profileResponseSchema,
  profileSkillParamsSchema,
  skillBodySchema,
  skillListResponseSchema,
  skillNameParamsSchema,
  skillOrderBodySchema,
  skillResponseSchema,
  suggestionsResponseSchema,
  updateProfileBodySchema,
} from '@nuvem/contracts/profiles';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { principalOf } from '../auth/principal.js';
import { profileEntriesRoutes } from './profile-entries.routes.js';
import type { ProfilesService } from './profiles.service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

const tags = ['profiles'];

/** The signed-in caller's id (every route here but the avatar image is a `session` route). */
const callerId = (request: FastifyRequest): string => principalOf(request).userId;

/**
 * Profiles (spec 1's profile page), for signed-in users (session cookie or `nat_` bearer token):
 * anyone's profile to read, and the caller's own under `/api/users/me` to edit, so another user's
 * entries cannot even be named. E-mail addresses are shown to their owner only.
 */
export const profilesRoutes: FastifyPluginAsyncZod<{ service: ProfilesService }> = async (app, { service }) => {
  app.get(
    '/api/users',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags,
        querystring: profileListQuerySchema,
        response: { 200: profileListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { rows, total } = await service.list(request.query);
      return {
        success: true as const,
        users: rows.map((r) => ({
          id: r.id,
          display_name: r.displayName,
          avatar_url: r.avatarUrl,
          created_at: r.createdAt.toISOString(),
        })),
        total,
      };
    },
  );

  // The caller's own lists and people (static paths win over /api/users/:id in the router).

  app.get(
    '/api/users/me/connection-requests',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, response: { 200: connectionRequestsResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, requests: await service.connectionRequests(callerId(request)) }),
  );

  app.get(
    '/api/users/me/suggestions',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, response: { 200: suggestionsResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, people: await service.suggestions(callerId(request)) }),
  );

  // Reading a profile ---------------------------------------------------------------------------

  app.get(
    '/api/users/:id',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, params: profileIdParamsSchema, response: { 200: profileResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, user: await service.get(request.params.id, callerId(request)) }),
  );

  app.get(
    '/api/users/:id/avatar',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags,
        params: profileIdParamsSchema,
        querystring: z.object({ v: z.string().max(64).optional() }),
        description: 'The image itself (image/png, image/jpeg or image/webp); 304 when the ETag matches.',
      },
    },
    async (request, reply) => {
      const avatar = await service.avatar(request.params.id, callerId(request));
      const etag = `"${avatar.version}"`;
      // Profiles are for signed-in users: browsers may keep the image, shared caches may not. A
      // new upload has a new URL (?v=), so a day's freshness never shows a replaced picture.
      reply.header('cache-control', 'private, max-age=86400').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .header('content-type', avatar.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(avatar.bytes);
    },
  );

  // Editing one's own profile -------------------------------------------------------------------

  app.patch(
    '/api/users/me',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, body: updateProfileBodySchema, response: { 200: profileResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      user: await service.update(callerId(request), request.body),
    }),
  );

  // The avatar arrives as the raw image body (no multipart parser in this server): its own scope
  // holds the image parsers, a 2 MiB limit and this upload's clear 413 and 415 answers.
  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<ZodTypeProvider>();
    for (const type of avatarContentTypes) {
      upload.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: profileLimits.avatarBytes },
        (_req, body, done) => done(null, body),
      );
    }
    upload.setErrorHandler<FastifyError>((error) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError(413, profileMessages.avatarTooLarge, 'AVATAR_TOO_LARGE');
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        throw new AppError(415, profileMessages.avatarType, 'UNSUPPORTED_MEDIA_TYPE');
      }
      // Everything else goes on to the server's one error handler.
      throw error;
    });

    upload.post(
      '/api/users/me/avatar',
      {
        config: { auth: 'session', permission: 'account' },
        bodyLimit: profileLimits.avatarBytes,
        schema: {
          tags,
          description: `The image itself as the body, with Content-Type ${avatarContentTypes.join(', ')}; at most 2 MiB.`,
          response: { 200: profileResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        const known = (avatarContentTypes as readonly string[]).includes(type);
        if (!known || !Buffer.isBuffer(request.body)) {
          throw new AppError(415, profileMessages.avatarType, 'UNSUPPORTED_MEDIA_TYPE');
        }
        const user = await service.setAvatar(callerId(request), type, request.body);
        request.log.info({ userId: user.id, bytes: request.body.length }, 'avatar uploaded');
        return { success: true as const, user };
      },
    );
  });

  app.delete(
    '/api/users/me/avatar',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, response: { 200: profileResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, user: await service.removeAvatar(callerId(request)) }),
  );

  // Experience and education: one set of routes for both kinds --------------------------------

  await app.register(profileEntriesRoutes, { service, errors, tags });

  // Skills --------------------------------------------------------------------------------------

  app.post(
    '/api/users/me/skills',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, body: skillBodySchema, response: { 201: skillResponseSchema, ...errors } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ success: true as const, skill: await service.addSkill(callerId(request), request.body.name) }),
  );

  app.put(
    '/api/users/me/skills/order',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, body: skillOrderBodySchema, response: { 200: skillListResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      skills: await service.orderSkills(callerId(request), request.body.names),
    }),
  );

  app.delete(
    '/api/users/me/skills/:name',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, params: skillNameParamsSchema, response: { 200: profileOkResponseSchema, ...errors } },
    },
    async (request) => {
      await service.removeSkill(callerId(request), request.params.name);
      return { success: true as const };
    },
  );

  app.post(
    '/api/users/:id/skills/:name/endorse',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, params: profileSkillParamsSchema, response: { 200: skillResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      skill: await service.endorse(request.params.id, request.params.name, callerId(request)),
    }),
  );

  app.delete(
    '/api/users/:id/skills/:name/endorse',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, params: profileSkillParamsSchema, response: { 200: skillResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      skill: await service.withdrawEndorsement(request.params.id, request.params.name, callerId(request)),
    }),
  );

  // Follows and connections ---------------------------------------------------------------------

  app.post(
    '/api/users/:id/follow',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, params: profileIdParamsSchema, response: { 200: followResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, ...(await service.follow(request.params.id, callerId(request))) }),
  );

  app.delete(
    '/api/users/:id/follow',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, params: profileIdParamsSchema, response: { 200: followResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, ...(await service.unfollow(request.params.id, callerId(request))) }),
  );

  app.post(
    '/api/users/:id/connect',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, params: profileIdParamsSchema, response: { 200: connectionResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, ...(await service.connect(request.params.id, callerId(request))) }),
  );

  app.post(
    '/api/users/:id/connect/accept',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, params: profileIdParamsSchema, response: { 200: connectionResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, ...(await service.accept(request.params.id, callerId(request))) }),
  );

  app.delete(
    '/api/users/:id/connect',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, params: profileIdParamsSchema, response: { 200: connectionResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      ...(await service.disconnect(request.params.id, callerId(request))),
    }),
  );
};
