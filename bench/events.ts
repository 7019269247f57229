// The events catalogue (issue 15): GET /api/public/events/list on BENCH_EVENTS_COUNT (100,000)
// events, on the embedded PGlite and on PostgreSQL, through the real built server.
// For each database: a fresh one (PGlite: a new DATA_DIR; PostgreSQL: a new database
// nuvem_bench_events_<pid> on BENCH_DATABASE_URL's server, else postgres://postgres@127.0.0.1:5432,
// dropped at the end, skipped when neither answers), migrated with the server's own migrator, seeded
// with `npm run seed:events` (the deterministic generator, --seed BENCH_EVENTS_SEED), then:
// - every query of a representative set (sorts, pages, searches, filters, "When" ranges and their
//   combinations) BENCH_EVENTS_RUNS (50) times, one request at a time, round-robin over the queries
//   after 5 warm-up rounds, as p50/p95/p99, and the p95 over every sample of every query (the goal:
//   at most 25 ms on PostgreSQL);
// - list throughput with autocannon at BENCH_EVENTS_CONNECTIONS (10) connections for
//   BENCH_DURATION (10) s: the default list, and a mix of searches and filters;
// - EXPLAIN (ANALYZE, BUFFERS) of both statements of the list (the category counts and the page,
//   as events.repository.ts writes them) for the queries whose p95 is over 25 ms: what each reads,
//   and the whole plans of the BENCH_EVENTS_EXPLAIN (3) slowest.
// The machine's load average is printed with each run: other processes on it skew the figures.
// The seed CLI ends with VACUUM (ANALYZE), as autovacuum would some time after a bulk load.
// Each query is measured cold (first of a round: the category counts read from the database) and
// warm (the server keeps the counts of a filter set for EVENTS_COUNTS_TTL_SECONDS); the p95 over all
// samples is given both ways.
// Run with `npm run bench:events` (builds first); BENCH_EVENTS_DATABASES=pglite or =postgres runs
// one of them.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { whenRange, type EventsListResponse } from '@nuvem/contracts/events';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.js';
import { loadConfig } from '../apps/server/src/config.js';
import { prefixQuery } from '../apps/server/src/modules/events/search-text.js';
import { durationSeconds, load, printResults, root, startNuvem, type LoadResult } from './lib.js';

const eventCount = Number(process.env.BENCH_EVENTS_COUNT ?? 100_000);
const seed = Number(process.env.BENCH_EVENTS_SEED ?? 15);
const runs = Number(process.env.BENCH_EVENTS_RUNS ?? 50);
const warmUpRuns = 5;
const loadConnections = Number(process.env.BENCH_EVENTS_CONNECTIONS ?? 10);
const goalMs = 25;
const only = process.env.BENCH_EVENTS_DATABASES?.split(',').map((name) => name.trim());
const listPath = '/api/public/events/list';

console.log(
  `events: ${eventCount.toLocaleString('en')} events (seed ${seed}); ${runs} runs per query after ${warmUpRuns} warm-up; ` +
    `autocannon ${loadConnections} connections, ${durationSeconds} s per target; ${cpus().length} CPU(s), Node ${process.version}`,
);

// ---- The queries ---------------------------------------------------------------------------------

type Params = Record<string, string>;
interface ListQuery {
  label: string;
  params: Params;
}

const now = new Date();
const today = whenRange('today', now);
const weekend = whenRange('weekend', now);
const week = whenRange('week', now);
const month = whenRange('month', now);

