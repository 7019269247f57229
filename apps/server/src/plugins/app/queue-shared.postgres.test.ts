import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { JobSuperseded } from './queue.js';

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

// Workers poll once a minute here: what another instance queues starts on the notice.
describe('job notices between two instances of one PostgreSQL', () => {
  let database: TestDatabase;
  const apps: App[] = [];
  const ran: { key: string; at: number }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig(database.config, {
      queue: { pollingIntervalSeconds: 60, maintenanceIntervalSeconds: 30 },
    });
    // Only the first instance runs the kind; the second only sends it.
    const worker = await buildApp(config);
    worker.queue.define<{ key: string }>('test.noticed', {
      handler: async (data) => {
        ran.push({ key: data.key, at: Date.now() });
      },
    });
    await worker.ready();
    const sender = await buildApp(config);
    await sender.ready();
    apps.push(worker, sender);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.drop();
  });

  it('starts a job the other instance queued at once, and one due later when it is due', async () => {
    const sender = apps[1]!;
    const sent = Date.now();
    await sender.queue.send('test.noticed', { key: 'now' });
    await sender.queue.send('test.noticed', { key: 'later' }, { startAfter: sent + 1_500 });
    await vi.waitFor(() => expect(ran.map((r) => r.key).sort()).toEqual(['later', 'now']), {
      timeout: 15_000,
      interval: 50,
    });
    const at = new Map(ran.map((r) => [r.key, r.at]));
    expect(at.get('now')! - sent).toBeLessThan(1_000);
    expect(at.get('later')! - sent).toBeGreaterThanOrEqual(1_400);
    expect(at.get('later')! - sent).toBeLessThan(10_000);
  });
});

