import { ecosystemAppsResponseSchema } from '@nuvem/contracts/ecosystem';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadEcosystemApps } from './ecosystem.config.js';
import { createEcosystemService } from './ecosystem.service.js';

const HEALTH_INTERVAL_MS = 30_000;

/** GET /api/ecosystem/apps: the integrated applications and their status (public). */
const routes: FastifyPluginAsyncZod = async (app) => {
  const apps = await loadEcosystemApps(app.config.ecosystemFile, app.config.publicUrl.origin);
  const service = createEcosystemService(apps, app.log);
  app.decorate('ecosystem', service);

  if (service.hasHealthChecks) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      void service.refreshHealth();
      timer = setInterval(() => void service.refreshHealth(), HEALTH_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
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
export const ecosystemRoutes = fp(routes, { name: 'ecosystem' });

declare module 'fastify' {
  interface FastifyInstance {
    ecosystem: ReturnType<typeof createEcosystemService>;
  }
}
