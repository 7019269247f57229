import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { realtimeRoutes } from './realtime.routes.js';
import { createStreamHub } from './stream-hub.js';

/**
 * The realtime module: the stream hub on the event bus (each user's events to their open streams,
 * which end with their session) and its route, GET /api/realtime/events.
 */
export const realtimePlugin = fp(
  async (app: App) => {
    const { maxStreamsPerUser, heartbeatMs } = app.config.realtime;
    const hub = createStreamHub({ bus: app.eventBus, auth: app.auth, log: app.log, heartbeatMs });
    app.addHook('preClose', async () => hub.close());
    await app.register(realtimeRoutes, { hub, maxStreamsPerUser });
    app.decorate('realtime', {
      /** Streams open on this instance (benchmarks, health). */
      openStreams: hub.openStreams,
    });
  },
  { name: 'realtime', dependencies: ['auth', 'event-bus'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    realtime: { openStreams: () => number };
  }
}
