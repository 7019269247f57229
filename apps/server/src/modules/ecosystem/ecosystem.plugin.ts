import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { loadEcosystemApps } from './ecosystem.config.js';
import { ecosystemRoutes } from './ecosystem.routes.js';
import { createEcosystemService, type EcosystemService } from './ecosystem.service.js';

const HEALTH_INTERVAL_MS = 30_000;
const HEALTH_CHANNEL = 'ecosystem:health';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ecosystem's applications and their status (the health checks run as a repeatable job). */
    ecosystem: EcosystemService;
  }
}

/** The ecosystem module: the nine apps of the ecosystem modal, their health, and their route. */
export const ecosystemPlugin = fp(
  async (app: App) => {
    const apps = await loadEcosystemApps(app.config.ecosystemFile, app.config.publicUrl.origin);
    const service = createEcosystemService(apps, app.log);
    app.decorate('ecosystem', service);

    if (service.hasHealthChecks) {
      // One instance checks every 30 s (a repeatable job) and tells the others what it found.
      const stop = app.eventBus.onBroadcast(HEALTH_CHANNEL, (ids) => {
        if (Array.isArray(ids)) service.applyFailing(ids.filter((id): id is string => typeof id === 'string'));
      });
      app.queue.every('ecosystem.health', HEALTH_INTERVAL_MS, async () => {
        await service.refreshHealth();
        await app.eventBus.broadcast(HEALTH_CHANNEL, service.failingIds());
      });
      app.addHook('onClose', async () => stop());
    }

    await app.register(ecosystemRoutes, { service });
  },
  { name: 'ecosystem', dependencies: ['queue', 'event-bus', 'auth'] },
);
