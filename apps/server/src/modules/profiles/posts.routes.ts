import { errorResponseSchema } from '@nuvem/contracts/common';
import {
  activityResponseSchema,
  commentDeletedResponseSchema,
  commentListQuerySchema,
  commentListResponseSchema,
  commentParamsSchema,
  commentResponseSchema,
  createCommentBodySchema,
  createPostBodySchema,
  likeResponseSchema,
  ownPostParamsSchema,
  postListQuerySchema,
  postListResponseSchema,
  postOkResponseSchema,
  postParamsSchema,
  postResponseSchema,
} from '@nuvem/contracts/profile-posts';
import { profileIdParamsSchema } from '@nuvem/contracts/profiles';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../auth/principal.js';
import type { PostsService } from './posts.service.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
};

const tags = ['profiles'];

const callerId = (request: FastifyRequest): string => principalOf(request).userId;

/**
 * A profile's activity, for signed-in users (`session` routes): posts on
 * `/api/users/{id}/posts` for every signed-in user to read, like and comment on; the caller's own
 * posts written under `/api/users/me/posts`. The server's CSRF guard covers every write.
 */
export const postsRoutes: FastifyPluginAsyncZod<{ service: PostsService }> = async (app, { service }) => {
  app.get(
    '/api/users/:id/posts',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags,
        description:
          'Newest first. Each post shown to a user other than its author counts one impression, at most once per viewer, post and UTC day.',
        params: profileIdParamsSchema,
        querystring: postListQuerySchema,
        response: { 200: postListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.list(request.params.id, callerId(request), request.query.limit, request.query.before)),
    }),
  );

  app.get(
    '/api/users/:id/activity',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, params: profileIdParamsSchema, response: { 200: activityResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      activity: await service.activity(request.params.id, callerId(request)),
    }),
  );

  app.post(
    '/api/users/me/posts',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags,
        body: createPostBodySchema,
        response: { 201: postResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const post = await service.create(callerId(request), request.body.body);
      request.log.info({ postId: post.id }, 'post published');
      return reply.code(201).send({ success: true as const, post });
    },
  );

  app.delete(
    '/api/users/me/posts/:postId',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, params: ownPostParamsSchema, response: { 200: postOkResponseSchema, ...errors } },
    },
    async (request) => {
      await service.remove(callerId(request), request.params.postId);
      return { success: true as const };
    },
  );

  app.post(
    '/api/users/:id/posts/:postId/like',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, params: postParamsSchema, response: { 200: likeResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      ...(await service.like(request.params.id, request.params.postId, callerId(request))),
    }),
  );

  app.delete(
    '/api/users/:id/posts/:postId/like',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, params: postParamsSchema, response: { 200: likeResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      ...(await service.unlike(request.params.id, request.params.postId, callerId(request))),
    }),
  );

  app.get(
    '/api/users/:id/posts/:postId/comments',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags,
        params: postParamsSchema,
        querystring: commentListQuerySchema,
        response: { 200: commentListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.comments(
        request.params.id,
        request.params.postId,
        callerId(request),
        request.query.limit,
        request.query.after,
      )),
    }),
  );

  app.post(
    '/api/users/:id/posts/:postId/comments',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags,
        params: postParamsSchema,
        body: createCommentBodySchema,
        response: { 201: commentResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.addComment(
        request.params.id,
        request.params.postId,
        callerId(request),
        request.body.body,
      );
      return reply.code(201).send({ success: true as const, ...result });
    },
  );

  app.delete(
    '/api/users/:id/posts/:postId/comments/:commentId',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags, params: commentParamsSchema, response: { 200: commentDeletedResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      ...(await service.removeComment(
        request.params.id,
        request.params.postId,
        request.params.commentId,
        callerId(request),
      )),
    }),
  );
};
