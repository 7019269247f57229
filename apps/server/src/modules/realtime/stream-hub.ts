import type { ServerResponse } from 'node:http';
import { WORKSPACE_CHANGED_EVENT, type MembershipChange, type WorkspaceChangedData } from '@nuvem/contracts/orgs';
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
export type EndReason = 'session ended' | 'session expired' | 'membership changed' | 'server closing';

const memberKey = (workspaceId: string, userId: string) => `${workspaceId} ${userId}`;

/** One Server-Sent Events frame. */
export function sseFrame(event: Pick<PortalEvent, 'id' | 'type' | 'data'>): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * An open stream the hub writes to: its response, the workspace whose events it carries, the
 * person watching (a member of it) and their session.
 */
export interface StreamToAdd {
  raw: ServerResponse;
  workspaceId: string;
  userId: string;
  session: { id: string; expiresAt: Date };
  log: FastifyBaseLogger;
  /** Called once when the stream is gone (ended here or closed by the client). */
  onGone: () => void;
}

/** `notice`: a last frame to write before the end (what the client is to do about it). */
type Handle = { end: (reason: EndReason, notice?: string) => void };

/**
 * The frame a member's stream on an organisation ends with when their membership changed: the
 * portal leaves a workspace it lost (removed, deleted) or reads its role again, before its
 * reconnect would be refused. It has no id: it is no event of the workspace to resume from.
 */
