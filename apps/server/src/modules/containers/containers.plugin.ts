import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { createContainersService, type ContainersService } from './containers.service.js';
import { selectContainerDriver } from './select-driver.js';

declare module 'fastify' {
  interface FastifyInstance {
    containers: ContainersService;
  }
}

const ROLLUP_EVERY_MS = 10 * 60 * 1000;

/**
 * The containers service on the configured driver (`app.containers`), and the sampler that stores
 * metrics every METRICS_SAMPLE_INTERVAL_MS, reconciles statuses and rolls old points up.
 */
export const containersPlugin = fp(
  async (app: App) => {
    const driver = await selectContainerDriver(app.config.containers, app.log);
    app.log.info({ driver: driver.kind }, 'container driver ready');
    const service = createContainersService({ db: app.db, driver, config: app.config, log: app.log });
    app.decorate('containers', service);

    const interval = app.config.containers.sampleIntervalMs;
    if (interval > 0) {
      let sampler: NodeJS.Timeout | undefined;
      let roller: NodeJS.Timeout | undefined;
      let busy = false;
      const sample = async () => {
        if (busy) return; // a slow pass is never overlapped by the next
        busy = true;
        try {
          await service.sampleOnce();
        } catch (error) {
          app.log.warn({ err: error }, 'metrics sampling failed');
        } finally {
          busy = false;
        }
      };
      app.addHook('onReady', async () => {
        sampler = setInterval(() => void sample(), interval);
        sampler.unref();
        roller = setInterval(
          () => void service.rollUp().catch((error: unknown) => app.log.warn({ err: error }, 'metrics roll-up failed')),
          ROLLUP_EVERY_MS,
        );
        roller.unref();
      });
      app.addHook('preClose', async () => {
        clearInterval(sampler);
        clearInterval(roller);
      });
    }
  },
  { name: 'containers', dependencies: ['db'] },
);
