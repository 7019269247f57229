import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { healthRoutes } from './health.routes.js';

/** The health module: liveness and readiness probes (it owns no table; it asks the database and Redis). */
export const healthPlugin = fp(
  async (app: App) => {
    await app.register(healthRoutes);
  },
  { name: 'health', dependencies: ['db', 'redis', 'auth'] },
);
