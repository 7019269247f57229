import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import fp from 'fastify-plugin';
import { SpanKind } from '@opentelemetry/api';
import PgBoss from 'pg-boss';
import { inSpan } from '../../lib/tracing.js';
import type { App } from '../../types.js';
import { JobWorker } from './job-worker.js';
import type { QueueDepth } from './metrics.js';

/**
 * Thrown by a handler whose work was taken over by another instance (its own was taken for dead
 * while it was only slow): the job is the other instance's now, so this one neither completes nor
 * fails it.
 */
export class JobSuperseded extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobSuperseded';
  }
}

/** One handler running here: its job, and how it is told that job was taken over. */
interface RunningHandler {
  jobId: string;
  takeOver: AbortController;
}

/** What a job handler receives besides its data. */
export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /**
   * Aborted when the server shuts down or the job expires: long jobs should stop early (they are
   * retried, here or elsewhere).
   */
  signal: AbortSignal;
  /** When this attempt expires (epoch ms): an active job not finished by then is failed and retried. */
  expiresAt: number;
  /** The job's expiry in seconds (to send it again with the same). */
  expireInSeconds: number;
}

export interface JobDefinition<T> {
  /** What it returns (an object) is kept as the job's output. */
  handler: (data: T, job: JobContext) => Promise<unknown>;
  /** Attempts after the first (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time with backoff (default 2). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** An active job not finished after this long counts as failed (its instance died) and is retried. */
  expireInSeconds?: number;
  /** Jobs of this kind one instance runs at once (default 2). */
  concurrency?: number;
}

export interface SendOptions {
  /** Not before then. */
  startAfter?: Date | number;
  /** This job's own expiry (an active job not finished after this long is retried), instead of its kind's. */
  expireInSeconds?: number;
  /** Taken before jobs of its kind with a lower one (default 0), then in order of arrival. */
  priority?: number;
}

export interface JobState {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  /** The last error of a failed (dead) job. */
  output: unknown;
}

/**
 * The durable job queue (`app.queue`): pg-boss on the portal's own database, PGlite or
 * PostgreSQL, so it needs no Redis. Jobs survive a crash (an active job whose instance died
 * expires and is retried), several instances on one database share the work and each job runs
 * once, failures are retried with backoff and end `failed` with the last error (the dead state),
 * and `every` runs a repeatable job on one instance per interval, whatever the number of
 * instances. See docs/decisions/015-job-queue.md.
 */
export interface JobQueue {
  define<T extends object>(name: string, definition: JobDefinition<T>): void;
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Runs `handler` every `intervalMs` on one of the instances sharing the database (0: never). */
  every(name: string, intervalMs: number, handler: (job: JobContext) => Promise<void>): void;
  cancel(name: string, id: string): Promise<void>;
  get(name: string, id: string): Promise<JobState | null>;
  /** Waits until no job of these kinds is queued or active (tests, and graceful shutdown checks). */
  drain(names: string[], timeoutMs?: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    queue: JobQueue;
  }
}

/** The schema pg-boss keeps its tables in. */
export const QUEUE_SCHEMA = 'pgboss';
const SCHEMA = QUEUE_SCHEMA;

// pg-boss 10 marks a job completed or failed without awaiting the statement: if the database is
// away at that moment, the rejection is unhandled, and Node ends the process. Those two statements
// (and only those) have their error logged instead; the job stays active, expires and is retried.
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs: (schema: string) => string;
  failJobsById: (schema: string) => string;
};
const unawaitedStatements = new Set([plans.completeJobs(SCHEMA), plans.failJobsById(SCHEMA)]);

/** The channel the trigger announces jobs on: `<kind> <epoch ms it may start>`. */
export const JOB_NOTICE_CHANNEL = 'nuvem_jobs';
/** With notices, workers still look this often (seconds), in case one was lost. */
const NOTICED_POLL_SECONDS = 300;
/** Coming due times kept per kind (each a timer in turn). */
const MAX_DUE_TIMES = 1_000;

