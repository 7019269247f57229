import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { createOrgsRepository } from './orgs.repository.js';
import { orgsRoutes } from './orgs.routes.js';
import { createOrgsService } from './orgs.service.js';

/**
 * The orgs module (issue 34, decision 029): organisations, members and roles, invitations, the
 * audit log, and `app.orgs.authorize`, the one permission check the authentication hook makes for
 * every guarded route. Every route that is not public declares `config.permission`; the server
 * refuses to start on one that does not.
 */
export const orgsPlugin = fp(
  async (app: App) => {
    const service = createOrgsService({
      repo: createOrgsRepository(app.db),
      auth: app.auth,
      mail: app.mail,
      bus: app.eventBus,
      limiter: app.limiter,
      log: app.log,
    });
    app.decorate('orgs', service.api);
    app.addHook('onClose', async () => service.close());

    app.addHook('onReady', async () => {
      const guarded = app.routeTable.filter((route) => route.auth !== undefined && route.auth !== 'public');
      const undeclared = guarded.filter((route) => route.permission === undefined);
      if (undeclared.length > 0) {
        const list = undeclared.map((route) => `${route.method} ${route.url}`).join(', ');
        throw new Error(
          `declare what each guarded route may do, config: { permission: '<area>:<verb>' | 'account' }: ${list}`,
        );
      }
    });

    await app.register(orgsRoutes, { service });
  },
  { name: 'orgs', dependencies: ['db', 'event-bus', 'rate-limiter', 'mail', 'auth'] },
);
