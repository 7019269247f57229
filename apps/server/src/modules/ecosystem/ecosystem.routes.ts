import { ecosystemAppsResponseSchema } from '@nuvem/contracts/ecosystem';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readerLanguage } from '../../lib/i18n/language.js';
import type { EcosystemService } from './ecosystem.service.js';

/**
 * GET /api/ecosystem/apps: the integrated applications, their status and whether they answer
 * (public), described in the reader's Accept-Language where the configuration has it.
 */
export const ecosystemRoutes: FastifyPluginAsyncZod<{ service: EcosystemService }> = async (app, { service }) => {
  app.get(
    '/api/ecosystem/apps',
    { config: { auth: 'public' }, schema: { tags: ['ecosystem'], response: { 200: ecosystemAppsResponseSchema } } },
    async (request, reply) => {
      // Described in the reader's language (Vary: Accept-Language, for the shared cache below).
      const apps = await service.list(readerLanguage(request, reply));
      // While a first check is still running, the next ask should get its result, not a cached unknown.
      const pending = apps.some((a) => a.status === 'active' && a.reachability === 'unknown');
      reply.header('cache-control', pending ? 'no-cache' : 'public, max-age=30');
      return { success: true as const, apps };
    },
  );
};
