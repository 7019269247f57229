import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createParser } from 'eventsource-parser';
import { freePort } from '../apps/server/src/test/providers/listen.testing.js';
import {
  builtServerEntry,
  nuvemListening,
  repoRoot,
  startProcess,
} from '../apps/server/src/test/server-process.testing.js';

export const root = repoRoot;

export interface Started {
  url: string;
  /** The process id (to read its CPU time from /proc). */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Spawns `node <args>` and resolves once it prints `<pattern> http://…`, with its address. */
export async function spawnServer(args: string[], env: Record<string, string>, pattern: RegExp): Promise<Started> {
  const server = startProcess({
    args,
    cwd: root,
    env,
    listening: pattern,
    // Once listening, the server's log lines are read and dropped (as a log shipper would), or
    // kept in BENCH_SERVER_LOG for a benchmark that reads them.
    afterListening: (text) => {
      if (env.BENCH_SERVER_LOG) appendFileSync(env.BENCH_SERVER_LOG, text);
    },
  });
  const url = await server.listening;
  return {
    url,
    pid: server.child.pid,
    stop: async () => {
      await server.stop();
    },
  };
}

/** The built Nuvem server on a free port with a fresh embedded database. */
export async function startNuvem(extraEnv: Record<string, string> = {}): Promise<Started> {
  const dataDir = await mkdtemp(join(tmpdir(), 'nuvem-bench-'));
  const port = await freePort();
  const server = await spawnServer(
    // BENCH_NODE_ARGS: extra Node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
    // BENCH_SERVER: another build of the server (to compare two builds side by side).
    [
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      extraEnv.BENCH_SERVER ?? process.env.BENCH_SERVER ?? builtServerEntry,
    ],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      // The server's own origin is PUBLIC_URL (never the Host header): the one the scripts call,
      // which they also send as Origin.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      // BENCH_DATABASE_URL runs the server on PostgreSQL instead of the embedded PGlite.
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      // The default log level (info): one line per request, as in production.
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      // One bench user makes thousands of calls and up to 1,000 containers: lift the per-user caps
      // and budget (tested in the API suites), so what is measured is the portal, not the 429s.
      USER_API_RATE_LIMIT_PER_MINUTE: '1000000',
      MAX_CONTAINERS_PER_USER: '100000',
      // The Free plan's three containers would stop a fleet at the fourth.
      PLAN_QUOTAS: 'false',
      MAX_CONTAINER_VCPUS_PER_USER: '1000000',
      MAX_CONTAINER_MEMORY_GB_PER_USER: '1000000',
      ...extraEnv,
    },
    nuvemListening,
  );
  return {
    url: server.url,
    pid: server.pid,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** The server's CPU time per answered request, in µs (Linux: read from /proc), when its pid was given. */
  cpuMicrosPerRequest?: number | undefined;
}

/** A process's CPU time (user + system) in ms, from /proc; undefined where there is no /proc. */
export function cpuMillis(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields =
      readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
        .split(') ')[1]
        ?.split(' ') ?? [];
    const ticksPerSecond = 100; // USER_HZ on Linux
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

export const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

/**
 * Drives `url` with autocannon after a short warm-up, and returns its throughput and latency, and
 * with `pid` the server's CPU time per request: unlike req/s, that does not depend on how much of
 * the machine the load generator (or anything else running) left to the server.
 */
export async function load(
  label: string,
  url: string,
  options: Partial<autocannon.Options> = {},
  pid?: number,
): Promise<LoadResult> {
  await autocannon({ url, connections, duration: 2, ...options }); // warm-up: JIT, pools
  const cpuBefore = cpuMillis(pid);
  const result = await autocannon({ url, connections, duration: durationSeconds, ...options });
  const cpuAfter = cpuMillis(pid);
  const answered = result.requests.total;
  return {
    cpuMicrosPerRequest:
      cpuBefore !== undefined && cpuAfter !== undefined && answered > 0
        ? ((cpuAfter - cpuBefore) * 1000) / answered
        : undefined,
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printResults(results: LoadResult[]): void {
  console.table(
    results.map((r) => ({
      target: r.label,
      'req/s': r.requestsPerSecond,
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      'CPU µs/req': r.cpuMicrosPerRequest === undefined ? '-' : Math.round(r.cpuMicrosPerRequest),
      errors: r.errors,
      non2xx: r.non2xx,
    })),
  );
}

/** A signed-in bench user: a new account on `base`, its session cookie and its access token. */
export interface BenchUser {
  cookie: string;
  accessToken: string;
}

/** Registers a new account on the server at `base` (Origin set, as a browser would). */
export async function registerBenchUser(base: string): Promise<BenchUser> {
  const response = await fetch(`${base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      email: `bench-${randomBytes(6).toString('hex')}@example.com`,
      password: 'a long bench passphrase',
      displayName: 'Bench',
    }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('nuvem_session='))
    ?.split(';')[0];
  const body = (await response.json()) as { access_token?: string };
  if (!cookie || !body.access_token) throw new Error('register answered without a session cookie or access_token');
  return { cookie, accessToken: body.access_token };
}

/**
 * Follows a realtime stream (`GET /api/realtime/events` with `headers`: a cookie or a bearer token,
 * as the dashboard holds it) and calls `onEvent` with the data of each `event` frame, until `signal`
 * aborts. Resolves once the stream is open.
 */
export async function followEvents(
  base: string,
  headers: Record<string, string>,
  event: string,
  onEvent: (data: { id: string; status: string }) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch(`${base}/api/realtime/events`, {
    headers: { ...headers, accept: 'text/event-stream' },
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream: ${String(response.status)}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = createParser({
    onEvent: (message) => {
      if (message.event === event) onEvent(JSON.parse(message.data) as { id: string; status: string });
    },
  });
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      // the stream is closed at the end
    }
  })();
}

/** The benchmarks' flow: three offline agents, business -> development -> marketing. */
export const threeAgentFlow = {
  nodes: [
    { id: 'brief', name: 'Brief', agent_id: 'agent_business' },
    { id: 'tasks', name: 'Tasks', agent_id: 'agent_development' },
    { id: 'copy', name: 'Copy', agent_id: 'agent_marketing' },
  ],
};
