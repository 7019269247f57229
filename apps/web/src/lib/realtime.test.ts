import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSource } from '@/testing/fake-event-source.testing';
import { personalWorkspace, setActingWorkspace } from './api-client';
import { RealtimeClient, REALTIME_RECONNECT_MS, realtimeUrl, type RealtimeEvent } from './realtime';

describe('RealtimeClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSource.made = [];
  });
  // A client left connected would follow the next test's workspace changes.
  const clients: RealtimeClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
    vi.useRealTimers();
  });

  const make = () => {
    const events: RealtimeEvent[] = [];
    const onError = vi.fn();
    const client = new RealtimeClient({
      onEvent: (event) => events.push(event),
      onError,
      createSource: (url) => new FakeSource(url) as unknown as EventSource,
    });
    clients.push(client);
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

  it("streams an organisation's events with ?org=, and switches streams when another workspace is chosen", () => {
    setActingWorkspace({ organisationId: 'wsp_acme', permissions: null });
    try {
      const { client, events } = make();
      client.connect();
      const first = FakeSource.made[0]!;
      expect(first.url).toBe('/api/realtime/events?org=wsp_acme');
      first.emit('container.updated', { id: 'ctr_1' }, 'a-1-x');

      setActingWorkspace({ organisationId: 'wsp_acme', permissions: ['containers:read'] });
      expect(FakeSource.made).toHaveLength(1); // the same workspace: the same stream

      setActingWorkspace(personalWorkspace);
      expect(first.closed).toBe(true);
      expect(FakeSource.made).toHaveLength(2);
      // Another stream: from its own start, not from the last workspace's event id.
      expect(FakeSource.made[1]!.url).toBe('/api/realtime/events');
      first.emit('container.updated', { id: 'ctr_old' }, 'a-2-x');
      expect(events.map((event) => event.data.id)).toEqual(['ctr_1']);

      client.disconnect();
      setActingWorkspace({ organisationId: 'wsp_globex', permissions: null });
      expect(FakeSource.made).toHaveLength(2); // signed out: no stream follows the workspace
    } finally {
      setActingWorkspace(personalWorkspace);
    }
  });

  it('writes the workspace and the last event id in the address', () => {
    expect(realtimeUrl('/api/realtime/events', 'wsp_1', 'b-7-x')).toBe(
      '/api/realtime/events?org=wsp_1&lastEventId=b-7-x',
    );
    expect(realtimeUrl('/api/realtime/events', null, null)).toBe('/api/realtime/events');
  });
});