export function workspaceChangedFrame(organisationId: string, change: MembershipChange): string {
  const data: WorkspaceChangedData = { organisationId, change };
  return `event: ${WORKSPACE_CHANGED_EVENT}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Adds `item` to the set kept under `key`, and returns a function that takes it out again. */
function keep<K, V>(map: Map<K, Set<V>>, key: K, item: V): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  const mine = set;
  mine.add(item);
  return () => {
    mine.delete(item);
    if (mine.size === 0 && map.get(key) === mine) map.delete(key);
  };
}

/**
 * The streams open on this instance, by workspace, by person, by membership and by session: each
 * workspace's events from the bus are written to its streams (a person's own workspace has their
 * id); a stream ends when its session ends (announced by the auth module on any instance, or found
 * gone after a break in the bus) or expires, when its person's membership of the workspace ends or
 * changes (announced by the orgs module on any instance, or found gone after a break in the bus),
 * and when the server closes.
 */
export function createStreamHub(deps: {
  bus: EventBus;
  auth: Pick<AuthService, 'onSessionsEnded' | 'liveSessionIds'>;
  /**
   * The orgs module's announcement that a membership ended or its role changed, heard on every
   * instance (`app.orgs.onMembershipChanged`, over the event bus).
   */
  onMembershipChanged: (
    listener: (change: { workspaceId: string; userId: string; change: MembershipChange }) => void,
  ) => () => void;
  /** Whether the person may still read the organisation's events (checked after a break in the bus). */
  mayRead: (workspaceId: string, userId: string) => Promise<boolean>;
  log: FastifyBaseLogger;
  heartbeatMs: number;
}) {
  const { heartbeatMs } = deps;
  /** Workspace id -> its streams (what the bus's events are written to). */
  const open = new Map<string, Set<ServerResponse>>();
  /** Person -> their streams, whatever the workspace (the per-user cap). */
  const byUser = new Map<string, Set<Handle>>();
  /** `<workspace> <person>` -> the person's streams on an organisation. */
  const byMember = new Map<string, Set<Handle>>();
  const everyStream = new Set<Handle>();
  const bySession = new Map<string, Set<Handle>>();
  /** Session id -> when its end was heard (oldest first), for ENDED_MEMORY_MS. */
  const ended = new Map<string, number>();
  /** `<workspace> <person>` -> when a change of that membership was last heard (oldest first). */
  const membershipChanged = new Map<string, number>();
  const corked = new Set<ServerResponse>();

  const unsubscribe = deps.bus.subscribe((event) => {
    // PortalEvent.userId names the workspace that owns what changed.
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

  const endMembership = (workspaceId: string, userId: string, change: MembershipChange) => {
    const key = memberKey(workspaceId, userId);
    const now = Date.now();
    for (const [k, at] of membershipChanged) {
      if (now - at < ENDED_MEMORY_MS) break;
      membershipChanged.delete(k);
    }
    membershipChanged.delete(key);
    membershipChanged.set(key, now);
    const notice = workspaceChangedFrame(workspaceId, change);
    for (const stream of byMember.get(key) ?? []) stream.end('membership changed', notice);
  };
  // Removed, or given another role: the person's streams on that workspace end at once; the
  // client's reconnect is authorised again (404 for a former member; a member whose role still
  // reads is back at once, and Last-Event-ID gives what passed meanwhile).
  const stopMemberships = deps.onMembershipChanged(({ workspaceId, userId, change }) =>
    endMembership(workspaceId, userId, change),
  );

  // Back from a break in the bus's Redis subscription: announcements may have been missed, so the
  // sessions and memberships of the streams held here are checked against the database.
  const stopResubscribed = deps.bus.onResubscribed(() => {
    const held = [...bySession.keys()];
    deps.auth.liveSessionIds(held).then(
      (live) => endSessions(held.filter((id) => !live.has(id))),
      (error: unknown) => deps.log.warn({ err: error }, 'could not check the sessions of open event streams'),
    );
    for (const key of byMember.keys()) {
      const [workspaceId = '', userId = ''] = key.split(' ');
      deps.mayRead(workspaceId, userId).then(
        (allowed) => {
          if (!allowed) endMembership(workspaceId, userId, 'removed');
        },
        (error: unknown) => deps.log.warn({ err: error, workspaceId }, 'could not check the membership of a stream'),
      );
    }
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
   * Holds a stream open (its headers and first lines written): events of its workspace are written
   * to it, a heartbeat when it is quiet, and it ends with its session or its membership.
   */
  function add({ raw, workspaceId, userId, session, log, onGone }: StreamToAdd): void {
    const leaveWorkspace = keep(open, workspaceId, raw);

    // A comment line whenever the stream has been quiet for REALTIME_HEARTBEAT_MS: the socket's
    // own idle timer (re-armed by every write), so a busy stream sends none and no interval
    // timer runs per stream. Listening on the response keeps Node from closing the socket.
    raw.setTimeout(heartbeatMs, () => write(raw, `: heartbeat ${Date.now()}\n\n`));
    let done = false;
    let expiry: NodeJS.Timeout | undefined;
    const handle: Handle = {
      end: (reason: EndReason, notice?: string) => {
        if (done) return;
        if (reason !== 'server closing') {
          log.info({ userId, workspaceId, sessionId: session.id, reason }, 'event stream ended');
          write(raw, `${notice ?? ''}: ${reason}\n\n`);
        }
        cleanUp();
        raw.end();
      },
    };
    everyStream.add(handle);
    const leaveSession = keep(bySession, session.id, handle);
    const leaveUser = keep(byUser, userId, handle);
    // A person's own workspace has no membership to lose.
    const leaveMembership = workspaceId === userId ? () => {} : keep(byMember, memberKey(workspaceId, userId), handle);
    const cleanUp = () => {
      if (done) return;
      done = true;
      clearTimeout(expiry);
      everyStream.delete(handle);
      leaveSession();
      leaveUser();
      leaveMembership();
      leaveWorkspace();
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
    /**
     * Whether a change of the person's membership of the workspace was heard at or after `since`
     * (ms since epoch): a stream authorised before it must be authorised again.
     */
    membershipChangedSince: (workspaceId: string, userId: string, since: number) =>
      (membershipChanged.get(memberKey(workspaceId, userId)) ?? -Infinity) >= since,
    /** The person's streams open on this instance, whatever their workspace. */
    streamsOf: (userId: string) => byUser.get(userId)?.size ?? 0,
    /** Streams open on this instance (benchmarks, health). */
    openStreams: () => everyStream.size,
    /** The workspace's events after `lastEventId` that this instance kept, as frames. */
    replay: (workspaceId: string, lastEventId: string) => [...deps.bus.replay(workspaceId, lastEventId)].map(sseFrame),
    write,
    add,
    /** Stops listening and ends every stream (the server is closing). */
    close(): void {
      unsubscribe();
      stopSessions();
      stopMemberships();
      stopResubscribed();
      for (const stream of everyStream) stream.end('server closing');
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
