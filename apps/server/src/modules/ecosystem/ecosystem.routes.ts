import { ecosystemAppsResponseSchema } from '@nuvem/contracts/ecosystem';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EcosystemService } from './ecosystem.service.js';

/** GET /api/ecosystem/apps: the integrated applications and their status (public). */
export const ecosystemRoutes: FastifyPluginAsyncZod<{ service: EcosystemService }> = async (app, { service }) => {
  app.get(
    '/api/ecosystem/apps',
    { config: { auth: 'public' }, schema: { tags: ['ecosystem'], response: { 200: ecosystemAppsResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return { success: true as const, apps: service.list() };
    },
  );
};