// The rarest words of the generator's catalogue ('breathwork', one title in sixty) match ~1.7%.
const queries: ListQuery[] = [
  { label: 'default (date, page 1)', params: {} },
  { label: 'page 50', params: { page: '50' } },
  { label: 'sort=popularity', params: { sort: 'popularity' } },
  { label: 'sort=price_low', params: { sort: 'price_low' } },
  { label: 'sort=price_high', params: { sort: 'price_high' } },
  { label: 'sort=newest', params: { sort: 'newest' } },
  { label: 'search "jazz"', params: { search: 'jazz' } },
  { label: 'search "wine tasting"', params: { search: 'wine tasting' } },
  { label: 'search "são paulo"', params: { search: 'são paulo' } },
  { label: 'search "sao paulo"', params: { search: 'sao paulo' } },
  { label: 'search prefix "munch"', params: { search: 'munch' } },
  { label: 'search rare "breathwork"', params: { search: 'breathwork' } },
  { label: 'search no match "xylophone"', params: { search: 'xylophone' } },
  { label: 'category=tech-conference', params: { category: 'tech-conference' } },
  { label: 'is_online=true', params: { is_online: 'true' } },
  { label: 'is_online=false', params: { is_online: 'false' } },
  { label: 'when today', params: { ...today } },
  { label: 'when weekend', params: { ...weekend } },
  { label: 'when week', params: { ...week } },
  { label: 'when month', params: { ...month } },
  { label: 'price 10-50', params: { price_min: '10', price_max: '50' } },
  { label: 'is_free=true', params: { is_free: 'true' } },
  {
    label: '"jazz" + live-music + in person + price_low',
    params: { search: 'jazz', category: 'live-music', is_online: 'false', sort: 'price_low' },
  },
  { label: 'week + food-and-drink + page 3', params: { ...week, category: 'food-and-drink', page: '3' } },
  { label: 'limit=100', params: { limit: '100' } },
  { label: '"lisboa" + free + popularity', params: { search: 'lisboa', is_free: 'true', sort: 'popularity' } },
  {
    label: 'month + online + price <= 20 + price_high',
    params: { ...month, is_online: 'true', price_max: '20', sort: 'price_high' },
  },
];

const listUrl = (base: string, params: Params) => {
  const search = new URLSearchParams(params).toString();
  return `${base}${listPath}${search ? `?${search}` : ''}`;
};

// ---- The SQL, for EXPLAIN ------------------------------------------------------------------------

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The two statements the list runs for `params` (events.repository.ts: list, conditions, orderBy),
 * with the values inlined: the category counts (every filter but the category) and the page.
 */
