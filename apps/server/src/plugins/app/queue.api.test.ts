import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, testConfig, testDriver, useTestApp, type TestDatabase } from '../../test/helper.js';
import type { App } from '../../types.js';

describe(`the job queue on ${testDriver}`, () => {
  const handled: { id: string; attempt: number }[] = [];
  let failures = 0;
  const t = useTestApp({
    setup: (app) => {
      app.queue.define<{ n: number }>('test.echo', {
        handler: async (data, job) => {
          handled.push({ id: job.id, attempt: job.retryCount });
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
    expect(handled.filter((h) => h.id === id)).toEqual([{ id, attempt: 0 }]);
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

  it('cancels a job that has not run yet', async () => {
    const id = await t.app.queue.send('test.echo', { n: 1 }, { startAfter: Date.now() + 60_000 });
    await t.app.queue.cancel('test.echo', id!);
    expect((await t.app.queue.get('test.echo', id!))?.state).toBe('cancelled');
    expect(handled.some((h) => h.id === id)).toBe(false);
  });
});

// Several instances on one PostgreSQL share the work: each job runs once, a repeatable job once per
// interval, whichever instance takes it.
describe.runIf(testDriver === 'postgres')('the job queue on two instances of one PostgreSQL', () => {
  let database: TestDatabase;
  const apps: App[] = [];
  const ran = new Map<string, string[]>();
  const ticks: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig(database.config);
    for (const name of ['a', 'b']) {
      const app = await buildApp(config);
      app.queue.define<{ key: string }>('test.shared', {
        handler: async (data) => {
          ran.set(data.key, [...(ran.get(data.key) ?? []), name]);
          await new Promise((resolve) => setTimeout(resolve, 20));
        },
        concurrency: 3,
      });
      app.queue.every('test.tick', 1_000, async () => {
        ticks.push(name);
      });
      apps.push(app);
    }
    await Promise.all(apps.map((app) => app.ready()));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.drop();
  });

  it('runs each of 40 jobs once, on either instance', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `job-${i}`);
    await Promise.all(keys.map((key, i) => apps[i % 2]!.queue.send('test.shared', { key })));
    await apps[0]!.queue.drain(['test.shared'], 30_000);
    expect([...ran.keys()].sort()).toEqual([...keys].sort());
    for (const key of keys) expect(ran.get(key)).toHaveLength(1);
    expect(new Set([...ran.values()].flat()).size).toBe(2);
  });

  it('runs a repeatable job once per interval, not once per instance', async () => {
    const before = ticks.length;
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    const during = ticks.length - before;
    // About 4 slots of one second went by: two instances each running it would make about 9.
    expect(during).toBeGreaterThanOrEqual(2);
    expect(during).toBeLessThanOrEqual(6);
  });
});
