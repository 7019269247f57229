import { authMessages } from '@nuvem/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { sessionOf } from '../auth/principal.js';
import type { StreamHub } from './stream-hub.js';

/** The spec's reconnect delay, sent to the browser as the stream's `retry`. */
export const RECONNECT_DELAY_MS = 5_000;

/**
 * GET /api/realtime/events: the signed-in user's events as Server-Sent Events (session cookie or
 * `nat_` bearer token). Each user gets only their own; `retry: 5000`; a comment line every
 * REALTIME_HEARTBEAT_MS; `Last-Event-ID` resumes with what this instance kept (the last five
 * minutes); at most REALTIME_MAX_STREAMS_PER_USER streams per user and instance (429 beyond).
 * A stream lives no longer than its session: it ends when the session expires, and when it is
 * signed out or ended by another sign-in on any instance (the auth module's announcement over the
 * event bus). The client's reconnect then gets the 401 that sends it to sign in.
 */
export const realtimeRoutes: FastifyPluginAsyncZod<{ hub: StreamHub; maxStreamsPerUser: number }> = async (
  app,
  { hub, maxStreamsPerUser },
) => {
  app.get(
    '/api/realtime/events',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['realtime'],
        // A new EventSource cannot set Last-Event-ID itself: the web client passes it here.
        querystring: z.object({ lastEventId: z.string().max(64).optional() }),
      },
    },
    async (request, reply) => {
      const { session } = sessionOf(request);
      const { userId } = session;
      // Ended between the authentication hook's look-up and now (here or on another instance).
      if (hub.sessionEnded(session.id) || session.expiresAt.getTime() <= Date.now()) {
        throw new AppError(401, authMessages.unauthorized, 'UNAUTHORIZED');
      }
      if (hub.streamsOf(userId) >= maxStreamsPerUser) {
        throw new AppError(
          429,
          `Too many open event streams: at most ${maxStreamsPerUser} at once. Close another tab and try again.`,
          'TOO_MANY_STREAMS',
        );
      }
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies such as nginx must pass each frame on at once.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      raw.socket?.setNoDelay(true);
      raw.write(`retry: ${RECONNECT_DELAY_MS}\n: connected\n\n`);

      const header = request.headers['last-event-id'];
      const lastEventId = typeof header === 'string' && header.length > 0 ? header : request.query.lastEventId;
      if (typeof lastEventId === 'string' && lastEventId.length > 0 && lastEventId.length <= 64) {
        for (const frame of hub.replay(userId, lastEventId)) hub.write(raw, frame);
      }
      hub.add({
        raw,
        userId,
        session,
        log: request.log,
        // The one line per request, when it ends (a hijacked reply is not logged by Fastify).
        onGone: () =>
          request.log.info(
            { method: request.method, url: request.url, statusCode: 200, ms: Math.round(reply.elapsedTime) },
            'request',
          ),
      });
      request.log.info({ userId, resumed: Boolean(lastEventId) }, 'event stream opened');
    },
  );
};
