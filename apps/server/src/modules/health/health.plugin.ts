import fp from 'fastify-plugin';
import { metricsRoutes } from '../../plugins/app/metrics.js';
import type { App } from '../../types.js';
import { healthRoutes } from './health.routes.js';

/**
 * The health module: liveness and readiness probes (it owns no table; it asks the database and
 * Redis) and the Prometheus metrics.
 */
export const healthPlugin = fp(
  async (app: App) => {
    await app.register(healthRoutes);
    await app.register(metricsRoutes);
  },
  { name: 'health', dependencies: ['db', 'redis', 'auth', 'metrics'] },
);
