import fp from 'fastify-plugin';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../../lib/rate-limiter.js';
import type { App } from '../../types.js';

/** `app.limiter`: counters in Redis when configured (shared by all instances), else in memory. */
export const rateLimiterPlugin = fp(
  async (app: App) => {
    const limiter: RateLimiter = app.redis ? new RedisRateLimiter(app.redis) : new MemoryRateLimiter();
    app.decorate('limiter', limiter);
    app.addHook('onClose', async () => limiter.close());
  },
  { name: 'rate-limiter', dependencies: ['redis'] },
);
