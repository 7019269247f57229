import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { createApiKeyAuth, type ApiKeyAuthService } from './api-key-auth.js';
import { createApplicationsRepository } from './applications.repository.js';
import { applicationsRoutes } from './applications.routes.js';
import { createApplicationsService, type ApplicationsService } from './applications.service.js';
import { platformCors } from './platform-cors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** API keys on the platform API: verification, rate limits, usage batching, CORS origins. */
    apiKeys: ApiKeyAuthService;
    /** Developer applications and their keys (billing puts a user's keys on their plan's tier). */
    applications: ApplicationsService;
  }
}

/**
 * The applications module: API-key verification for the platform API (`app.apiKeys`, which the
 * authentication hook uses for `platform` routes), the developer's applications and keys
 * (`/applications…`), and CORS for the platform API. Each instance writes the usage it counted
 * USAGE_FLUSH_INTERVAL_MS after the first count of a batch (no timer while nothing is counted) and
 * once more on close.
 */
export const applicationsPlugin = fp(
  async (app: App) => {
    const repo = createApplicationsRepository(app.db);
    const apiKeys = await createApiKeyAuth({
      repo,
      bus: app.eventBus,
      limiter: app.limiter,
      config: app.config,
      log: app.log,
    });
    app.decorate('apiKeys', apiKeys);
    // onClose hooks run in reverse order of registration: this one before the database closes.
    app.addHook('onClose', async () => apiKeys.close());

    const service = createApplicationsService({ repo, config: app.config, apiKeys });
    app.decorate('applications', service);
    // The verified owner took over an account someone else registered: that person's keys stop.
    app.auth.onAccountClaimed(async (userId) => {
      const revoked = await service.revokeAllKeys(userId, 'account_claimed');
      if (revoked > 0) app.log.info({ userId, revoked }, 'API keys revoked after an account takeover');
    });
    await app.register(applicationsRoutes, { service });
    await app.register(platformCors);
  },
  { name: 'applications', dependencies: ['db', 'queue', 'event-bus', 'rate-limiter', 'auth'] },
);
