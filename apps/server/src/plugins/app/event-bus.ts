import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { App } from '../../types.js';

/** One event for one user: what the realtime stream sends (`id`, `event: type`, `data`). */
export interface PortalEvent {
  /** `<ms since epoch, base 36>-<sequence>-<instance>`: unique, and ordered by publish time. */
  id: string;
  type: string;
  userId: string;
  data: Record<string, unknown>;
  /** Publish time, ms since epoch. */
  at: number;
}

export type EventListener = (event: PortalEvent) => void;

/**
 * Modules publish here; the realtime stream (and anything else) subscribes. In-process by
 * default; with REDIS_URL every instance receives every instance's events over Redis pub/sub.
 * Each instance keeps the last REPLAY_MS of events so a client that reconnects with
 * `Last-Event-ID` gets what it missed, whichever instance it reaches.
 */
export interface EventBus {
  publish(userId: string, type: string, data: Record<string, unknown>): Promise<void>;
  subscribe(listener: EventListener): () => void;
  /** The user's events after `lastEventId` that this instance still keeps (oldest first). */
  replay(userId: string, lastEventId: string): PortalEvent[];
  /** Messages this instance broadcast to others only (not user events): ecosystem health, say. */
  broadcast(channel: string, data: unknown): Promise<void>;
  onBroadcast(channel: string, listener: (data: unknown) => void): () => void;
  /**
   * Called when this instance's Redis subscription comes back after a disconnect: messages sent
   * meanwhile were missed, so what was cached on their strength should be forgotten.
   */
  onResubscribed(listener: () => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    eventBus: EventBus;
  }
}

/** How long events are kept for a resume (Last-Event-ID). */
export const REPLAY_MS = 5 * 60 * 1000;
/** At most this many kept events per user (older ones are dropped first). */
const REPLAY_PER_USER = 500;
const CHANNEL = 'nuvem:events';
/** Ids of the events delivered last, remembered so that none is delivered twice. */
const DELIVERED_IDS = 10_000;

type Wire = { kind: 'event'; event: PortalEvent } | { kind: 'broadcast'; channel: string; data: unknown };

/** Parses an event id's time; null when it is not one of ours. */
export function eventIdTime(id: string): number | null {
  const match = /^([0-9a-z]{1,11})-\d+-[0-9a-z]+$/.exec(id);
  if (!match?.[1]) return null;
  const ms = parseInt(match[1], 36);
  return Number.isFinite(ms) ? ms : null;
}

export function createEventBus(options: {
  redis: Redis | null;
  instanceId: string;
  onError: (error: unknown) => void;
}): EventBus & { close(): Promise<void>; ready: Promise<void> } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const kept = new Map<string, PortalEvent[]>();
  let sequence = 0;

  const keep = (event: PortalEvent) => {
    let list = kept.get(event.userId);
    if (!list) kept.set(event.userId, (list = []));
    list.push(event);
    const cutoff = Date.now() - REPLAY_MS;
    while (list.length > REPLAY_PER_USER || (list[0] && list[0].at < cutoff)) list.shift();
  };
  // Users who have gone quiet are forgotten: checked as events come in, at most once a minute, so
  // no timer runs on an idle instance.
  let sweptAt = Date.now();
  const sweep = () => {
    const now = Date.now();
    if (now - sweptAt < 60_000) return;
    sweptAt = now;
    const cutoff = now - REPLAY_MS;
    for (const [userId, list] of kept) {
      while (list[0] && list[0].at < cutoff) list.shift();
      if (list.length === 0) kept.delete(userId);
    }
  };

  // An event delivered once only: a publish that timed out (its reply late, as after a long
  // pause of this process) is delivered here directly, though Redis may have sent it on as well.
  const delivered = new Set<string>();
  const deliver = (wire: Wire) => {
    if (wire.kind === 'event') {
      if (delivered.has(wire.event.id)) return;
      delivered.add(wire.event.id);
      if (delivered.size > DELIVERED_IDS) {
        const oldest = delivered.values().next().value;
        if (oldest !== undefined) delivered.delete(oldest);
      }
      sweep();
      keep(wire.event);
      emitter.emit('event', wire.event);
    } else {
      emitter.emit(`broadcast:${wire.channel}`, wire.data);
    }
  };

  const { redis } = options;
  const subscriber = redis?.duplicate() ?? null;
  let ready: Promise<void> = Promise.resolve();
  if (subscriber) {
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        deliver(JSON.parse(message) as Wire);
      } catch (error) {
        options.onError(error);
      }
    });
    let connectedOnce = false;
    subscriber.on('ready', () => {
      if (connectedOnce) emitter.emit('resubscribed');
      connectedOnce = true;
    });
    ready = subscriber.subscribe(CHANNEL).then(() => undefined);
    ready.catch(options.onError);
  }

  const send = async (wire: Wire) => {
    if (!redis) {
      deliver(wire);
      return;
    }
    try {
      await redis.publish(CHANNEL, JSON.stringify(wire));
    } catch (error) {
      // Redis away: this instance's own streams still get it.
      options.onError(error);
      deliver(wire);
    }
  };

  return {
    ready,
    async publish(userId, type, data) {
      const at = Date.now();
      sequence = (sequence + 1) % 1_000_000_000;
      const event: PortalEvent = { id: `${at.toString(36)}-${sequence}-${options.instanceId}`, type, userId, data, at };
      await send({ kind: 'event', event });
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    replay(userId, lastEventId) {
      const list = kept.get(userId) ?? [];
      const index = list.findIndex((event) => event.id === lastEventId);
      if (index >= 0) return list.slice(index + 1);
      // An id this instance never saw (older than what it keeps, or from before it started):
      // everything kept since that id's time.
      const since = eventIdTime(lastEventId);
      if (since === null) return [];
      return list.filter((event) => event.at >= since && event.id !== lastEventId);
    },
    async broadcast(channel, data) {
      await send({ kind: 'broadcast', channel, data });
    },
    onBroadcast(channel, listener) {
      emitter.on(`broadcast:${channel}`, listener);
      return () => emitter.off(`broadcast:${channel}`, listener);
    },
    onResubscribed(listener) {
      emitter.on('resubscribed', listener);
      return () => emitter.off('resubscribed', listener);
    },
    async close() {
      emitter.removeAllListeners();
      if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

export const eventBusPlugin = fp(
  async (app: App) => {
    const bus = createEventBus({
      redis: app.redis,
      instanceId: Math.random().toString(36).slice(2, 8),
      onError: (error) => app.log.warn({ err: error }, 'event bus: Redis pub/sub failed'),
    });
    await bus.ready.catch(() => {});
    app.decorate('eventBus', bus);
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'event-bus', dependencies: ['redis'] },
);
