// The embedded database's floor for a durable workflow run (issue 17): an in-memory PGlite, two
// tables shaped like the runs and the job queue, and per run only the six statements a run that
// survives a restart cannot do without (the run written, its job queued, fetched, the run claimed and
// finished, the job completed), ten runs at a time, with no HTTP, agents or scans. What it reaches is
// the most the server could reach on PGlite without batching writes across runs. Run with
// `npx tsx bench/pglite-floor.ts` (BENCH_DURATION seconds, default 5).
import { PGlite } from '@electric-sql/pglite';
import { randomUUID } from 'node:crypto';
const db = new PGlite();
await db.exec(`create table executions (id text primary key, user_id text not null, flow_id text not null, status text not null, input text not null, output text, graph jsonb not null, store jsonb not null, steps jsonb not null, attempts int not null default 0, created_at timestamptz not null default now(), started_at timestamptz, finished_at timestamptz);
create index on executions (user_id, status);
create table jobs (id uuid primary key, name text not null, data jsonb, state text not null default 'created', start_after timestamptz not null default now(), created_on timestamptz not null default now(), completed_on timestamptz);
create index on jobs (name, state, start_after);`);
const graph = JSON.stringify({
  nodes: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
  startNodeId: 'a',
  maxSteps: 20,
  timeoutMs: 30000,
});
const steps = JSON.stringify(
  [1, 2, 3].map((i) => ({
    index: i,
    node_id: `n${String(i)}`,
    input: 'x'.repeat(300),
    output: 'y'.repeat(400),
    status: 'completed',
  })),
);
async function run() {
  const id = randomUUID();
  await db.query(
    `insert into executions (id, user_id, flow_id, status, input, graph, store, steps) values ($1, 'u', 'f', 'queued', 'input text', $2, '{}', '[]')`,
    [id, graph],
  );
  await db.query(`insert into jobs (id, name, data) values ($1, 'run', $2)`, [randomUUID(), JSON.stringify({ id })]);
  const job = await db.query<{ id: string }>(
    `update jobs set state = 'active' where id = (select id from jobs where name = 'run' and state = 'created' and start_after <= now() order by created_on limit 1 for update skip locked) returning id, data`,
  );
  await db.query(
    `update executions set status = 'running', attempts = attempts + 1, started_at = now() where id = $1 and status in ('queued', 'running') returning *`,
    [id],
  );
  await db.query(
    `update executions set status = 'completed', output = 'out', steps = $2, finished_at = now() where id = $1 and status = 'running' returning id`,
    [id, steps],
  );
  const jobId = job.rows[0]?.id;
  if (!jobId) throw new Error('no job to fetch');
  await db.query(`update jobs set state = 'completed', completed_on = now() where id = $1`, [jobId]);
}
for (let i = 0; i < 500; i++) await run();
const seconds = Number(process.env.BENCH_DURATION ?? 5);
const end = Date.now() + seconds * 1000;
let n = 0;
while (Date.now() < end) {
  await Promise.all(Array.from({ length: 10 }, run));
  n += 10;
}
console.log(`PGlite, six statements per run, no application code: ${Math.round(n / seconds)} runs/s`);
