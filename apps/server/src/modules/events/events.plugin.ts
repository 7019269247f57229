import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { createEventMails } from './event-mail.js';
import { createEventsRepository } from './events.repository.js';
import { eventsRoutes } from './events.routes.js';
import { createEventsService, type EventsService } from './events.service.js';
import { seedEventCategories, seedEvents } from './seed.js';

declare module 'fastify' {
  interface FastifyInstance {
    eventsCatalogue: EventsService;
  }
}

/** The events module: the public catalogue, event pages, registrations and organisers' events. */
export const eventsCataloguePlugin = fp(
  async (app: App) => {
    const repo = createEventsRepository(app.db, { countsTtlMs: app.config.eventsCountsTtlSeconds * 1000 });
    const mails = createEventMails({
      repo,
      mail: app.mail,
      recipient: (userId) => app.auth.mailRecipient(userId),
      queue: app.queue,
      publicUrl: app.config.publicUrl,
      log: app.log,
    });
    const service = createEventsService({ repo, bus: app.eventBus, log: app.log, mails });
    app.decorate('eventsCatalogue', service);
    const count = app.config.seedEventsCount;
    app.addHook('onReady', async () => {
      // The categories an organiser picks from exist on every start, demo data or not.
      await seedEventCategories(repo);
      // The demo catalogue (SEED_EVENTS_COUNT, 300 with SEED_DEMO) on a first start with no events.
      if (count <= 0 || (await repo.eventCount()) > 0) return;
      const written = await seedEvents(app.db, { count });
      app.log.info({ events: written }, 'demo events catalogue created');
    });
    await app.register(eventsRoutes, {
      service,
      limiter: app.limiter,
      listsPerMinute: app.config.eventsListsPerMinute,
    });
  },
  { name: 'events-catalogue', dependencies: ['db', 'queue', 'event-bus', 'auth', 'rate-limiter', 'mail'] },
);
