import { authMessages } from '@nuvem/contracts/auth';
import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import type { PortalEvent } from '../../plugins/app/events.js';
import type { App } from '../../types.js';
import { sessionOf } from '../auth/principal.js';

/** The spec's reconnect delay, sent to the browser as the stream's `retry`. */
export const RECONNECT_DELAY_MS = 5_000;
/** A client that stops reading is dropped once this much is waiting for it. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** The longest delay a Node timer takes; a longer session's end is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * How long an ended session's id is remembered: a stream whose session was checked just before
 * it ended, and that reaches its handler only after the announcement, is refused all the same.
 */
const ENDED_MEMORY_MS = 60_000;

/** Why a stream ended on the server's side (logged). */
type EndReason = 'session ended' | 'session expired' | 'server closing';

/** One Server-Sent Events frame. */
export function sseFrame(event: Pick<PortalEvent, 'id' | 'type' | 'data'>): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * GET /api/realtime/events: the signed-in user's events as Server-Sent Events (session cookie or
 * `nat_` bearer token). Each user gets only their own; `retry: 5000`; a comment line every
 * REALTIME_HEARTBEAT_MS; `Last-Event-ID` resumes with what this instance kept (the last five
 * minutes); at most REALTIME_MAX_STREAMS_PER_USER streams per user and instance (429 beyond).
 * A stream lives no longer than its session: it ends when the session expires, and when it is
 * signed out or ended by another sign-in on any instance (the auth module's announcement over the
 * event bus). The client's reconnect then gets the 401 that sends it to sign in.
 */
export const realtimePlugin = fp(
  async (app: App) => {
    const { maxStreamsPerUser, heartbeatMs } = app.config.realtime;
    const open = new Map<string, Set<ServerResponse>>();
    const everyStream = new Set<{ end: (reason: EndReason) => void }>();
    const bySession = new Map<string, Set<{ end: (reason: EndReason) => void }>>();
    /** Session id -> when its end was heard (oldest first), for ENDED_MEMORY_MS. */
    const ended = new Map<string, number>();
    const corked = new Set<ServerResponse>();

    const unsubscribe = app.events.subscribe((event) => {
      const streams = open.get(event.userId);
      if (!streams) return;
      const frame = sseFrame(event);
      for (const raw of streams) write(raw, frame);
    });
    const endSessions = (sessionIds: Iterable<string>) => {
      const now = Date.now();
      for (const [id, at] of ended) {
        if (now - at < ENDED_MEMORY_MS) break;
        ended.delete(id);
      }
      for (const id of sessionIds) {
        ended.delete(id);
        ended.set(id, now);
        for (const stream of bySession.get(id) ?? []) stream.end('session ended');
      }
    };
    const stopSessions = app.auth.onSessionsEnded(({ sessionIds }) => endSessions(sessionIds));
    // Back from a break in the bus's Redis subscription: announcements may have been missed, so the
    // sessions of the streams held here are checked against the database.
    const stopResubscribed = app.events.onResubscribed(() => {
      const held = [...bySession.keys()];
      app.auth.liveSessionIds(held).then(
        (live) => endSessions(held.filter((id) => !live.has(id))),
        (error: unknown) => app.log.warn({ err: error }, 'could not check the sessions of open event streams'),
      );
    });
    app.addHook('preClose', async () => {
      unsubscribe();
      stopSessions();
      stopResubscribed();
      for (const stream of everyStream) stream.end('server closing');
    });

    function write(raw: ServerResponse, frame: string): void {
      if (raw.writableEnded || raw.destroyed) return;
      if (raw.writableLength > MAX_BUFFERED_BYTES) {
        raw.destroy();
        return;
      }
      // Events raised together (a run's steps, say) leave in one write: the stream is corked at
      // its first frame and uncorked once this turn of the event loop is done.
      if (!corked.has(raw)) {
        corked.add(raw);
        raw.cork();
        setImmediate(() => {
          corked.delete(raw);
          if (!raw.destroyed) raw.uncork();
        });
      }
      raw.write(frame);
    }

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
        if (ended.has(session.id) || session.expiresAt.getTime() <= Date.now()) {
          throw new AppError(401, authMessages.unauthorized, 'UNAUTHORIZED');
        }
        let mine = open.get(userId);
        if ((mine?.size ?? 0) >= maxStreamsPerUser) {
          throw new AppError(
            429,
            `Too many open event streams: at most ${maxStreamsPerUser} at once. Close another tab and try again.`,
            'TOO_MANY_STREAMS',
          );
        }
        if (!mine) open.set(userId, (mine = new Set()));
        const streams = mine;
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
          for (const event of app.events.replay(userId, lastEventId)) write(raw, sseFrame(event));
        }
        streams.add(raw);

        // A comment line whenever the stream has been quiet for REALTIME_HEARTBEAT_MS: the socket's
        // own idle timer (re-armed by every write), so a busy stream sends none and no interval
        // timer runs per stream. Listening on the response keeps Node from closing the socket.
        raw.setTimeout(heartbeatMs, () => write(raw, `: heartbeat ${Date.now()}\n\n`));
        let done = false;
        let expiry: NodeJS.Timeout | undefined;
        const handle = {
          end: (reason: EndReason) => {
            if (done) return;
            if (reason !== 'server closing') {
              request.log.info({ userId, sessionId: session.id, reason }, 'event stream ended');
              write(raw, `: ${reason}\n\n`);
            }
            cleanUp();
            raw.end();
          },
        };
        everyStream.add(handle);
        let sessionStreams = bySession.get(session.id);
        if (!sessionStreams) bySession.set(session.id, (sessionStreams = new Set()));
        const mineOfSession = sessionStreams;
        mineOfSession.add(handle);
        const cleanUp = () => {
          if (done) return;
          done = true;
          clearTimeout(expiry);
          everyStream.delete(handle);
          mineOfSession.delete(handle);
          if (mineOfSession.size === 0 && bySession.get(session.id) === mineOfSession) bySession.delete(session.id);
          streams.delete(raw);
          if (streams.size === 0 && open.get(userId) === streams) open.delete(userId);
          // The one line per request, when it ends (a hijacked reply is not logged by Fastify).
          request.log.info(
            { method: request.method, url: request.url, statusCode: 200, ms: Math.round(reply.elapsedTime) },
            'request',
          );
        };
        // The session's end time is known: the stream ends then (one timer per stream, which does
        // not keep the process alive), in steps for a session longer than a timer can wait.
        const armExpiry = () => {
          const left = session.expiresAt.getTime() - Date.now();
          if (left <= 0) handle.end('session expired');
          else (expiry = setTimeout(armExpiry, Math.min(left, MAX_TIMER_MS))).unref();
        };
        raw.on('close', cleanUp);
        raw.on('error', cleanUp);
        armExpiry();
        request.log.info({ userId, resumed: Boolean(lastEventId) }, 'event stream opened');
      },
    );

    app.decorate('realtime', {
      /** Streams open on this instance (benchmarks, health). */
      openStreams: () => everyStream.size,
    });
  },
  { name: 'realtime', dependencies: ['auth', 'events'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    realtime: { openStreams: () => number };
  }
}
