import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { loadEcosystemApps } from './ecosystem.config.js';
import { ecosystemRoutes } from './ecosystem.routes.js';
import { createEcosystemService, type EcosystemService } from './ecosystem.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ecosystem's applications and what the server's checks of their addresses found. */
    ecosystem: EcosystemService;
  }
}

/**
 * The ecosystem module: the nine apps of the ecosystem modal, the checks of their addresses, and
 * their route. The checks run when the list is asked for and their results are cached (each
 * instance its own: a handful of requests a minute at most), so nothing runs while nobody looks.
 */
export const ecosystemPlugin = fp(
  async (app: App) => {
    const portalOrigin = app.config.publicUrl.origin;
    const apps = await loadEcosystemApps(app.config.ecosystemFile, portalOrigin);
    const service = createEcosystemService(apps, { portalOrigin, log: app.log });
    app.decorate('ecosystem', service);
    app.addHook('onClose', async () => service.close());
    await app.register(ecosystemRoutes, { service });
  },
  { name: 'ecosystem', dependencies: ['auth'] },
);