function listStatements(params: Params, at: Date): { counts: string; page: string } {
  const where = [`"events"."status" = 'scheduled'`];
  if (params.date_from) where.push(`"events"."starts_at" >= ${literal(params.date_from)}`);
  else if (!params.date_to) where.push(`"events"."starts_at" >= ${literal(at.toISOString())}`);
  if (params.date_to) where.push(`"events"."starts_at" <= ${literal(params.date_to)}`);
  if (params.is_online) where.push(`"events"."is_online" = ${params.is_online === 'true' ? 'true' : 'false'}`);
  if (params.is_free === 'true') where.push(`"events"."is_free" = true`);
  if (params.price_min) where.push(`"events"."max_price_cents" >= ${Math.round(Number(params.price_min) * 100)}`);
  if (params.price_max) where.push(`"events"."min_price_cents" <= ${Math.round(Number(params.price_max) * 100)}`);
  if (params.search) {
    const tsquery = prefixQuery(params.search);
    where.push(tsquery ? `"events"."search_document" @@ to_tsquery('simple', ${literal(tsquery)})` : 'false');
  }
  const order = {
    popularity: `"events"."attendee_count" desc nulls last, "events"."starts_at" asc, "events"."id" asc`,
    price_low: `"events"."min_price_cents" asc nulls last, "events"."starts_at" asc, "events"."id" asc`,
    price_high: `"events"."max_price_cents" desc nulls last, "events"."starts_at" asc, "events"."id" asc`,
    newest: `"events"."created_at" desc nulls last, "events"."id" asc`,
    date: `"events"."starts_at" asc, "events"."id" asc`,
  }[params.sort ?? 'date'];
  const limit = Number(params.limit ?? 12);
  const offset = (Number(params.page ?? 1) - 1) * limit;
  const pageWhere = params.category ? [...where, `"events"."category" = ${literal(params.category)}`] : where;
  return {
    counts:
      `select "category", count(*)::int from "events" where (${where.join(' and ')}) ` +
      `group by "events"."category" order by count(*) desc, "events"."category" asc`,
    page:
      `select "events"."id", "events"."title", "events"."category", "events"."starts_at", "events"."ends_at", ` +
      `"events"."is_online", "events"."city", "events"."venue_name", "events"."currency", "events"."min_price_cents", ` +
      `"events"."max_price_cents", "events"."is_free", "events"."attendee_count", "events"."tickets_available", ` +
      `"events"."status", "events"."has_cover", "event_organisers"."name" from "events" ` +
      `inner join "event_organisers" on "event_organisers"."id" = "events"."organiser_id" ` +
      `where (${pageWhere.join(' and ')}) order by ${order} limit ${limit}${offset > 0 ? ` offset ${offset}` : ''}`,
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of `statement`, run twice (the second plan is kept: warm caches). */
async function explain(handle: DatabaseHandle, statement: string): Promise<{ plan: string; ms: number }> {
  let plan = '';
  for (let i = 0; i < 2; i++) {
    const { rows } = await handle.executeSql(`explain (analyze, buffers) ${statement}`);
    plan = rows.map((row) => String(Object.values(row)[0])).join('\n');
  }
  const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
  return { plan, ms };
}

// ---- Measuring -----------------------------------------------------------------------------------

interface QueryResult {
  query: ListQuery;
  total: number;
  returned: number;
  samples: number[];
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

let firstFailure = '';

/** One request, read to the end; its latency in ms, or null when it did not answer 200. */
async function timedGet(url: string): Promise<{ ms: number; body: string } | null> {
  const start = performance.now();
  const res = await fetch(url);
  const body = await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200) {
    firstFailure ||= `${res.status} ${url}: ${body.slice(0, 300)}`;
    return null;
  }
  return { ms, body };
}

/**
 * Every query `runs` times, round-robin (one sample of each query in turn, after `warmUpRuns`
 * rounds), so that a burst of load elsewhere on the machine spreads over all queries.
 */
async function measureQueries(base: string): Promise<QueryResult[]> {
  const urls = queries.map((query) => listUrl(base, query.params));
  const totals = queries.map(() => NaN);
  const returned = queries.map(() => NaN);
  const samples: number[][] = queries.map(() => []);
  const failures = queries.map(() => 0);
  for (let round = 0; round < warmUpRuns + runs; round++) {
    for (const [i, url] of urls.entries()) {
      const answer = await timedGet(url);
      if (round === 0 && answer) {
        const parsed = JSON.parse(answer.body) as EventsListResponse;
        totals[i] = parsed.total;
        returned[i] = parsed.events.length;
      }
      if (round < warmUpRuns) continue;
      if (answer) samples[i]?.push(answer.ms);
      else failures[i] = (failures[i] ?? 0) + 1;
    }
  }
  return queries.map((query, i) => {
    const sorted = [...(samples[i] ?? [])].sort((a, b) => a - b);
    return {
      query,
      total: totals[i] ?? NaN,
      returned: returned[i] ?? NaN,
      samples: sorted,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      failures: failures[i] ?? 0,
    };
  });
}

/** The machine's load average: other processes on it skew the figures. */
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

interface Explained {
  label: string;
  counts: { plan: string; ms: number };
  page: { plan: string; ms: number };
}

interface RunResult {
  name: string;
  queries: QueryResult[];
  overallP95: number;
  overallP50: number;
  loads: LoadResult[];
  explained: Explained[];
  checkGoal: boolean;
}

/** Every query in turn, then the throughput, on a server already started. */
async function measure(name: string, base: string, checkGoal: boolean): Promise<Omit<RunResult, 'explained'>> {
  console.log(`\n== ${name}: ${queries.length} queries x ${runs} runs`);
  console.log(`load average before (1 / 5 / 15 min): ${loadAverage()}`);
  const results = await measureQueries(base);
  const all = results.flatMap((r) => r.samples).sort((a, b) => a - b);
  const overallP95 = percentile(all, 0.95);
  const overallP50 = percentile(all, 0.5);
  console.table(
    results.map((r) => ({
      query: r.query.label,
      total: r.total,
      rows: r.returned,
      'p50 ms': r.p50.toFixed(1),
      'p95 ms': r.p95.toFixed(1),
      'p99 ms': r.p99.toFixed(1),
      over: checkGoal && r.p95 > goalMs ? `> ${goalMs}` : '',
      failures: r.failures,
    })),
  );
  console.log(
    `${name}: all ${all.length} samples: p50 ${overallP50.toFixed(1)} ms, p95 ${overallP95.toFixed(1)} ms, ` +
      `p99 ${percentile(all, 0.99).toFixed(1)} ms; load average after: ${loadAverage()}`,
  );

  const options = { connections: loadConnections };
  const defaultList = await load(`${name}: default list`, listUrl(base, {}), options);
  const mixed = await load(`${name}: mixed searches and filters`, listUrl(base, {}), {
    ...options,
    // Each connection sends these in turn.
    requests: [
      { path: listUrl('', { search: 'jazz' }) },
      { path: listUrl('', { search: 'são paulo', sort: 'popularity' }) },
      { path: listUrl('', { search: 'munch', is_online: 'false' }) },
      { path: listUrl('', { category: 'tech-conference', ...week }) },
      { path: listUrl('', { search: 'wine tasting', is_free: 'true' }) },
      { path: listUrl('', { search: 'lisboa', category: 'live-music', sort: 'price_low' }) },
      { path: listUrl('', { ...weekend, is_online: 'true' }) },
      { path: listUrl('', { search: 'breathwork', page: '2' }) },
    ],
  });
  printResults([defaultList, mixed]);
  return { name, queries: results, overallP95, overallP50, loads: [defaultList, mixed], checkGoal };
}

/** The scans of `events` in a plan, with the rows each returned: what the statement reads. */
function scansOf(plan: string): string {
  const scans: string[] = [];
  for (const line of plan.split('\n')) {
    const match = /^[\s>-]*(.*Scan.*?)\s+\(cost=.*?\(actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+)/.exec(line);
    if (match?.[1] && !match[1].includes('event_organisers')) scans.push(`${match[1]} (${Number(match[2])} rows)`);
  }
  return scans.join('; ');
}

/**
 * The plans of the queries whose p95 is over the goal: a line each (the time and the scans of both
 * statements), and the whole plans of the BENCH_EVENTS_EXPLAIN (3) slowest.
 */
async function explainSlow(handle: DatabaseHandle, name: string, results: QueryResult[]): Promise<Explained[]> {
  const most = Number(process.env.BENCH_EVENTS_EXPLAIN ?? 3);
  const slow = results.filter((r) => r.p95 > goalMs).sort((a, b) => b.p95 - a.p95);
  if (slow.length === 0) return [];
  const explained: Explained[] = [];
  for (const r of slow) {
    const statements = listStatements(r.query.params, new Date());
    explained.push({
      label: r.query.label,
      counts: await explain(handle, statements.counts),
      page: await explain(handle, statements.page),
    });
  }
  console.log(`\n${name}: EXPLAIN (ANALYZE, BUFFERS) of the ${slow.length} queries over ${goalMs} ms (warm):`);
  console.table(
    explained.map((e, i) => ({
      query: e.label,
      'HTTP p95': (slow[i]?.p95 ?? NaN).toFixed(1),
      'counts ms': e.counts.ms.toFixed(1),
      'counts read': scansOf(e.counts.plan),
      'page ms': e.page.ms.toFixed(1),
      'page read': scansOf(e.page.plan),
    })),
  );
  for (const e of explained.slice(0, most)) {
    console.log(`\n-- ${name}: "${e.label}": category counts\n${e.counts.plan}\n-- page\n${e.page.plan}`);
  }
  return explained;
}

// ---- Databases -----------------------------------------------------------------------------------

/** `npm run seed:events` on the database of `env` (DATA_DIR or DATABASE_URL). */
async function seedThroughCli(env: Record<string, string>): Promise<number> {
  const start = performance.now();
  const child = spawn(
    'npm',
    ['run', '-s', 'seed:events', '-w', '@nuvem/server', '--', '--count', String(eventCount), '--seed', String(seed)],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`npm run seed:events exited with ${String(code)}`);
  return (performance.now() - start) / 1000;
}

/** The server's database for `env` (DATA_DIR or DATABASE_URL), as the server and the CLI read it. */
const databaseOf = (env: Record<string, string>) => loadConfig(env).database;

/** Opens the database, applies the server's migrations, and closes it (the seed CLI needs them). */
async function migrate(env: Record<string, string>): Promise<void> {
  const handle = await openDatabase(databaseOf(env));
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
}

const serverEnv = {
  SEED_DEMO: 'false',
  SEED_EVENTS_COUNT: '0',
  LOG_LEVEL: 'warn',
  EVENTS_LISTS_PER_MINUTE: '100000000',
};

async function benchPglite(): Promise<RunResult[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'nuvem-bench-events-'));
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    await migrate(env);
    console.log(`\nPGlite in ${dataDir}: seeding ${eventCount.toLocaleString('en')} events…`);
    console.log(`seeded in ${(await seedThroughCli(env)).toFixed(1)} s`);
    const nuvem = await startNuvem({ ...serverEnv, ...env });
    let result: Omit<RunResult, 'explained'>;
    try {
      result = await measure('PGlite', nuvem.url, false);
    } finally {
      await nuvem.stop();
    }
    // One process at a time on a PGlite folder: the plans once the server is gone.
    const handle = await openDatabase(databaseOf(env));
    try {
      return [{ ...result, explained: await explainSlow(handle, 'PGlite', result.queries) }];
    } finally {
      await handle.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The PostgreSQL server to create the bench database on, or null when none answers. */
async function postgresAdmin(): Promise<DatabaseHandle | null> {
  const given = process.env.BENCH_DATABASE_URL;
  const url = new URL(given ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  if (url.pathname === '' || url.pathname === '/') url.pathname = '/postgres';
  const handle = await openDatabase({ driver: 'postgres', url: url.toString() });
  try {
    await handle.ping();
    return handle;
  } catch (error) {
    await handle.close();
    if (given) throw new Error(`BENCH_DATABASE_URL does not answer: ${(error as Error).message}`);
    console.log(`\nPostgreSQL: none at ${url.host} (${(error as Error).message}); skipped`);
    return null;
  }
}

async function benchPostgres(): Promise<RunResult[]> {
  const admin = await postgresAdmin();
  if (!admin) return [];
  const name = `nuvem_bench_events_${process.pid}`;
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await admin.executeSql(`create database "${name}"`);
  try {
    const settings = await admin.executeSql(
      `select version() as version, current_setting('autovacuum') as autovacuum, current_setting('shared_buffers') as shared_buffers, current_setting('work_mem') as work_mem, current_setting('max_parallel_workers_per_gather') as parallel`,
    );
    const s = settings.rows[0] ?? {};
    console.log(
      `\nPostgreSQL database ${name}: ${String(s.version).split(' on ')[0]}; autovacuum ${String(s.autovacuum)}, ` +
        `shared_buffers ${String(s.shared_buffers)}, work_mem ${String(s.work_mem)}, ` +
        `max_parallel_workers_per_gather ${String(s.parallel)}`,
    );
    const env = { DATABASE_URL: databaseUrl };
    await migrate(env);
    console.log(`seeding ${eventCount.toLocaleString('en')} events…`);
    console.log(`seeded in ${(await seedThroughCli(env)).toFixed(1)} s`);
    const handle = await openDatabase(databaseOf(env));
    const nuvem = await startNuvem({ ...serverEnv, ...env });
    try {
      const seeded = await measure('PostgreSQL', nuvem.url, true);
      const seededExplained = await explainSlow(handle, 'PostgreSQL', seeded.queries);
      return [{ ...seeded, explained: seededExplained }];
    } finally {
      await nuvem.stop();
      await handle.close();
    }
  } finally {
    await admin.executeSql(`drop database if exists "${name}" with (force)`);
    await admin.close();
  }
}

// ---- Run -----------------------------------------------------------------------------------------

const results: RunResult[] = [];
if (!only || only.includes('pglite')) results.push(...(await benchPglite()));
if (!only || only.includes('postgres')) results.push(...(await benchPostgres()));

console.log(
  `\nsummary (${eventCount.toLocaleString('en')} events, ${queries.length} queries x ${runs} runs; ` +
    `load average now ${loadAverage()} on ${cpus().length} CPU(s)):`,
);
console.table(
  results.map((r) => {
    const slowest = [...r.queries].sort((a, b) => b.p95 - a.p95)[0];
    const over = r.queries.filter((q) => q.p95 > goalMs).length;
    return {
      database: r.name,
      'p50 ms': r.overallP50.toFixed(1),
      'p95 ms': r.overallP95.toFixed(1),
      'slowest query (p95 ms)': slowest ? `${slowest.query.label} (${slowest.p95.toFixed(1)})` : '',
      [`queries p95 > ${goalMs} ms`]: `${over} of ${r.queries.length}`,
      'list req/s': r.loads[0]?.requestsPerSecond ?? 0,
      'mixed req/s': r.loads[1]?.requestsPerSecond ?? 0,
      goal: r.checkGoal
        ? r.overallP95 <= goalMs
          ? `met (p95 <= ${goalMs} ms)`
          : `not met (p95 > ${goalMs} ms)`
        : 'none set',
    };
  }),
);

if (firstFailure) console.error(`first failed request: ${firstFailure}`);
if (results.some((r) => r.queries.some((q) => q.failures > 0) || r.loads.some((l) => l.errors > 0 || l.non2xx > 0))) {
  console.error('failed requests: errors or timeouts (autocannon gives up after 10 s) or non-2xx answers');
  process.exitCode = 1;
}
