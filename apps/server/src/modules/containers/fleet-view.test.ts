import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../plugins/app/event-bus.js';
import { createFleetView, LATEST_SAMPLE_MAX_AGE_MS, type LatestSample } from './fleet-view.js';

const metrics: LatestSample['metrics'] = {
  cpu_usage: 12.5,
  memory_usage: 40,
  disk_usage: 10,
  network_rx_mb: 1,
  network_tx_mb: 2,
  processes: 7,
};

function setUp(options: { ttlMs?: number; maxUsers?: number } = {}) {
  const real = createEventBus({
    redis: null,
    instanceId: 'test',
    onError: (error) => {
      throw error;
    },
  });
  // The real in-process bus; its Redis resubscription (after a disconnect) is played by the test.
  const resubscribed: Array<() => void> = [];
  const bus = {
    ...real,
    onResubscribed: (listener: () => void) => {
      resubscribed.push(listener);
      return () => {};
    },
  };
  let clock = Date.now();
  let loads = 0;
  const view = createFleetView({
    bus,
    loadLatest: async () => [{ id: 'ctr_stored', at: clock - 1_000, metrics }],
    now: () => clock,
    ...options,
  });
  const load = (value: string) => async () => {
    loads += 1;
    return value;
  };
  return {
    bus,
    view,
    load,
    resubscribe: () => resubscribed.forEach((listener) => listener()),
    loads: () => loads,
    tick: (ms: number) => {
      clock += ms;
    },
    /** Moves the view's clock to `ms` past the real clock, which stamps the bus's events. */
    tickPastNow: (ms: number) => {
      clock = Math.max(clock, Date.now()) + ms;
    },
  };
}

describe('fleet view', () => {
  it('keeps a result until a change to one of the user’s containers, and only that user’s', async () => {
    const { view, load, loads } = setUp();
    expect(await view.result('ana', 'list', load('first'))).toBe('first');
    expect(await view.result('ana', 'list', load('second'))).toBe('first');
    expect(await view.result('bia', 'list', load('bia'))).toBe('bia');
    expect(loads()).toBe(2);
    view.changed('ana');
    expect(await view.result('ana', 'list', load('third'))).toBe('third');
    expect(await view.result('bia', 'list', load('not read'))).toBe('bia');
  });

  it('drops results on a change event from the bus (another instance), not on a sample', async () => {
    const { bus, view, load } = setUp();
    await view.result('ana', 'list', load('before'));
    await bus.publish('ana', 'container.updated', { id: 'ctr_1', status: 'running', metrics });
    expect(await view.result('ana', 'list', load('after sample'))).toBe('before');
    await bus.publish('ana', 'container.updated', { id: 'ctr_1', status: 'stopped' });
    expect(await view.result('ana', 'list', load('after change'))).toBe('after change');
  });

  it('does not keep a result read while a change landed', async () => {
    const { view } = setUp();
    let release: (value: string) => void = () => {};
    const pending = view.result('ana', 'list', () => new Promise<string>((resolve) => (release = resolve)));
    view.changed('ana');
    release('read before the change');
    expect(await pending).toBe('read before the change');
    expect(await view.result('ana', 'list', async () => 'read again')).toBe('read again');
  });

  it('never uses a result past its time to live', async () => {
    const { view, load, tick } = setUp({ ttlMs: 1_000 });
    await view.result('ana', 'list', load('old'));
    tick(999);
    expect(await view.result('ana', 'list', load('new'))).toBe('old');
    tick(2);
    expect(await view.result('ana', 'list', load('new'))).toBe('new');
  });

  it('keeps a bounded number of users, the least recently used dropped first', async () => {
    const { view, load, loads } = setUp({ maxUsers: 2 });
    await view.result('ana', 'list', load('ana'));
    await view.result('bia', 'list', load('bia'));
    await view.result('ana', 'list', load('ana again'));
    await view.result('cleo', 'list', load('cleo'));
    expect(loads()).toBe(3);
    expect(await view.result('ana', 'list', load('ana reloaded'))).toBe('ana');
    expect(await view.result('bia', 'list', load('bia reloaded'))).toBe('bia reloaded');
  });

  it("keeps each container's newest sample from the bus, at most five minutes", async () => {
    const { bus, view, tickPastNow } = setUp();
    await bus.publish('ana', 'container.updated', { id: 'ctr_1', status: 'running', metrics });
    expect(view.latestOf('ctr_1')?.metrics).toEqual(metrics);
    // An older sample (another instance's, late) does not replace a newer one.
    view.record('ctr_1', { metrics: { ...metrics, cpu_usage: 99 }, at: 1 });
    expect(view.latestOf('ctr_1')?.metrics.cpu_usage).toBe(12.5);
    // The bus stamps the event with the real clock, which may be ahead of the view's by now.
    tickPastNow(LATEST_SAMPLE_MAX_AGE_MS + 1);
    expect(view.latestOf('ctr_1')).toBeUndefined();
  });

  it('counts the samples of a user it keeps results for, so a summary made from them is made again', async () => {
    const { bus, view, load } = setUp();
    await bus.publish('ana', 'container.updated', { id: 'ctr_1', status: 'running', metrics });
    expect(view.samplesSeen('ana')).toBe(0);
    await view.result('ana', 'list', load('kept'));
    await bus.publish('ana', 'container.updated', { id: 'ctr_1', status: 'running', metrics });
    view.record('ctr_2', { metrics, at: Date.now() }, 'ana');
    expect(view.samplesSeen('ana')).toBe(2);
    expect(view.samplesSeen('bia')).toBe(0);
  });

  it('forgets a deleted container’s sample', async () => {
    const { bus, view } = setUp();
    view.record('ctr_1', { metrics, at: Date.now() });
    await bus.publish('ana', 'container.updated', { id: 'ctr_1', status: 'deleted', deleted: true });
    expect(view.latestOf('ctr_1')).toBeUndefined();
  });

  it('reads a user’s stored samples once in the background, and again after a failure or missed messages', async () => {
    const { view, load, resubscribe } = setUp();
    await view.prime('ana');
    expect(view.latestOf('ctr_stored')?.metrics).toEqual(metrics);
    await view.result('ana', 'list', load('kept'));
    // A Redis subscription that came back: everything kept is dropped.
    resubscribe();
    expect(view.latestOf('ctr_stored')).toBeUndefined();
    expect(await view.result('ana', 'list', load('read again'))).toBe('read again');
    await view.prime('ana');
    expect(view.latestOf('ctr_stored')).toBeDefined();
  });
});
