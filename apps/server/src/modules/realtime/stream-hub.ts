import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus, PortalEvent } from '../../plugins/app/event-bus.js';
import type { AuthService } from '../auth/auth.service.js';

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
export type EndReason = 'session ended' | 'session expired' | 'server closing';

/** One Server-Sent Events frame. */
export function sseFrame(event: Pick<PortalEvent, 'id' | 'type' | 'data'>): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** An open stream the hub writes to: its response, whose it is, and its session. */
export interface StreamToAdd {
  raw: ServerResponse;
  userId: string;
  session: { id: string; expiresAt: Date };
  log: FastifyBaseLogger;
  /** Called once when the stream is gone (ended here or closed by the client). */
  onGone: () => void;
}

/**
 * The streams open on this instance, by user and by session: each user's events from the bus are
 * written to that user's streams; a stream ends when its session ends (announced by the auth
 * module on any instance, or found gone after a break in the bus) or expires, and when the server
 * closes.
 */
export function createStreamHub(deps: {
  bus: EventBus;
  auth: Pick<AuthService, 'onSessionsEnded' | 'liveSessionIds'>;
  log: FastifyBaseLogger;
  heartbeatMs: number;
}) {
  const { heartbeatMs } = deps;
  const open = new Map<string, Set<ServerResponse>>();
  const everyStream = new Set<{ end: (reason: EndReason) => void }>();
  const bySession = new Map<string, Set<{ end: (reason: EndReason) => void }>>();
  /** Session id -> when its end was heard (oldest first), for ENDED_MEMORY_MS. */
  const ended = new Map<string, number>();
  const corked = new Set<ServerResponse>();

  const unsubscribe = deps.bus.subscribe((event) => {
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
  const stopSessions = deps.auth.onSessionsEnded(({ sessionIds }) => endSessions(sessionIds));
  // Back from a break in the bus's Redis subscription: announcements may have been missed, so the
  // sessions of the streams held here are checked against the database.
  const stopResubscribed = deps.bus.onResubscribed(() => {
    const held = [...bySession.keys()];
    deps.auth.liveSessionIds(held).then(
      (live) => endSessions(held.filter((id) => !live.has(id))),
      (error: unknown) => deps.log.warn({ err: error }, 'could not check the sessions of open event streams'),
    );
  });

  /** Writes a frame unless the client has fallen too far behind (then it is dropped). */
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

  /**
   * Holds a stream open (its headers and first lines written): events of its user are written to
   * it, a heartbeat when it is quiet, and it ends with its session.
   */
  function add({ raw, userId, session, log, onGone }: StreamToAdd): void {
    let streams = open.get(userId);
    if (!streams) open.set(userId, (streams = new Set()));
    const mine = streams;
    mine.add(raw);

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
          log.info({ userId, sessionId: session.id, reason }, 'event stream ended');
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
      mine.delete(raw);
      if (mine.size === 0 && open.get(userId) === mine) open.delete(userId);
      onGone();
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
  }

  return {
    /** Whether the session's end was heard lately (here or on another instance). */
    sessionEnded: (sessionId: string) => ended.has(sessionId),
    /** The user's streams open on this instance. */
    streamsOf: (userId: string) => open.get(userId)?.size ?? 0,
    /** Streams open on this instance (benchmarks, health). */
    openStreams: () => everyStream.size,
    /** The user's events after `lastEventId` that this instance kept, as frames. */
    replay: (userId: string, lastEventId: string) => [...deps.bus.replay(userId, lastEventId)].map(sseFrame),
    write,
    add,
    /** Stops listening and ends every stream (the server is closing). */
    close(): void {
      unsubscribe();
      stopSessions();
      stopResubscribed();
      for (const stream of everyStream) stream.end('server closing');
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
