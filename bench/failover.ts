// Issue 36's scale-out check: three instances of the built server on one PostgreSQL (a fresh
// database) and Redis, behind Debian's nginx; under load (sign-ins, the container list, workflow
// runs, realtime streams) one instance is killed with SIGKILL. It prints, and checks:
// - requests that failed, and whether each was in flight when the instance died (only those may fail:
//   nginx retries a GET on another instance, a POST that reached the dead one is lost with it);
// - workflow runs: each accepted run ends (completed), none is left running or run twice;
// - realtime streams: each reconnects (Last-Event-ID) and saw the end of every run that completed.
// Run with `npx tsx bench/failover.ts` after a build; FAILOVER_SECONDS (default 20) is the load's
// length, FAILOVER_SETTLE (default 120) how long runs may take to end after it. Needs nginx
// (`apt-get install -y nginx`), PostgreSQL (BENCH_DATABASE_URL or the local one) and Redis (REDIS_URL).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import { freePort } from '../apps/server/src/test/providers/listen.testing.js';
import { startNuvem, threeAgentFlow, type Started } from './lib.js';

const loadSeconds = Number(process.env.FAILOVER_SECONDS ?? 20);
const settleSeconds = Number(process.env.FAILOVER_SETTLE ?? 120);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const nginxBinary = process.env.NGINX ?? '/usr/sbin/nginx';

interface Outcome {
  kind: string;
  started: number;
  ended: number;
  ok: boolean;
  detail: string;
}

const waitForPort = async (port: number, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
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
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${String(proxyPort)};
    location / {
      proxy_pass http://nuvem;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
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
    body: JSON.stringify({
      name: 'Failover',
      ...threeAgentFlow,
      edges: [
        { source: 'brief', target: 'tasks' },
        { source: 'tasks', target: 'copy' },
      ],
    }),
  });
  if (created.status !== 201) throw new Error(`flow: ${String(created.status)} ${await created.text()}`);
  const { id: flowId } = (await created.json()) as { id: string };

  // Realtime streams that reconnect with Last-Event-ID, as the dashboard's client does.
  const streamCount = 6;
  const seenEnds = new Set<string>();
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
  const loop = async (work: () => Promise<void>) => {
    while (Date.now() < end) await work();
  };
  const killer = (async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, killAt - Date.now())));
    const victim = instances[0];
    if (victim?.pid) process.kill(victim.pid, 'SIGKILL');
    killedAt = Date.now();
    console.log(`killed instance 1 (pid ${String(victim?.pid)}) with SIGKILL`);
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
      loop(() =>
        attempt(
          'workflow run',
          () =>
            fetch(`${base}/api/mlm/flows/${flowId}/execute`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ input: 'Plan the launch of the backup service for small offices this quarter.' }),
            }),
          202,
          (body) => runs.push((body as { id: string }).id),
        ),
      ),
    ),
  ]);

  // Every accepted run must end: completed, once.
  const settleEnd = Date.now() + settleSeconds * 1000;
  const status = new Map<string, string>();
  for (;;) {
    await Promise.all(
      runs
        .filter((id) => !['completed', 'failed', 'cancelled'].includes(status.get(id) ?? ''))
        .slice(0, 20)
        .map(async (id) => {
          const response = await fetch(`${base}/api/mlm/executions/${id}`, { headers: { cookie } });
          if (response.ok) status.set(id, ((await response.json()) as { status: string }).status);
          else status.set(id, `HTTP ${String(response.status)}`);
        }),
    );
    const open = runs.filter((id) => !['completed', 'failed', 'cancelled'].includes(status.get(id) ?? ''));
    if (open.length === 0 || Date.now() > settleEnd) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  // The streams get a moment for the last events, then stop.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  stopStreams.abort();
  await Promise.allSettled(streams);

  const inFlight = (o: Outcome) => o.started <= killedAt && o.ended >= killedAt;
  const rows = ['sign-in', 'container list', 'workflow run'].map((kind) => {
    const mine = outcomes.filter((o) => o.kind === kind);
    const bad = mine.filter((o) => !o.ok);
    return {
      kind,
      requests: mine.length,
      failed: bad.length,
      'in flight at the kill': bad.filter(inFlight).length,
      'failed otherwise': bad.filter((o) => !inFlight(o)).length,
      example: bad.find((o) => !inFlight(o))?.detail ?? '',
    };
  });
  console.table(rows);
  const counts = new Map<string, number>();
  for (const id of runs) counts.set(status.get(id) ?? 'unknown', (counts.get(status.get(id) ?? 'unknown') ?? 0) + 1);
  console.log(
    `workflow runs accepted: ${String(runs.length)}; by status: ${JSON.stringify(Object.fromEntries(counts))}`,
  );
  const completed = runs.filter((id) => status.get(id) === 'completed');
  const unseen = completed.filter((id) => !seenEnds.has(id));
  console.log(
    `realtime: ${String(streamCount)} streams, ${String(reconnects)} reconnects, ${String(seenIds.size)} events, ` +
      `${String(duplicates)} repeated on one connection, ${String(unseen.length)} completed runs whose end no stream saw`,
  );
  if (rows.some((row) => row['failed otherwise'] > 0)) failed = true;
  if (completed.length !== runs.length) failed = true;
  if (unseen.length > 0 || duplicates > 0) failed = true;
} finally {
  stopStreams.abort();
  nginx?.kill('SIGTERM');
  await Promise.allSettled(instances.slice(1).map((instance) => instance.stop()));
  await admin.query(`drop database if exists "${dbName}" with (force)`).catch(() => {});
  await admin.end();
  await rm(dir, { recursive: true, force: true });
}
if (failed) {
  console.error(
    'failover: a request failed that was not in flight on the killed instance, a run did not complete, or a stream missed an event',
  );
  process.exitCode = 1;
}
