import { ecosystemAppsResponseSchema } from '@nuvem/contracts/ecosystem';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadEcosystemApps } from './ecosystem.config.js';
import { createEcosystemService } from './ecosystem.service.js';

const HEALTH_INTERVAL_MS = 30_000;
const HEALTH_CHANNEL = 'ecosystem:health';

/** GET /api/ecosystem/apps: the integrated applications and their status (public). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const apps = await loadEcosystemApps(app.config.ecosystemFile, app.config.publicUrl.origin);
  const service = createEcosystemService(apps, app.log);
  app.decorate('ecosystem', service);

  if (service.hasHealthChecks) {
    // One instance checks every 30 s (a repeatable job) and tells the others what it found.
    const stop = app.events.onBroadcast(HEALTH_CHANNEL, (ids) => {
      if (Array.isArray(ids)) service.applyFailing(ids.filter((id): id is string => typeof id === 'string'));
    });
    app.queue.every('ecosystem.health', HEALTH_INTERVAL_MS, async () => {
      await service.refreshHealth();
      await app.events.broadcast(HEALTH_CHANNEL, service.failingIds());
    });
    app.addHook('onClose', async () => stop());
  }

  app.get(
    '/api/ecosystem/apps',
    { schema: { tags: ['ecosystem'], response: { 200: ecosystemAppsResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=30');
      return { success: true as const, apps: service.list() };
    },
  );
};

/** Not encapsulated, so `app.ecosystem` (status, health refresh) is visible to the whole server. */
export const ecosystemRoutes = fp(routes, { name: 'ecosystem', dependencies: ['queue', 'events'] });

declare module 'fastify' {
  interface FastifyInstance {
    ecosystem: ReturnType<typeof createEcosystemService>;
  }
}
