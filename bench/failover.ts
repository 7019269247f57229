// Issue 36's scale-out check: three instances of the built server on one PostgreSQL (a fresh
// database) and Redis, behind Debian's nginx; under load (sign-ins, the container list, workflow
// runs, realtime streams) one instance is killed with SIGKILL. It prints, and checks:
// - requests that failed, and whether each was in flight when the instance died (only those may fail:
//   nginx retries a GET on another instance, a POST that reached the dead one is lost with it; it
//   keeps no idle connections to the instances, since a POST sent on one the dead instance held
//   fails though it never reached it);
// - the dead instance is noticed and its jobs taken over (a survivor's log says so);
// - workflow runs: each accepted run ends (completed, each of its steps once), none is left
//   running or run twice;
// - realtime streams: each reconnects (Last-Event-ID) and saw the end of every run that completed.
// Run with `npx tsx bench/failover.ts` after a build; FAILOVER_SECONDS (default 20) is the load's
// length, FAILOVER_SETTLE (default 120) how long runs may take to end after it. Needs nginx
// (`apt-get install -y nginx`), PostgreSQL (BENCH_DATABASE_URL or the local one) and Redis (REDIS_URL).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import { freePort } from '../apps/server/src/test/providers/listen.testing.js';
import { startNuvem, threeAgentFlow, type Started } from './lib.js';

const loadSeconds = Number(process.env.FAILOVER_SECONDS ?? 20);
/**
 * FAILOVER_MODE=pause: instance 1 is not killed but stopped (SIGSTOP) for FAILOVER_PAUSE seconds
 * (default 16, past the 12 s after which it is taken for dead), then let go on (SIGCONT): an
 * instance that was only slow. No request may fail, and its runs, taken over meanwhile, must still
 * end once each: its own late saves are refused (fenced) and it leaves them alone.
 */
const pauseMode = process.env.FAILOVER_MODE === 'pause';
const pauseSeconds = Number(process.env.FAILOVER_PAUSE ?? 16);
/**
 * The flow each run runs: a chain of FAILOVER_NODES nodes over the three offline agents (3 by
 * default; 30 in pause mode, so that runs are under way, saved every 100 ms, when it pauses).
 */
const nodeCount = Number(process.env.FAILOVER_NODES ?? (pauseMode ? 30 : 3));
const flowNodes = Array.from({ length: nodeCount }, (_, i) => {
  const node = threeAgentFlow.nodes[i % 3] ?? threeAgentFlow.nodes[0];
  return { ...node, id: `${node?.id ?? 'n'}-${String(i)}`, name: `${node?.name ?? 'Node'} ${String(i + 1)}` };
});
const flowEdges = flowNodes.slice(1).map((node, i) => ({ source: flowNodes[i]?.id ?? '', target: node.id }));
const settleSeconds = Number(process.env.FAILOVER_SETTLE ?? 120);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const nginxBinary = process.env.NGINX ?? '/usr/sbin/nginx';
/** Runs the load keeps queued or running at once (their ends seen on the realtime streams). */
const OPEN_RUNS_MAX = 40;
const finished = ['completed', 'failed', 'cancelled'];

