import fp from 'fastify-plugin';
import { createApiKeyAuth, type ApiKeyAuthService } from '../../modules/applications/api-key-auth.js';
import type { App } from '../../types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** API keys on the platform API: verification, rate limits, usage batching, CORS origins. */
    apiKeys: ApiKeyAuthService;
  }
}

/** `app.apiKeys`; usage counts are flushed every USAGE_FLUSH_INTERVAL_MS and once more on close. */
export const apiKeysPlugin = fp(
  async (app: App) => {
    const service = await createApiKeyAuth({
      db: app.db,
      events: app.events,
      limiter: app.limiter,
      config: app.config,
      log: app.log,
    });
    app.decorate('apiKeys', service);
    app.addHook('onReady', async () => service.start());
    // onClose hooks run in reverse order of registration: this one before the database closes.
    app.addHook('onClose', async () => service.close());
  },
  { name: 'api-keys', dependencies: ['db', 'events', 'rate-limiter'] },
);
