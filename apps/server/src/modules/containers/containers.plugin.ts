import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { createContainersRepository } from './containers.repository.js';
import { containersRoutes } from './containers.routes.js';
import { containerJobs, createContainersService, type ContainersService } from './containers.service.js';
import { observedDriver } from './drivers/observed-driver.js';
import { selectContainerDriver } from './select-driver.js';

declare module 'fastify' {
  interface FastifyInstance {
    containers: ContainersService;
  }
}

const ROLLUP_EVERY_MS = 10 * 60 * 1000;

/**
 * The containers service on its repository and the configured driver (`app.containers`), its jobs
 * (create, actions, delete), and the repeatable sampler that stores metrics every
 * METRICS_SAMPLE_INTERVAL_MS, reconciles statuses and rolls old points up.
 */
export const containersPlugin = fp(
  async (app: App) => {
    const selected = await selectContainerDriver(app.config.containers, app.log);
    const driver = observedDriver(selected, (operation) =>
      app.metrics.driverErrors.inc({ driver: selected.kind, operation }),
    );
    app.log.info({ driver: driver.kind }, 'container driver ready');
    const service = createContainersService({
      repo: createContainersRepository(app.db),
      driver,
      config: app.config,
      log: app.log,
      queue: app.queue,
      bus: app.eventBus,
    });
    app.decorate('containers', service);

    // Create, actions and delete run as durable jobs: a crash mid-way is retried (after
    // CONTAINER_JOB_TIMEOUT_SECONDS) by whichever instance is alive.
    const expireInSeconds = app.config.containers.jobTimeoutSeconds;
    app.queue.define(containerJobs.provision, {
      handler: (data: { id: string; input: Parameters<typeof service.runProvision>[0]['input'] }, job) =>
        service.runProvision(data, job),
      retryLimit: 2,
      expireInSeconds,
      concurrency: 4,
    });
    app.queue.define(containerJobs.action, {
      handler: (data: Parameters<typeof service.runAction>[0]) => service.runAction(data),
      retryLimit: 2,
      expireInSeconds,
      concurrency: 4,
    });
    app.queue.define(containerJobs.delete, {
      handler: (data: { id: string }) => service.runDelete(data),
      retryLimit: 2,
      expireInSeconds,
      concurrency: 4,
    });

    // Repeatable jobs, on one instance per interval: the sampler (metrics, statuses, rows whose
    // job can no longer finish) and the roll-up of old points.
    const interval = app.config.containers.sampleIntervalMs;
    app.queue.every('containers.sample', interval, async () => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const { sampled } = await service.sampleOnce();
      const labels = { driver: driver.kind };
      app.metrics.samplerPass.observe(labels, (performance.now() - started) / 1000);
      const used = process.cpuUsage(cpu);
      app.metrics.samplerCpu.observe(labels, (used.user + used.system) / 1e6);
      app.metrics.samplerContainers.set(labels, sampled);
      // Every attempt (1 + 2 retries) has had its full time and the backoff between.
      await service.failStale((expireInSeconds * 3 + 60) * 1000);
    });
    app.queue.every('containers.rollup', interval > 0 ? ROLLUP_EVERY_MS : 0, async () => {
      await service.rollUp();
    });

    // The container API, on the platform API (a session or an API key).
    await app.register(containersRoutes, { service, prefix: '/api/v1' });
  },
  { name: 'containers', dependencies: ['db', 'queue', 'event-bus', 'auth', 'applications', 'metrics'] },
);