interface Outcome {
  kind: string;
  started: number;
  ended: number;
  ok: boolean;
  detail: string;
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

const waitForPort = async (port: number, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await portOpen(port)) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${String(port)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const dbName = `nuvem_failover_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${dbName}"`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${dbName}`;

const dir = await mkdtemp(join(tmpdir(), 'nuvem-failover-'));
const proxyPort = await freePort();
const base = `http://127.0.0.1:${String(proxyPort)}`;
const instances: Started[] = [];
let nginx: ReturnType<typeof spawn> | null = null;
let failed = false;
const stopStreams = new AbortController();

try {
  for (let i = 0; i < 3; i++) {
    instances.push(
      await startNuvem({
        SEED_DEMO: 'false',
        CONTAINER_DRIVER: 'demo',
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: redisUrl,
        PUBLIC_URL: base,
        TRUST_PROXY: '127.0.0.1',
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        WORKFLOW_EXECUTIONS_PER_MINUTE: '100000000',
        REALTIME_MAX_STREAMS_PER_USER: '50',
        // The load's one user starts hundreds of runs: every one is kept, so that each can be read
        // back at the end (the default keeps a user's last 50); the script itself keeps at most
        // OPEN_RUNS_MAX of them open, under the per-user cap.
        WORKFLOW_RUNS_PER_USER: '200',
        WORKFLOW_RUNS_KEPT_PER_USER: '10000',
        BENCH_SERVER_LOG: join(dir, `instance-${String(i + 1)}.log`),
      }),
    );
  }
  const upstreams = instances.map(
    (instance) => `    server ${new URL(instance.url).host} max_fails=1 fail_timeout=30s;`,
  );
  await writeFile(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  upstream nuvem {
${upstreams.join('\n')}
  }
  server {
    listen 127.0.0.1:${String(proxyPort)};
    location / {
      proxy_pass http://nuvem;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 1s;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`,
  );
  nginx = spawn(nginxBinary, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'inherit' });
  await waitForPort(proxyPort);
  console.log(
    `failover: 3 instances on PostgreSQL ${dbName} and Redis behind nginx at ${base}; ${String(loadSeconds)} s of load`,
  );

  // One account, its flow, its session.
  const email = `failover-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'a long failover passphrase';
  const json = { 'content-type': 'application/json', origin: base };
  const registered = await fetch(`${base}/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password, displayName: 'Failover' }),
  });
  if (registered.status !== 201) throw new Error(`register: ${String(registered.status)}`);
  const cookie = registered.headers
    .getSetCookie()
    .find((c) => c.startsWith('nuvem_session='))
    ?.split(';')[0];
  const { access_token: token } = (await registered.json()) as { access_token: string };
  if (!cookie) throw new Error('no session cookie');
  const headers = { ...json, cookie };
  const created = await fetch(`${base}/api/mlm/flows`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Failover', nodes: flowNodes, edges: flowEdges }),
  });
  if (created.status !== 201) throw new Error(`flow: ${String(created.status)} ${await created.text()}`);
  const { id: flowId } = (await created.json()) as { id: string };

  // Realtime streams that reconnect with Last-Event-ID, as the dashboard's client does.
  const streamCount = 6;
  const seenEnds = new Set<string>();
  /** Runs whose end (any) a stream reported: what the load's throttle counts. */
  const seenFinished = new Set<string>();
  const seenIds = new Set<string>();
  let reconnects = 0;
  let duplicates = 0;
  const stopped = () => stopStreams.signal.aborted;
  const follow = async (lastId: string | null): Promise<void> => {
    let last = lastId;
    while (!stopped()) {
      try {
        const response = await fetch(`${base}/api/realtime/events`, {
          headers: { cookie, accept: 'text/event-stream', ...(last ? { 'last-event-id': last } : {}) },
          signal: stopStreams.signal,
        });
        if (!response.ok || !response.body) throw new Error(`stream ${String(response.status)}`);
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        const mine = new Set<string>();
        const parser = createParser({
          onEvent: (message) => {
            if (message.id) {
              if (mine.has(message.id)) duplicates += 1;
              mine.add(message.id);
              seenIds.add(message.id);
              last = message.id;
            }
            if (message.event === 'execution.updated') {
              const data = JSON.parse(message.data) as { id: string; status: string };
              if (data.status === 'completed') seenEnds.add(data.id);
              if (finished.includes(data.status)) seenFinished.add(data.id);
            }
          },
        });
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } catch {
        if (stopped()) return;
      }
      reconnects += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const streams = Array.from({ length: streamCount }, () => follow(null));

  const outcomes: Outcome[] = [];
  const runs: string[] = [];
  const end = Date.now() + loadSeconds * 1000;
  const killAt = Date.now() + (loadSeconds * 1000) / 3;
  let killedAt = Number.POSITIVE_INFINITY;
  let goneAt = Number.POSITIVE_INFINITY;
  const attempt = async (
    kind: string,
    request: () => Promise<Response>,
    expected: number,
    onBody?: (body: unknown) => void,
  ) => {
    const started = Date.now();
    try {
      const response = await request();
      const ok = response.status === expected;
      const body: unknown = await response.json().catch(() => null);
      if (ok) onBody?.(body);
      outcomes.push({ kind, started, ended: Date.now(), ok, detail: ok ? '' : `HTTP ${String(response.status)}` });
    } catch (error) {
      outcomes.push({ kind, started, ended: Date.now(), ok: false, detail: String(error) });
    }
  };
  const loop = async (work: () => Promise<void>, ready?: () => boolean) => {
    while (Date.now() < end) {
      if (ready && !ready()) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      await work();
    }
  };
  const openRuns = () => runs.filter((id) => !seenFinished.has(id)).length;
  const killer = (async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, killAt - Date.now())));
    const victim = instances[0];
    if (pauseMode) {
      if (victim?.pid) process.kill(victim.pid, 'SIGSTOP');
      killedAt = Date.now();
      console.log(`stopped instance 1 (pid ${String(victim?.pid)}) with SIGSTOP for ${String(pauseSeconds)} s`);
      await new Promise((resolve) => setTimeout(resolve, pauseSeconds * 1000));
      if (victim?.pid) process.kill(victim.pid, 'SIGCONT');
      // Requests sent to it wait for it; one may time out as it goes on (its timers fire before
      // the replies that came meanwhile are read): those overlapping the pause are in flight on it.
      goneAt = Date.now();
      console.log('let instance 1 go on (SIGCONT)');
      return;
    }
    if (victim?.pid) process.kill(victim.pid, 'SIGKILL');
    killedAt = Date.now();
    // A killed process takes a moment to go (its memory unmapped, then its sockets closed): until
    // its port refuses connections, a request nginx sends it is in flight on it too.
    const port = Number(new URL(victim?.url ?? base).port);
    while (await portOpen(port)) await new Promise((resolve) => setTimeout(resolve, 2));
    goneAt = Date.now();
    console.log(
      `killed instance 1 (pid ${String(victim?.pid)}) with SIGKILL; its port closed ${String(goneAt - killedAt)} ms later`,
    );
  })();
  await Promise.all([
    killer,
    ...Array.from({ length: 2 }, () =>
      loop(() =>
        attempt(
          'sign-in',
          () =>
            fetch(`${base}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) }),
          200,
        ),
      ),
    ),
    ...Array.from({ length: 4 }, () =>
      loop(() =>
        attempt(
          'container list',
          () => fetch(`${base}/api/v1/containers`, { headers: { authorization: `Bearer ${token}` } }),
          200,
        ),
      ),
    ),
    ...Array.from({ length: 4 }, () =>
      loop(
        () =>
          attempt(
            'workflow run',
            () =>
              fetch(`${base}/api/mlm/flows/${flowId}/execute`, {
                method: 'POST',
                headers,
                body: JSON.stringify({
                  input: 'Plan the launch of the backup service for small offices this quarter.',
                }),
              }),
            202,
            (body) => runs.push((body as { id: string }).id),
          ),
        () => openRuns() < OPEN_RUNS_MAX,
      ),
    ),
  ]);

  // Every accepted run must end, completed, once: first their ends on the streams (cheap), then
  // each run read back (its status, and each of its steps once).
  const loadEnded = Date.now();
  const settleEnd = loadEnded + settleSeconds * 1000;
  const runsDb = new pg.Client({ connectionString: databaseUrl.toString() });
  await runsDb.connect();
  /** Runs that ended in the database though no stream said so (yet, or ever: see diedWith below). */
  const endedQuietly = new Set<string>();
  const stillOpen = () => runs.filter((id) => !seenFinished.has(id) && !endedQuietly.has(id));
  for (let tick = 1; stillOpen().length > 0 && Date.now() < settleEnd; tick++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (tick % 10 !== 0) continue;
    const ended = await runsDb.query<{ id: string }>(
      `select id from workflow_executions where id = any($1) and status in ('completed', 'failed', 'cancelled')`,
      [stillOpen()],
    );
    for (const row of ended.rows) endedQuietly.add(row.id);
  }
  // Paused: the instance's late writes (refused, as its runs were taken over) come once it goes on.
  if (pauseMode) await new Promise((resolve) => setTimeout(resolve, 3_000));
  const status = new Map<string, string>();
  const twice: string[] = [];
  for (let i = 0; i < runs.length; i += 20) {
    await Promise.all(
      runs.slice(i, i + 20).map(async (id) => {
        const response = await fetch(`${base}/api/mlm/executions/${id}`, { headers: { cookie } });
        if (!response.ok) {
          status.set(id, `HTTP ${String(response.status)}`);
          return;
        }
        const run = (await response.json()) as {
          status: string;
          steps: { node_id: string }[];
          error: { code: string; message: string } | null;
        };
        status.set(id, run.status);
        if (run.status !== 'completed') console.log(`run ${id} ${run.status}: ${JSON.stringify(run.error)}`);
        const nodes = run.steps.map((step) => step.node_id);
        if (run.status === 'completed' && (nodes.length !== nodeCount || new Set(nodes).size !== nodeCount))
          twice.push(id);
      }),
    );
  }
  // The survivors notice the silent instance (12 s without a report) and take its jobs over: the
  // script waits for one of them to say so (in its log) at most 40 s after the kill.
  const takeoverLine = async () => {
    for (const i of [2, 3]) {
      const text = await readFile(join(dir, `instance-${String(i)}.log`), 'utf8').catch(() => '');
      for (const line of text.split('\n')) {
        if (!line.includes('took over the jobs of instances')) continue;
        const entry = JSON.parse(line) as { time: number; jobs: number };
        return entry;
      }
    }
    return null;
  };
  let tookOver = await takeoverLine();
  while (!tookOver && Date.now() < killedAt + 40_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    tookOver = await takeoverLine();
  }
  // Runs taken up again after the kill (attempts > 1: the dead instance's, taken over), and when
  // the last of them ended.
  const takeover = await runsDb.query<{ taken: number; last: Date | null }>(
    `select count(*)::int as taken, max(finished_at) as last from workflow_executions
      where id = any($1) and attempts > 1`,
    [runs],
  );
  // A run the killed instance finished as it died (saved before its port closed) may have been
  // saved without its event going out: the event is published after the save, and went with the
  // process. Such runs are told apart from events a stream missed.
  const unseenRuns = runs.filter((id) => status.get(id) === 'completed' && !seenEnds.has(id));
  const endings = await runsDb.query<{ id: string; finished_at: Date }>(
    `select id, finished_at from workflow_executions where id = any($1)`,
    [unseenRuns],
  );
  await runsDb.end();
  const diedWith = new Set(endings.rows.filter((row) => row.finished_at.getTime() <= goneAt).map((row) => row.id));
  const taken = takeover.rows[0]?.taken ?? 0;
  const lastTaken = takeover.rows[0]?.last ?? null;
  // The streams get a moment for the last events, then stop.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  stopStreams.abort();
  await Promise.allSettled(streams);

  const inFlight = (o: Outcome) => o.started <= goneAt && o.ended >= killedAt;
  const rows = ['sign-in', 'container list', 'workflow run'].map((kind) => {
    const mine = outcomes.filter((o) => o.kind === kind);
    const bad = mine.filter((o) => !o.ok);
    return {
      kind,
      requests: mine.length,
      failed: bad.length,
      'in flight at the kill': bad.filter(inFlight).length,
      'failed otherwise': bad.filter((o) => !inFlight(o)).length,
      example:
        bad
          .filter((o) => !inFlight(o))
          .map((o) => `${o.detail} (${((o.started - killedAt) / 1000).toFixed(3)} s from the kill)`)[0] ?? '',
    };
  });
  console.table(rows);
  const event = pauseMode ? 'its pause' : 'the kill';
  const counts = new Map<string, number>();
  for (const id of runs) counts.set(status.get(id) ?? 'unknown', (counts.get(status.get(id) ?? 'unknown') ?? 0) + 1);
  console.log(
    `workflow runs accepted: ${String(runs.length)}; by status: ${JSON.stringify(Object.fromEntries(counts))}; ` +
      `${String(twice.length)} with a step missing or run twice; all ended ${((Date.now() - loadEnded) / 1000).toFixed(1)} s after the load`,
  );
  console.log(
    tookOver
      ? `instance 1 was taken for dead ${((tookOver.time - killedAt) / 1000).toFixed(1)} s after ${event}; ` +
          (tookOver.jobs === 0
            ? 'it held no job at the kill (nothing to take over this time)'
            : `the ${String(tookOver.jobs)} job${tookOver.jobs === 1 ? '' : 's'} it held (runs under way, or waiting ` +
              'there for a slot) set back to retry')
      : `no instance took instance 1 for dead within 40 s of ${event}`,
  );
  console.log(
    `runs under way on it, taken up again from their last save: ${String(taken)}` +
      (lastTaken
        ? `; the last of them ended ${((lastTaken.getTime() - killedAt) / 1000).toFixed(1)} s after ${event}`
        : ''),
  );
  if (pauseMode) {
    const own = await readFile(join(dir, 'instance-1.log'), 'utf8').catch(() => '');
    const stopped = own.split('\n').filter((line) => line.includes('job taken over by another instance')).length;
    console.log(
      `instance 1, let go on: ${String(stopped)} of its runs found taken over at their next save and stopped there`,
    );
  }
  const completed = runs.filter((id) => status.get(id) === 'completed');
  const unseen = completed.filter((id) => !seenEnds.has(id) && !diedWith.has(id));
  console.log(
    `realtime: ${String(streamCount)} streams, ${String(reconnects)} reconnects, ${String(seenIds.size)} events, ` +
      `${String(duplicates)} repeated on one connection, ${String(unseen.length)} completed runs whose end no stream saw` +
      (diedWith.size > 0
        ? ` (and ${String(diedWith.size)} finished by the killed instance as it died, whose event went with it)`
        : ''),
  );
  if (rows.some((row) => row['failed otherwise'] > 0)) failed = true;
  if (completed.length !== runs.length || twice.length > 0 || !tookOver) failed = true;
  if (unseen.length > 0 || duplicates > 0) failed = true;
} finally {
  stopStreams.abort();
  nginx?.kill('SIGTERM');
  await Promise.allSettled((pauseMode ? instances : instances.slice(1)).map((instance) => instance.stop()));
  await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => {});
  await admin.end();
  // The instances' logs (and nginx's) are kept when something failed, for a look at why.
  if (failed || process.env.FAILOVER_KEEP) console.log(`failover: the instances' logs are in ${dir}`);
  else await rm(dir, { recursive: true, force: true });
}
if (failed) {
  console.error(
    'failover: a request failed that was not in flight on the killed instance, a run did not complete, or a stream missed an event',
  );
  process.exitCode = 1;
}