// A row trigger on pg-boss's (partitioned) job table: each job that becomes ready to be taken
// (inserted, or set back to retry) sends a notice. Created once, whichever instance is first.
const notifyTriggerSql = `
create or replace function ${SCHEMA}.nuvem_job_notice() returns trigger language plpgsql as $$
begin
  perform pg_notify('${JOB_NOTICE_CHANNEL}', new.name || ' ' || floor(extract(epoch from new.start_after) * 1000)::bigint);
  return null;
end $$;
do $$ begin
  if not exists (select 1 from pg_trigger where tgname = 'nuvem_job_notice' and tgrelid = '${SCHEMA}.job'::regclass) then
    create trigger nuvem_job_notice after insert or update of state on ${SCHEMA}.job
      for each row when (new.state in ('created', 'retry')) execute function ${SCHEMA}.nuvem_job_notice();
  end if;
end $$;`;

/** How often an instance says it lives (seconds), and after how long without it it counts as dead. */
const INSTANCE_BEAT_SECONDS = 3;
export const INSTANCE_DEAD_SECONDS = 12;

const instanceTableSql = `create table if not exists ${SCHEMA}.nuvem_instance (
  id text primary key,
  seen_on timestamptz not null,
  active uuid[] not null default '{}'
)`;

/** Runs `step` again (up to 5 times, after a short random pause) when it fails. */
async function withRetries(step: () => Promise<unknown>, what: string, app: App): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await step();
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      app.log.debug({ err: error, attempt }, `${what} failed; trying again`);
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250 * attempt));
    }
  }
}

