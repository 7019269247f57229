import { describe, expect, it, vi } from 'vitest';
import { testDriver, useTestApp } from '../../test/helper.testing.js';
import { JobSuperseded } from './queue.js';

// Workers poll only every minute here: a retry or a job due later starts on its notice (the
// database trigger's NOTIFY) and its timer, not on a poll.
describe(`the job queue on ${testDriver}`, () => {
  const handled: { id: string; attempt: number; at: number }[] = [];
  let failures = 0;
  let superseded = 0;
  const t = useTestApp({
    config: { queue: { pollingIntervalSeconds: 60, maintenanceIntervalSeconds: 1 } },
    setup: (app) => {
      app.queue.define<{ n: number }>('test.echo', {
        handler: async (data, job) => {
          handled.push({ id: job.id, attempt: job.retryCount, at: Date.now() });
          return { doubled: data.n * 2 };
        },
      });
      app.queue.define<{ failTimes: number }>('test.flaky', {
        handler: async (data, job) => {
          if (job.retryCount < data.failTimes) {
            failures += 1;
            throw new Error(`attempt ${job.retryCount + 1} failed`);
          }
          return { attempts: job.retryCount + 1 };
        },
        retryLimit: 2,
        retryDelay: 1,
        retryBackoff: false,
      });
      app.queue.define('test.superseded', {
        handler: async () => {
          superseded += 1;
          throw new JobSuperseded('another instance runs it now');
        },
        retryLimit: 2,
        retryDelay: 1,
        retryBackoff: false,
      });
    },
  });

  const settled = async (name: string, id: string) => {
    let state = await t.app.queue.get(name, id);
    await vi.waitFor(
      async () => {
        state = await t.app.queue.get(name, id);
        expect(['completed', 'failed', 'cancelled']).toContain(state?.state);
      },
      { timeout: 20_000, interval: 100 },
    );
    return state;
  };

  it('runs a job once and keeps what it returned', async () => {
    const id = await t.app.queue.send('test.echo', { n: 21 });
    expect(id).toEqual(expect.any(String));
    const state = await settled('test.echo', id!);
    expect(state).toMatchObject({ state: 'completed', output: { doubled: 42 } });
    expect(handled.filter((h) => h.id === id).map((h) => ({ id: h.id, attempt: h.attempt }))).toEqual([
      { id, attempt: 0 },
    ]);
  });

  it('starts jobs due later each when it is due, without waiting for a poll', async () => {
    const sent = Date.now();
    // The earlier one first: the later one waits behind its timer, then gets its own.
    const first = await t.app.queue.send('test.echo', { n: 2 }, { startAfter: sent + 1_200 });
    const second = await t.app.queue.send('test.echo', { n: 3 }, { startAfter: sent + 2_200 });
    for (const [id, due] of [
      [first, 1_200],
      [second, 2_200],
    ] as const) {
      expect(await settled('test.echo', id!)).toMatchObject({ state: 'completed' });
      const ran = handled.find((h) => h.id === id);
      expect(ran?.at).toBeGreaterThanOrEqual(sent + due - 100);
      expect(ran?.at).toBeLessThan(sent + due + 5_000);
    }
  });

  it('retries a failing job, and ends it failed with the last error once the retries are spent', async () => {
    const recovered = await t.app.queue.send('test.flaky', { failTimes: 1 });
    expect(await settled('test.flaky', recovered!)).toMatchObject({
      state: 'completed',
      retryCount: 1,
      output: { attempts: 2 },
    });

    failures = 0;
    const dead = await t.app.queue.send('test.flaky', { failTimes: 99 });
    const state = await settled('test.flaky', dead!);
    expect(state).toMatchObject({ state: 'failed', retryCount: 2, output: { message: 'attempt 3 failed' } });
    expect(failures).toBe(3);
  });

  it('leaves a job whose work another instance took over as it is: neither completed nor failed (nor retried)', async () => {
    const id = await t.app.queue.send('test.superseded', {});
    await vi.waitFor(() => expect(superseded).toBe(1), { timeout: 10_000, interval: 50 });
    // Its handler has returned; the job stays the other instance's (here: active, untouched).
    await vi.waitFor(async () => expect((await t.app.queue.get('test.superseded', id!))?.state).toBe('active'), {
      timeout: 5_000,
      interval: 50,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await t.app.queue.get('test.superseded', id!))?.state).toBe('active');
    expect(superseded).toBe(1);
  });

  it('cancels a job that has not run yet', async () => {
    const id = await t.app.queue.send('test.echo', { n: 1 }, { startAfter: Date.now() + 60_000 });
    await t.app.queue.cancel('test.echo', id!);
    expect((await t.app.queue.get('test.echo', id!))?.state).toBe('cancelled');
    expect(handled.some((h) => h.id === id)).toBe(false);
  });
});
