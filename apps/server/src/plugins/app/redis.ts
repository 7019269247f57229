import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { App } from '../../types.js';

/** A Redis connection when REDIS_URL is set (`app.redis`, else null), closed with the server. */
export const redisPlugin = fp(
  async (app: App) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: true });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    app.log.info('redis ready');
  },
  { name: 'redis' },
);
