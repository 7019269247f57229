import { roleAllows } from '@nuvem/contracts/orgs';
import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { realtimeRoutes } from './realtime.routes.js';
import { createStreamHub } from './stream-hub.js';

/**
 * The realtime module: the stream hub on the event bus (each workspace's events to its members'
 * open streams, which end with their session and with their membership) and its route,
 * GET /api/realtime/events.
 */
export const realtimePlugin = fp(
  async (app: App) => {
    const { maxStreamsPerUser, heartbeatMs } = app.config.realtime;
    // Whether a member may still read a workspace's events (its role now; none for a former member).
    const mayRead = async (workspaceId: string, userId: string) => {
      const role = await app.orgs.roleOf(workspaceId, userId);
      return role !== null && roleAllows(role, 'containers:read');
    };
    const hub = createStreamHub({
      bus: app.eventBus,
      auth: app.auth,
      onMembershipChanged: (listener) => app.orgs.onMembershipChanged(listener),
      mayRead,
      log: app.log,
      heartbeatMs,
    });
    app.addHook('preClose', async () => hub.close());
    app.metrics.sources.realtimeStreams = hub.openStreams;
    await app.register(realtimeRoutes, { hub, maxStreamsPerUser, mayRead });
    app.decorate('realtime', {
      /** Streams open on this instance (benchmarks, health). */
      openStreams: hub.openStreams,
    });
  },
  { name: 'realtime', dependencies: ['auth', 'orgs', 'event-bus', 'metrics'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    realtime: { openStreams: () => number };
  }
}
