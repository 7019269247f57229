import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createEventBus, type PortalEvent } from './event-bus.js';

/**
 * A Redis whose publish reaches the subscribers and then fails as a timed-out command does (the
 * reply came too late: after a long pause of the process, the timer fires before the reply is read).
 */
function lateRedis() {
  const subscriber = Object.assign(new EventEmitter(), {
    subscribe: () => Promise.resolve(1),
    quit: () => Promise.resolve('OK'),
    disconnect: () => undefined,
  });
  const redis = {
    duplicate: () => subscriber,
    publish: (channel: string, message: string) => {
      subscriber.emit('message', channel, message);
      return Promise.reject(new Error('Command timed out'));
    },
  };
  return redis as unknown as Redis;
}

describe('the event bus over Redis', () => {
  it('delivers an event once when its publish timed out though Redis sent it on', async () => {
    const errors: unknown[] = [];
    const bus = createEventBus({ redis: lateRedis(), instanceId: 'i1', onError: (error) => errors.push(error) });
    await bus.ready;
    const seen: PortalEvent[] = [];
    bus.subscribe((event) => seen.push(event));
    await bus.publish('usr_1', 'execution.updated', { id: 'exe_1' });
    await bus.publish('usr_1', 'execution.updated', { id: 'exe_2' });
    expect(seen.map((event) => event.data.id)).toEqual(['exe_1', 'exe_2']);
    expect(errors).toHaveLength(2);
    // And a resume replays it once too.
    const first = seen[0]?.id ?? '';
    expect(bus.replay('usr_1', first).map((event) => event.data.id)).toEqual(['exe_2']);
    await bus.close();
  });
});
