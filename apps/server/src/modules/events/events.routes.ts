import { errorResponseSchema } from '@nuvem/contracts/common';
import {
  eventDetailSchema,
  eventInputSchema,
  eventsListQuerySchema,
  eventsListResponseSchema,
  registrationBodySchema,
  registrationResponseSchema,
} from '@nuvem/contracts/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitAddress } from '../../lib/client-address.js';
import { AppError } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { principalOf, sessionOf } from '../auth/principal.js';
import { calendarEntry } from './calendar.js';
import { coverSvg } from './cover.js';
import type { EventsService } from './events.service.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};
const MINUTE = 60_000;
/** Events one organiser may create in an hour (each is public at once). */
const CREATES_PER_HOUR = 30;

/** The public catalogue (/api/public/events), event pages, registrations and organisers' events (/api/events). */
export const eventsRoutes: FastifyPluginAsyncZod<{
  service: EventsService;
  limiter: RateLimiter;
  listsPerMinute: number;
}> = async (app, { service, limiter, listsPerMinute }) => {
  app.get(
    '/api/public/events/list',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['events'],
        querystring: eventsListQuerySchema,
        response: { 200: eventsListResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      // Anyone may list: a budget per address keeps one client from taking the database.
      const limit = await limiter.hit(`events-list:${limitAddress(request.ip)}`, listsPerMinute, MINUTE);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      reply.header('cache-control', 'public, max-age=15');
      return service.list(request.query);
    },
  );

  app.get(
    '/api/public/events/:id',
    {
      config: { auth: 'optional', permission: 'account' },
      schema: { tags: ['events'], params: idParams, response: { 200: eventDetailSchema, ...errors } },
    },
    async (request) => service.detail(request.params.id, request.principal?.userId ?? null),
  );

  app.get(
    '/api/public/events/:id/cover.svg',
    { config: { auth: 'public' }, schema: { tags: ['events'], params: idParams, hide: true } },
    async (request, reply) => {
      const event = await service.cover(request.params.id);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(coverSvg(event.title, event.category));
    },
  );

  app.get(
    '/api/events/:id.ics',
    { config: { auth: 'public' }, schema: { tags: ['events'], params: idParams, hide: true } },
    async (request, reply) => {
      const found = await service.calendarEvent(request.params.id);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${found.event.id}.ics"`)
        .send(calendarEntry(found, app.config.publicUrl));
    },
  );

  app.post(
    '/api/events/:id/registrations',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['events'],
        params: idParams,
        body: registrationBodySchema,
        response: { 201: registrationResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { registration, counts } = await service.register(
        principalOf(request).userId,
        request.params.id,
        request.body.ticket_type_id,
      );
      return reply.code(201).send({
        registration: {
          id: registration.id,
          event_id: registration.eventId,
          ticket_type_id: registration.ticketTypeId,
          created_at: registration.createdAt.toISOString(),
        },
        attendee_count: counts.attendeeCount,
        tickets_available: counts.ticketsAvailable,
      });
    },
  );

  app.delete(
    '/api/events/:id/registrations',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['events'],
        params: idParams,
        response: {
          200: z.object({ attendee_count: z.number(), tickets_available: z.number().nullable() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const counts = await service.unregister(principalOf(request).userId, request.params.id);
      return { attendee_count: counts.attendeeCount, tickets_available: counts.ticketsAvailable };
    },
  );

  app.post(
    '/api/events',
    {
      config: { auth: 'session', permission: 'account' },
      schema: { tags: ['events'], body: eventInputSchema, response: { 201: eventDetailSchema, ...errors } },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const limit = await limiter.hit(`events-create:${session.user.id}`, CREATES_PER_HOUR, 60 * MINUTE);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      const name = session.user.displayName?.trim() || session.user.email.split('@')[0] || 'Organiser';
      return reply.code(201).send(await service.create(session.user.id, name, request.body));
    },
  );

  app.put(
    '/api/events/:id',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['events'],
        params: idParams,
        body: eventInputSchema,
        response: { 200: eventDetailSchema, ...errors, 403: errorResponseSchema },
      },
    },
    async (request) => service.update(principalOf(request).userId, request.params.id, request.body),
  );

  app.post(
    '/api/events/:id/cancel',
    {
      config: { auth: 'session', permission: 'account' },
      schema: {
        tags: ['events'],
        params: idParams,
        response: { 200: eventDetailSchema, ...errors, 403: errorResponseSchema },
      },
    },
    async (request) => service.cancel(principalOf(request).userId, request.params.id),
  );
};
