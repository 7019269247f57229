import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSource } from '@/testing/fake-event-source.testing';
import { RealtimeClient, REALTIME_RECONNECT_MS, type RealtimeEvent } from './realtime';

describe('RealtimeClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSource.made = [];
  });
  afterEach(() => vi.useRealTimers());

  const make = () => {
    const events: RealtimeEvent[] = [];
    const onError = vi.fn();
    const client = new RealtimeClient({
      onEvent: (event) => events.push(event),
      onError,
      createSource: (url) => new FakeSource(url) as unknown as EventSource,
    });
    return { client, events, onError };
  };

  it('passes typed events on and reports the stream open', () => {
    const { client, events } = make();
    client.connect();
    expect(client.status).toBe('connecting');
    const source = FakeSource.made[0]!;
    expect(source.url).toBe('/api/realtime/events');
    source.onopen?.(new Event('open'));
    expect(client.status).toBe('open');
    source.emit('container.updated', { id: 'ctr_1', status: 'running' }, 'a-1-x');
    expect(events).toEqual([{ id: 'a-1-x', type: 'container.updated', data: { id: 'ctr_1', status: 'running' } }]);
  });

  it('on an error fires the error event, shows the stream down and reconnects after 5 s from the last event', () => {
    const { client, onError } = make();
    client.connect();
    const first = FakeSource.made[0]!;
    first.onopen?.(new Event('open'));
    first.emit('api_key.used', { id: 'key_1', usage_count: 3 }, 'b-7-x');
    first.onerror?.(new Event('error'));
    expect(first.closed).toBe(true);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(client.status).toBe('down');
    vi.advanceTimersByTime(REALTIME_RECONNECT_MS - 1);
    expect(FakeSource.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.made).toHaveLength(2);
    expect(FakeSource.made[1]!.url).toBe('/api/realtime/events?lastEventId=b-7-x');
    FakeSource.made[1]!.onopen?.(new Event('open'));
    expect(client.status).toBe('open');
  });

  it('stops for good on disconnect (sign-out)', () => {
    const { client } = make();
    client.connect();
    FakeSource.made[0]!.onerror?.(new Event('error'));
    client.disconnect();
    vi.advanceTimersByTime(REALTIME_RECONNECT_MS * 2);
    expect(FakeSource.made).toHaveLength(1);
    expect(client.status).toBe('idle');
  });
});
