import { authMessages } from '@nuvem/contracts/auth';
import { ORGANIZATION_QUERY, orgMessages } from '@nuvem/contracts/orgs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { loggedUrl } from '../../lib/log-redaction.js';
import { principalOf, sessionOf } from '../auth/principal.js';
import type { StreamHub } from './stream-hub.js';

/** The spec's reconnect delay, sent to the browser as the stream's `retry`. */
export const RECONNECT_DELAY_MS = 5_000;

/**
 * GET /api/realtime/events: a workspace's events as Server-Sent Events, to a signed-in member who
 * may read its containers (session cookie or `nat_` bearer token). The workspace is the caller's
 * own, or the organisation named by `?org=` (an EventSource cannot send the Nuvem-Organization
 * header; the authentication hook reads either, and answers 404 to a non-member). `retry: 5000`;
 * a comment line every REALTIME_HEARTBEAT_MS; `Last-Event-ID` resumes with what this instance kept
 * of the workspace (the last five minutes); at most REALTIME_MAX_STREAMS_PER_USER streams per
 * person and instance (429 beyond).
 * A stream lives no longer than its session: it ends when the session expires, and when it is
 * signed out or ended by another sign-in on any instance (the auth module's announcement over the
 * event bus); the client's reconnect then gets the 401 that sends it to sign in. A stream on an
 * organisation also ends, on every instance, when its person is removed or their role changes (the
 * orgs module's announcement); the reconnect is authorised again (404 for a former member).
 */
export const realtimeRoutes: FastifyPluginAsyncZod<{
  hub: StreamHub;
  maxStreamsPerUser: number;
  mayRead: (workspaceId: string, userId: string) => Promise<boolean>;
}> = async (app, { hub, maxStreamsPerUser, mayRead }) => {
  app.get(
    '/api/realtime/events',
    {
      config: { auth: 'session', permission: 'containers:read' },
      schema: {
        tags: ['realtime'],
        querystring: z.object({
          // A new EventSource cannot set Last-Event-ID itself: the web client passes it here.
          lastEventId: z.string().max(64).optional(),
          // Nor the Nuvem-Organization header: the organisation whose events to stream.
          [ORGANIZATION_QUERY]: z.string().max(64).optional(),
        }),
      },
    },
    async (request, reply) => {
      // When the request came in: the authentication hook checked the membership after that.
      const startedAt = Date.now() - reply.elapsedTime;
      const { session } = sessionOf(request);
      const { userId, workspaceId } = principalOf(request);
      // Ended between the authentication hook's look-up and now (here or on another instance).
      if (hub.sessionEnded(session.id) || session.expiresAt.getTime() <= Date.now()) {
        throw new AppError(401, authMessages.unauthorized, 'UNAUTHORIZED');
      }
      // The membership changed since the hook checked it: checked again (the change may be a removal).
      if (
        workspaceId !== userId &&
        hub.membershipChangedSince(workspaceId, userId, startedAt) &&
        !(await mayRead(workspaceId, userId))
      ) {
        throw AppError.notFound(orgMessages.notFound, 'ORGANISATION_NOT_FOUND');
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
        for (const frame of hub.replay(workspaceId, lastEventId)) hub.write(raw, frame);
      }
      hub.add({
        raw,
        workspaceId,
        userId,
        session,
        log: request.log,
        // The one line per request, when it ends (a hijacked reply is not logged by Fastify).
        onGone: () =>
          request.log.info(
            { method: request.method, url: loggedUrl(request.url), statusCode: 200, ms: Math.round(reply.elapsedTime) },
            'request',
          ),
      });
      request.log.info({ userId, workspaceId, resumed: Boolean(lastEventId) }, 'event stream opened');
    },
  );
};