// An instance killed mid-job (SIGKILL, its machine gone) says nothing: the others see it fall
// silent and set its jobs back to retry at once, instead of after the jobs' expiry.
describe('jobs of an instance that stopped answering', () => {
  let database: TestDatabase;
  let app: App;
  const ran: { key: string; retryCount: number }[] = [];
  const reportedAtStart: number[] = [];
  const heldStarted: string[] = [];
  const heldStopped: string[] = [];
  /** test.again: each run of the job, and how it ended. */
  const again: { run: number; ended: string }[] = [];
  let releaseAgain: () => void = () => undefined;
  const againReleased = new Promise<void>((resolve) => {
    releaseAgain = resolve;
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(
      testConfig(database.config, { queue: { pollingIntervalSeconds: 60, maintenanceIntervalSeconds: 30 } }),
    );
    app.queue.define<{ key: string }>('test.orphaned', {
      handler: async (data, job) => {
        ran.push({ key: data.key, retryCount: job.retryCount });
      },
      expireInSeconds: 15 * 60,
    });
    app.queue.define('test.held', {
      // Runs until told to stop: how it was told is what the test reads.
      handler: async (_data, job) => {
        heldStarted.push(job.id);
        await new Promise<void>((resolve) => {
          job.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        heldStopped.push(job.signal.reason instanceof JobSuperseded ? 'superseded' : String(job.signal.reason));
      },
    });
    app.queue.define('test.again', {
      // The first run holds until stopped; a second run (the job fetched here again) waits for
      // the test, then ends, saying whether it was told to stop meanwhile.
      handler: async (_data, job) => {
        const run = again.length + 1;
        const entry = { run, ended: 'running' };
        again.push(entry);
        if (run === 1) {
          await new Promise<void>((resolve) => {
            job.signal.addEventListener('abort', () => resolve(), { once: true });
          });
          entry.ended = job.signal.reason instanceof JobSuperseded ? 'superseded' : String(job.signal.reason);
          return;
        }
        await againReleased;
        entry.ended = job.signal.aborted ? 'aborted' : 'done';
      },
      concurrency: 2,
    });
    app.queue.define('test.late', {
      // Ends as if this instance had just woken from a 10 s pause, during which another instance
      // took it for dead and fetched the job: its report gone, the job that instance's attempt.
      handler: async (_data, job) => {
        await app.database.executeSql(
          `with gone as (delete from pgboss.nuvem_instance where $1::uuid = any(active))
           update pgboss.job set state = 'active', started_on = now(), retry_count = retry_count + 1
           where id = $1::uuid`,
          [job.id],
        );
        const now = performance.now.bind(performance);
        vi.spyOn(performance, 'now').mockImplementation(() => now() + 10_000);
      },
    });
    app.queue.define<{ key: string }>('test.reported', {
      // What an instance dying now would leave in its report: is this job in it?
      handler: async (_data, job) => {
        const { rows } = await app.database.executeSql(
          `select count(*)::int as n from pgboss.nuvem_instance where $1::uuid = any(active)`,
          [job.id],
        );
        reportedAtStart.push(Number(rows[0]?.n));
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it("are taken over within seconds, not after their 15-minute expiry, and a live instance's are not", async () => {
    const orphan = await app.queue.send('test.orphaned', { key: 'orphan' }, { startAfter: Date.now() + 3_600_000 });
    const kept = await app.queue.send('test.orphaned', { key: 'kept' }, { startAfter: Date.now() + 3_600_000 });
    const since = await app.queue.send('test.orphaned', { key: 'since' }, { startAfter: Date.now() + 3_600_000 });
    // As if two instances had taken one each: one died 20 s ago, the other is alive. The dead one's
    // last report also lists a job it gave up (failed, say), which the live one has fetched since.
    await app.database.executeSql(
      `update pgboss.job set state = 'active',
         started_on = case when id = $1::uuid then now() - interval '25 seconds' else now() end
       where id = any($2::uuid[])`,
      [orphan, [orphan, kept, since]],
    );
    await app.database.executeSql(
      `insert into pgboss.nuvem_instance (id, seen_on, active) values
         ('dead-instance', now() - interval '20 seconds', array[$1, $3]::uuid[]),
         ('live-instance', now(), array[$2, $3]::uuid[])`,
      [orphan, kept, since],
    );
    await vi.waitFor(() => expect(ran.map((r) => r.key)).toEqual(['orphan']), { timeout: 10_000, interval: 50 });
    const { rows } = await app.database.executeSql(`select id from pgboss.nuvem_instance order by id`, []);
    expect(rows.map((row) => row.id)).not.toContain('dead-instance');
    expect(rows.map((row) => row.id)).toContain('live-instance');
    expect((await app.queue.get('test.orphaned', kept!))?.state).toBe('active');
    expect((await app.queue.get('test.orphaned', since!))?.state).toBe('active');
  });

  it("reports a job as this instance's before its handler starts, not only at the next beat (3 s)", async () => {
    await app.queue.send('test.reported', { key: 'now' });
    await vi.waitFor(() => expect(reportedAtStart).toEqual([1]), { timeout: 10_000, interval: 50 });
  });

  it('stops the jobs of an instance taken for dead while it was only slow, and leaves them to the others', async () => {
    /** How many instance reports list the job. */
    const reportsListing = async (job: string | null) => {
      const { rows } = await app.database.executeSql(
        `select count(*)::int as n from pgboss.nuvem_instance where $1::uuid = any(active)`,
        [job],
      );
      return Number(rows[0]?.n);
    };
    const id = await app.queue.send('test.held', {});
    await vi.waitFor(() => expect(heldStarted).toEqual([id]), { timeout: 10_000, interval: 50 });
    // Its report deleted, as whoever took it for dead does (its jobs then go back to the queue).
    await vi.waitFor(async () => expect(await reportsListing(id)).toBe(1), { timeout: 10_000, interval: 50 });
    await app.database.executeSql(`delete from pgboss.nuvem_instance where $1::uuid = any(active)`, [id]);
    // At its next report (a beat, within 3 s) it finds itself taken for dead: the job stops here,
    // and is neither completed nor failed by this instance.
    await vi.waitFor(() => expect(heldStopped).toEqual(['superseded']), { timeout: 10_000, interval: 50 });
    expect((await app.queue.get('test.held', id!))?.state).toBe('active');
    // Its report is written again without the job.
    await vi.waitFor(async () => expect(await reportsListing(id)).toBe(0), { timeout: 10_000, interval: 50 });
  });

  it('does not complete a job over the attempt another instance runs, when its report is old (it was paused)', async () => {
    const superseded = async () => {
      const { values } = await app.metrics.jobDuration.get();
      return values.find(
        (v) => v.metricName?.endsWith('_count') && v.labels.kind === 'test.late' && v.labels.outcome === 'superseded',
      )?.value;
    };
    try {
      const id = await app.queue.send('test.late', {});
      // Before completing, it reports (its last report is older than half the dead time), finds
      // itself taken for dead, and leaves the job to the other instance.
      await vi.waitFor(async () => expect(await superseded()).toBe(1), { timeout: 10_000, interval: 50 });
      expect((await app.queue.get('test.late', id ?? ''))?.state).toBe('active');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('runs to its end a job taken over from it and fetched here again: only the first run stops', async () => {
    const id = await app.queue.send('test.again', {});
    await vi.waitFor(() => expect(again).toHaveLength(1), { timeout: 10_000, interval: 50 });
    await vi.waitFor(
      async () => {
        const { rows } = await app.database.executeSql(
          `select count(*)::int as n from pgboss.nuvem_instance where $1::uuid = any(active)`,
          [id],
        );
        expect(Number(rows[0]?.n)).toBe(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    // Taken over as another instance does it: the report deleted and the job set back to retry
    // (whose notice has this instance fetch it again at once, before or after it finds out).
    await app.database.executeSql(
      `with gone as (delete from pgboss.nuvem_instance where $1::uuid = any(active))
       update pgboss.job set state = 'retry', start_after = now() where id = $1::uuid`,
      [id],
    );
    await vi.waitFor(() => expect(again.map((entry) => entry.ended)).toEqual(['superseded', 'running']), {
      timeout: 10_000,
      interval: 50,
    });
    releaseAgain();
    await vi.waitFor(async () => expect((await app.queue.get('test.again', id ?? ''))?.state).toBe('completed'), {
      timeout: 10_000,
      interval: 50,
    });
    expect(again.map((entry) => entry.ended)).toEqual(['superseded', 'done']);
  });
});
