// The realtime stream: how many streams one instance holds with a flat event loop, and how fast an
// event raised on one instance reaches a stream held on another.
//
// 1. One instance (embedded database): BENCH_STREAMS (10,000) streams of one user held open; the
//    p99 of GET /healthz before and while they are open, and the time one event takes to reach all
//    of them (a container created through the API publishes it).
// 2. Two instances on one PostgreSQL (BENCH_PG_ADMIN_URL, a fresh database) and Redis
//    (BENCH_REDIS_URL): a stream held on B, containers created on A; for each event the time from
//    its publication (the millisecond in its id) to its arrival on B. Goal: p99 under 50 ms.
//
// Run with `npm run bench:realtime` (builds first).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { cpus } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createParser } from 'eventsource-parser';
import { registerBenchUser, startNuvem, type BenchUser, type Started } from './lib.js';

const streamCount = Number(process.env.BENCH_STREAMS ?? 10_000);
const latencyEvents = Number(process.env.BENCH_EVENTS ?? 300);
const pgAdminUrl = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

type Session = BenchUser;
const register = registerBenchUser;

let created = 0;
async function createContainer(base: string, session: Session): Promise<void> {
  created += 1;
  const res = await fetch(`${base}/api/v1/containers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: session.cookie },
    body: JSON.stringify({ name: `rt-${created}-${randomBytes(2).toString('hex')}` }),
  });
  if (res.status !== 202) throw new Error(`create: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

interface Stream {
  close(): void;
}

/** Opens one stream; `onEvent` gets each event's id and type as it arrives. */
function openStream(base: string, session: Session, onEvent: (id: string, type: string) => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/realtime/events`,
      { headers: { cookie: session.cookie, accept: 'text/event-stream' }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream: ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        const parser = createParser({
          onEvent: (message) => {
            if (message.id && message.event) onEvent(message.id, message.event);
          },
        });
        res.on('data', (chunk: string) => parser.feed(chunk));
        res.on('error', () => {});
        resolve({ close: () => req.destroy() });
      },
    );
    req.on('error', reject);
  });
}

/** p99 and p50 of `n` sequential GET /healthz, in ms. */
async function healthzLatency(base: string, n = 300): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(n * 0.5)] ?? 0, p99: times[Math.floor(n * 0.99)] ?? 0 };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const eventTime = (id: string) => parseInt(id.split('-')[0] ?? '', 36);

console.log(
  `realtime: ${streamCount} streams, ${latencyEvents} cross-instance events, ${cpus().length} CPU(s), Node ${process.version}`,
);

// 1. Streams held by one instance.
{
  // A user holds at most 1,000 streams (the configuration's ceiling): the streams are spread over
  // as many users as that takes, and each user's container event goes to each of their streams.
  const perUser = 1000;
  const nuvem = await startNuvem({
    REALTIME_MAX_STREAMS_PER_USER: String(perUser),
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  });
  const streams: Stream[] = [];
  try {
    const users = await Promise.all(
      Array.from({ length: Math.ceil(streamCount / perUser) }, () => register(nuvem.url)),
    );
    const before = await healthzLatency(nuvem.url);
    const userFor = (k: number): Session => {
      const user = users[Math.floor(k / perUser)];
      if (!user) throw new Error(`no user for stream ${k}`);
      return user;
    };
    let received = 0;
    let target = 0;
    let allReceived: (() => void) | null = null;
    const onEvent = (_id: string, type: string) => {
      if (type !== 'container.updated') return;
      received += 1;
      if (received >= target) allReceived?.();
    };
    const openedAt = performance.now();
    for (let i = 0; i < streamCount; i += 250) {
      const batch = Math.min(250, streamCount - i);
      streams.push(
        ...(await Promise.all(Array.from({ length: batch }, (_, j) => openStream(nuvem.url, userFor(i + j), onEvent)))),
      );
    }
    const openSeconds = (performance.now() - openedAt) / 1000;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const during = await healthzLatency(nuvem.url);
    // One container created per user: its `starting` event goes to each of that user's streams.
    target = streamCount;
    const fanStart = performance.now();
    const delivered = new Promise<void>((resolve) => (allReceived = resolve));
    await Promise.all(users.map((user) => createContainer(nuvem.url, user)));
    await Promise.race([delivered, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    const fanMs = performance.now() - fanStart;
    loop.disable();
    console.table([
      { measure: 'streams open', value: streams.length },
      { measure: 'time to open them (s)', value: openSeconds.toFixed(1) },
      {
        measure: 'GET /healthz p50 / p99, no streams (ms)',
        value: `${before.p50.toFixed(1)} / ${before.p99.toFixed(1)}`,
      },
      {
        measure: `GET /healthz p50 / p99, ${streams.length} streams (ms)`,
        value: `${during.p50.toFixed(1)} / ${during.p99.toFixed(1)}`,
      },
      {
        measure: `${users.length} events (one per user) to all ${streams.length} streams (ms)`,
        value: received >= streamCount ? fanMs.toFixed(0) : `incomplete: ${received}`,
      },
      { measure: 'bench client event-loop delay p99 (ms)', value: (loop.percentile(99) / 1e6).toFixed(1) },
    ]);
  } finally {
    for (const stream of streams) stream.close();
    await nuvem.stop();
  }
}

// 2. Publish on A, receive on B.
{
  const name = `nuvem_bench_${randomBytes(4).toString('hex')}`;
  execFileSync('psql', [pgAdminUrl, '-qc', `create database ${name}`]);
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl };
  let a: Started | null = null;
  let b: Started | null = null;
  try {
    a = await startNuvem(env);
    b = await startNuvem(env);
    const session = await register(a.url);
    const latencies: number[] = [];
    let expected = 0;
    let done: (() => void) | null = null;
    const stream = await openStream(b.url, session, (id, type) => {
      if (type !== 'container.updated') return;
      latencies.push(Date.now() - eventTime(id));
      if (latencies.length >= expected) done?.();
    });
    // Each create publishes at least `starting` (on A) and `running` (where the job ran).
    expected = latencyEvents;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const session2 = session;
    for (let i = 0; latencies.length < expected && i < latencyEvents; i++) {
      await createContainer(a.url, session2);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    stream.close();
    const sorted = [...latencies].sort((x, y) => x - y);
    console.table([
      { measure: 'events received on B', value: sorted.length },
      { measure: 'publish on A -> receive on B, p50 (ms)', value: percentile(sorted, 0.5) },
      { measure: 'p99 (ms)', value: percentile(sorted, 0.99) },
      { measure: 'max (ms)', value: sorted.at(-1) ?? 0 },
    ]);
  } finally {
    await Promise.all([a?.stop(), b?.stop()]);
    execFileSync('psql', [pgAdminUrl, '-qc', `drop database if exists ${name} with (force)`]);
  }
}
