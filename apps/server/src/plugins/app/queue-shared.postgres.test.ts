import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helper.testing.js';
import type { App } from '../../types.js';

// Run by the server:postgres project only (the file name says so): PGlite is one process's database.
// Several instances on one PostgreSQL share the work: each job runs once, a repeatable job once per
// interval, whichever instance takes it.
describe('the job queue on two instances of one PostgreSQL', () => {
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
