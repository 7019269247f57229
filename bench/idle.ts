// What an idle server costs: the built server started with the demo data, left alone for
// IDLE_WARMUP seconds (start-up, the first repeatable jobs), then its CPU time (user + system,
// from /proc) over IDLE_SECONDS, printed as ms of CPU per second. On PGlite, and on PostgreSQL
// too when BENCH_DATABASE_URL is set (issue 36's goal: at most 5 ms a second).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { cpuMillis, startNuvem } from './lib.js';

const warmupSeconds = Number(process.env.IDLE_WARMUP ?? 15);
const idleSeconds = Number(process.env.IDLE_SECONDS ?? 60);

async function measure(label: string, env: Record<string, string>): Promise<number> {
  const server = await startNuvem({ SEED_DEMO: 'true', ...env });
  try {
    await new Promise((resolve) => setTimeout(resolve, warmupSeconds * 1000));
    const before = cpuMillis(server.pid);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const after = cpuMillis(server.pid);
    if (before === undefined || after === undefined) throw new Error('no /proc: CPU time cannot be read here');
    const perSecond = (after - before) / ((performance.now() - started) / 1000);
    console.log(`${label}: ${perSecond.toFixed(1)} ms of CPU a second over ${String(idleSeconds)} s idle`);
    return perSecond;
  } finally {
    await server.stop();
  }
}

console.log(`idle: ${String(warmupSeconds)} s warm-up, then ${String(idleSeconds)} s measured`);
// IDLE_SKIP_PGLITE=1 measures PostgreSQL only.
if (process.env.IDLE_SKIP_PGLITE !== '1') await measure('PGlite', { DATABASE_URL: '' });
const postgres = process.env.BENCH_DATABASE_URL;
if (postgres) {
  // A fresh database: what earlier benchmarks left in BENCH_DATABASE_URL's (a fleet of 10,000
  // containers) would be sampled every 15 s and measured as idle cost.
  const name = `nuvem_idle_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgres });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  try {
    const url = new URL(postgres);
    url.pathname = `/${name}`;
    await measure('PostgreSQL', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