export const queuePlugin = fp(
  async (app: App) => {
    const { queue: config } = app.config;
    const boss = new PgBoss({
      db: {
        executeSql: (text, values) => {
          const run = app.database.executeSql(text, values);
          if (!unawaitedStatements.has(text)) return run;
          return run.catch((error: unknown) => {
            app.log.error({ err: error }, 'job queue: a job could not be marked done (it is retried once it expires)');
            return { rows: [{ count: '0' }] }; // what pg-boss reads back: nothing marked
          });
        },
      },
      schema: SCHEMA,
      // pg-boss's cron scheduler has a one-minute grain; `every` throttles per slot instead.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: config.maintenanceIntervalSeconds,
    });
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    // Instances starting together on a fresh database race to create pg-boss's schema and
    // queues; the loser's statement fails (a duplicate or a deadlock) and simply tries again.
    await withRetries(() => boss.start(), 'starting the job queue', app);
    // Every job that can start (sent, retried, or expired and retried) is announced on a channel
    // by a trigger: idle workers wait for it instead of polling (an idle server's cost).
    await withRetries(() => app.database.executeSql(notifyTriggerSql), 'adding the job notice trigger', app);

    const { metrics } = app;
    // The depth of every kind's queue, read when /metrics is scraped: each kind this instance
    // defines in each state, 0 when empty (a series that vanished would read as no data).
    metrics.sources.queueDepth = async () => {
      const { rows } = await app.database.executeSql(
        `select name, state, count(*)::int as n from ${SCHEMA}.job where state in ('created', 'retry', 'active') group by name, state`,
        [],
      );
      const depth = new Map<string, QueueDepth>();
      for (const kind of definitions.keys()) {
        for (const state of ['created', 'retry', 'active']) depth.set(`${kind} ${state}`, { kind, state, count: 0 });
      }
      for (const row of rows) {
        const kind = String(row.name);
        const state = String(row.state);
        depth.set(`${kind} ${state}`, { kind, state, count: Number(row.n) });
      }
      return [...depth.values()];
    };
    const definitions = new Map<string, JobDefinition<object>>();
    const repeatables: { name: string; intervalMs: number }[] = [];
    const workers = new Map<string, JobWorker<PgBoss.JobWithMetadata>>();
    const timers = new Map<string, NodeJS.Timeout>();
    const aborter = new AbortController();
    let started = false;

    // A notice names a kind and when its job may start: due now, its worker fetches; later, at
    // that time. Each kind keeps its coming due times (to 50 ms, at most 1,000: beyond, the
    // 5-minute poll finds the rest) and one timer, for the earliest.
    const dueTimes = new Map<string, { times: number[]; timer: NodeJS.Timeout | null }>();
    const armDue = (name: string) => {
      const entry = dueTimes.get(name);
      if (!entry) return;
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = null;
      const now = Date.now();
      let due = false;
      while ((entry.times[0] ?? Infinity) <= now + 5) {
        entry.times.shift();
        due = true;
      }
      if (due) workers.get(name)?.notify();
      const next = entry.times[0];
      if (next === undefined) {
        dueTimes.delete(name);
        return;
      }
      entry.timer = setTimeout(() => armDue(name), Math.min(next - now, 2 ** 31 - 1));
      entry.timer.unref();
    };
    const onNotice = (payload: string) => {
      const [name = '', at = ''] = payload.split(' ');
      const worker = workers.get(name);
      if (!worker) return;
      const due = Math.ceil(Number(at) / 50) * 50;
      if (!(due - Date.now() > 5)) {
        worker.notify();
        return;
      }
      let entry = dueTimes.get(name);
      if (!entry) {
        entry = { times: [], timer: null };
        dueTimes.set(name, entry);
      }
      const { times } = entry;
      let index = times.findIndex((time) => time >= due);
      if (index === -1) index = times.length;
      if (times[index] === due) return;
      if (index >= MAX_DUE_TIMES) return;
      times.splice(index, 0, due);
      if (times.length > MAX_DUE_TIMES) times.pop();
      if (index === 0) armDue(name);
    };
    // Liveness (PostgreSQL, several instances): each instance says every few seconds that it lives
    // and which jobs it runs; an instance silent for longer than INSTANCE_DEAD_SECONDS (killed, its
    // machine gone) has its jobs set back to retry at once by whichever instance notices first, instead
    // of waiting for their expiry (a workflow run's is its time-out plus a minute).
    /**
     * The handlers running here, each with its way to be told its job was taken over (see below).
     * Kept per handler, not per job id: a job taken over from this instance may be fetched here
     * again, and that new copy is this instance's own.
     */
    const handlers = new Set<RunningHandler>();
    const instanceId = randomUUID();
    let heartbeat: NodeJS.Timeout | null = null;
    /** The handlers whose jobs this instance's last written report listed: what a takeover sets back to retry. */
    let lastReported: RunningHandler[] = [];
    /** When the last report that was written had been sent (monotonic ms; the start until then). */
    let lastReportSent = performance.now();
    /** Whether a report was written yet (the first is an insert by nature, not a sign of a takeover). */
    let reportedOnce = false;
    const report = async (): Promise<void> => {
      // Handlers of jobs taken over from this instance are stopping: their jobs are the others' now.
      const reporting = [...handlers].filter((handler) => !handler.takeOver.signal.aborted);
      const listed = [...new Set(reporting.map((handler) => handler.jobId))];
      const sent = performance.now();
      const { rows } = await app.database.executeSql(
        `insert into ${SCHEMA}.nuvem_instance (id, seen_on, active) values ($1, now(), $2::uuid[])
         on conflict (id) do update set seen_on = now(), active = excluded.active
         returning (xmax = 0) as inserted`,
        [instanceId, listed],
      );
      const wasGone = reportedOnce && rows[0]?.inserted === true;
      reportedOnce = true;
      lastReportSent = sent;
      if (!wasGone) {
        lastReported = reporting;
        return;
      }
      // This instance's report had gone: it was taken for dead (silent too long: a pause, an
      // overloaded machine) and the jobs of its last report were set back to retry, for others to
      // run. Those handlers, if still running here, stop, and their jobs are neither completed nor
      // failed here. A handler that started since then (a job fetched later, even one of those
      // again) is this instance's own and goes on.
      const lost = lastReported.filter((handler) => handlers.has(handler) && !handler.takeOver.signal.aborted);
      for (const handler of lost) {
        handler.takeOver.abort(new JobSuperseded('this instance was taken for dead; the job runs elsewhere'));
      }
      app.log.warn(
        { jobs: lost.length },
        'job queue: this instance was taken for dead (it was silent too long); its jobs went to others and stop here',
      );
      lastReported = reporting.filter((handler) => !handler.takeOver.signal.aborted);
      // The row just written may still list them: written again without them.
      if (lost.length > 0) void announce();
    };
    // A job is reported as this instance's before its handler starts (not only at the next beat):
    // otherwise one taken in the 3 s before a death would wait for its expiry. Reports asked for
    // while one is being written share the next write (one at a time, whatever the job rate).
    let writing: Promise<void> = Promise.resolve();
    let nextReport: Promise<void> | null = null;
    const announce = (): Promise<void> => {
      if (app.database.driver !== 'postgres') return Promise.resolve();
      nextReport ??= writing.then(() => {
        nextReport = null;
        writing = report().catch((error: unknown) =>
          app.log.warn({ err: error }, 'job queue: reporting the jobs this instance runs failed'),
        );
        return writing;
      });
      return nextReport;
    };
    // Before a job is completed or failed here: when this instance's last written report is older
    // than half the time after which an instance is taken for dead (it was paused, or starved), it
    // reports first, so that a job taken over meanwhile is found to be the others' (its handler's
    // signal aborts) and is not completed or failed here, over the attempt another instance runs.
    const confirmStillMine = async (): Promise<void> => {
      if (app.database.driver !== 'postgres') return;
      if (performance.now() - lastReportSent < (INSTANCE_DEAD_SECONDS * 1000) / 2) return;
      await announce();
    };
    const beat = async () => {
      await announce();
      const { rows } = await app.database.executeSql(
        `with dead as (
           delete from ${SCHEMA}.nuvem_instance where seen_on < now() - make_interval(secs => $1) returning id, active, seen_on
         ), taken as (
           -- Only a job started before the dead instance's last report: one it had given up (failed,
           -- say) and another instance has fetched since is that instance's.
           update ${SCHEMA}.job j set state = 'retry', start_after = now()
           from (select unnest(active) as id, seen_on from dead) d
           where j.id = d.id and j.state = 'active' and j.started_on <= d.seen_on returning j.id
         )
         select (select count(*) from dead)::int as instances, (select count(*) from taken)::int as jobs`,
        [INSTANCE_DEAD_SECONDS],
      );
      const taken = rows[0];
      if (Number(taken?.instances ?? 0) > 0) {
        app.log.warn(
          { instances: taken?.instances, jobs: taken?.jobs },
          'job queue: took over the jobs of instances that stopped answering',
        );
      }
    };
    if (app.database.driver === 'postgres') {
      await withRetries(() => app.database.executeSql(instanceTableSql), 'adding the instance table', app);
      const loop = () => {
        heartbeat = setTimeout(() => {
          beat()
            .catch((error: unknown) => app.log.warn({ err: error }, 'job queue: heartbeat failed'))
            .finally(() => {
              if (heartbeat) loop();
            });
        }, INSTANCE_BEAT_SECONDS * 1000);
        heartbeat.unref();
      };
      app.addHook('onReady', async () => {
        await beat().catch((error: unknown) => app.log.warn({ err: error }, 'job queue: heartbeat failed'));
        loop();
      });
    }
    let stopListening: (() => Promise<void>) | null = null;
    try {
      stopListening = await app.database.listen(JOB_NOTICE_CHANNEL, onNotice, () => {
        // Notices sent while the connection was down are lost: every worker looks once.
        for (const worker of workers.values()) worker.notify();
      });
    } catch (error) {
      app.log.warn({ err: error }, 'job queue: cannot listen for job notices; polling instead');
    }
    // With notices, a poll only guards against one lost in transit; without, it is how jobs are found.
    const pollMs = stopListening
      ? Math.max(NOTICED_POLL_SECONDS, config.pollingIntervalSeconds) * 1000
      : config.pollingIntervalSeconds * 1000;

    const startWorker = async (name: string, definition: JobDefinition<object>) => {
      const options = {
        name,
        retryLimit: definition.retryLimit ?? 3,
        retryDelay: definition.retryDelay ?? 2,
        retryBackoff: definition.retryBackoff ?? true,
        expireInSeconds: definition.expireInSeconds ?? 15 * 60,
      };
      await withRetries(
        async () => {
          if (await boss.getQueue(name)) await boss.updateQueue(name, options);
          else await boss.createQueue(name, options);
        },
        `creating the queue ${name}`,
        app,
      );
      const concurrency = definition.concurrency ?? 2;
      const defaultExpiry = definition.expireInSeconds ?? 15 * 60;
      const runInSpan = <T>(job: PgBoss.JobWithMetadata, work: () => Promise<T>) =>
        inSpan(
          `job ${name}`,
          { 'messaging.system': 'pg-boss', 'messaging.message.id': job.id, 'nuvem.job.retry_count': job.retryCount },
          work,
          SpanKind.CONSUMER,
        );
      /** One job, settled on its own: completed with its output, or failed (retried by pg-boss). */
      const runJob = async (job: PgBoss.JobWithMetadata): Promise<void> => {
        const started = performance.now();
        const takeOver = new AbortController();
        const handler: RunningHandler = { jobId: job.id, takeOver };
        handlers.add(handler);
        // Reported before it starts; a report slower than a second (a saturated pool) is not waited
        // for (the next beat carries the job anyway).
        await Promise.race([announce(), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
        // From when it could start (sent, or its startAfter) to when this instance took it.
        const ready = Math.max(new Date(job.createdOn).getTime(), new Date(job.startAfter).getTime());
        const taken = new Date(job.startedOn).getTime();
        if (Number.isFinite(ready) && Number.isFinite(taken))
          metrics.jobWait.observe({ kind: name }, Math.max(0, taken - ready) / 1000);
        // EXTRACT(epoch …) comes back as a numeric, which the drivers give as a string.
        const seconds = Number((job as { expireInSeconds?: unknown }).expireInSeconds) || defaultExpiry;
        let timer: NodeJS.Timeout | undefined;
        const expiry = new AbortController();
        try {
          // As pg-boss's own workers do: a job that outlives its expiry is failed (and retried),
          // and its slot freed; its handler is told (its signal aborts) so it stops too.
          const output = await Promise.race([
            runInSpan(job, () =>
              definition.handler(job.data, {
                id: job.id,
                retryCount: job.retryCount,
                signal: AbortSignal.any([aborter.signal, expiry.signal, takeOver.signal]),
                expiresAt: Date.now() + seconds * 1000,
                expireInSeconds: seconds,
              }),
            ),
            new Promise<never>((_resolve, reject) => {
              timer = setTimeout(() => {
                const error = new Error(`did not finish within ${String(seconds)} s`);
                expiry.abort(error);
                reject(error);
              }, seconds * 1000);
              timer.unref();
            }),
          ]);
          await confirmStillMine();
          if (takeOver.signal.aborted) throw new JobSuperseded('the job was taken over by another instance');
          app.log.debug({ job: name, jobId: job.id, ms: Math.round(performance.now() - started) }, 'job done');
          metrics.jobDuration.observe({ kind: name, outcome: 'completed' }, (performance.now() - started) / 1000);
          await boss.complete(name, job.id, output !== null && typeof output === 'object' ? output : undefined);
        } catch (error) {
          if (!(error instanceof JobSuperseded)) await confirmStillMine();
          if (error instanceof JobSuperseded || takeOver.signal.aborted) {
            app.log.warn(
              { job: name, jobId: job.id, reason: error instanceof Error ? error.message : String(error) },
              'job taken over by another instance',
            );
            metrics.jobDuration.observe({ kind: name, outcome: 'superseded' }, (performance.now() - started) / 1000);
            return;
          }
          app.log.warn({ job: name, jobId: job.id, err: error }, 'job failed');
          metrics.jobDuration.observe({ kind: name, outcome: 'failed' }, (performance.now() - started) / 1000);
          await boss
            .fail(name, job.id, { message: error instanceof Error ? error.message : String(error) })
            .catch((failError: unknown) =>
              app.log.error({ err: failError, job: name }, 'a job could not be marked failed'),
            );
        } finally {
          handlers.delete(handler);
          clearTimeout(timer);
        }
      };
      const worker = new JobWorker({
        concurrency,
        pollMs,
        fetch: (count) => boss.fetch<object>(name, { batchSize: count, includeMetadata: true }),
        run: runJob,
        onError: (error) => app.log.warn({ err: error, job: name }, 'fetching jobs failed'),
      });
      workers.set(name, worker);
      worker.start();
    };

    const queue: JobQueue = {
      define(name, definition) {
        if (started) throw new Error(`job ${name} defined after the queue started`);
        definitions.set(name, definition as JobDefinition<object>);
      },
      async send(name, data, options = {}) {
        const id = await boss.send(name, data, {
          ...(options.startAfter
            ? { startAfter: options.startAfter instanceof Date ? options.startAfter : new Date(options.startAfter) }
            : {}),
          ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
          ...(options.priority ? { priority: options.priority } : {}),
        });
        // This instance picks it up at once instead of at its next poll.
        workers.get(name)?.notify();
        return id;
      },
      every(name, intervalMs, handler) {
        if (intervalMs <= 0) return;
        queue.define(name, {
          handler: (_data, job) => handler(job),
          retryLimit: 0,
          expireInSeconds: Math.max(60, Math.ceil((intervalMs * 4) / 1000)),
        });
        repeatables.push({ name, intervalMs });
      },
      async cancel(name, id) {
        await boss.cancel(name, id);
      },
      async get(name, id) {
        const job = await boss.getJobById(name, id);
        if (!job) return null;
        return { id: job.id, name: job.name, state: job.state, retryCount: job.retryCount, output: job.output };
      },
      async drain(names, timeoutMs = 30_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const { rows } = await app.database.executeSql(
            `select count(*)::int as n from ${SCHEMA}.job where name = any($1::text[]) and state in ('created', 'retry', 'active')`,
            [names],
          );
          if (Number(rows[0]?.n ?? 0) === 0) return;
          if (Date.now() > deadline) throw new Error(`jobs ${names.join(', ')} still running after ${timeoutMs} ms`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      },
    };
    app.decorate('queue', queue);

    // Workers start once every module has defined its jobs.
    app.addHook('onReady', async () => {
      started = true;
      for (const [name, definition] of definitions) await startWorker(name, definition);
      for (const { name, intervalMs } of repeatables) {
        // Every instance offers a job per slot; pg-boss keeps one per slot (a unique key on the
        // slot), so the work runs on one instance per interval however many there are.
        const seconds = Math.max(1, Math.round(intervalMs / 1000));
        const offer = () =>
          boss
            .sendThrottled(name, {}, {}, seconds, name)
            .then((id) => {
              if (id) workers.get(name)?.notify();
            })
            .catch((error: unknown) => app.log.warn({ err: error, job: name }, 'scheduling a repeatable job failed'));
        // The offer loop (one cheap insert per slot); the work itself runs as the job.
        const loop = () => {
          void offer();
          const timer = setTimeout(loop, Math.min(intervalMs, seconds * 1000));
          timer.unref();
          timers.set(name, timer);
        };
        loop();
      }
    });

    app.addHook('preClose', async () => {
      if (heartbeat) clearTimeout(heartbeat);
      heartbeat = null;
      for (const timer of timers.values()) clearTimeout(timer);
      for (const { timer } of dueTimes.values()) if (timer) clearTimeout(timer);
      await stopListening?.().catch((error: unknown) =>
        app.log.warn({ err: error }, 'job queue: stop listening failed'),
      );
      aborter.abort();
      // Jobs in flight get the shutdown budget to finish; what is still active after it expires
      // and is retried by another instance (or this one after its restart).
      const budget = Math.max(1_000, app.config.shutdownTimeoutMs);
      await Promise.all([...workers.values()].map((worker) => worker.stop(budget)));
      if (app.database.driver === 'postgres') {
        // Stopped cleanly: nothing of this instance's is left for another to take over.
        await app.database
          .executeSql(`delete from ${SCHEMA}.nuvem_instance where id = $1`, [instanceId])
          .catch((error: unknown) => app.log.warn({ err: error }, 'job queue: could not say this instance stopped'));
      }
      await boss
        .stop({ graceful: true, wait: true, timeout: Math.max(1_000, app.config.shutdownTimeoutMs) })
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'stopping the job queue failed');
        });
    });
  },
  { name: 'queue', dependencies: ['db', 'metrics'] },
);
