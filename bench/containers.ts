// The container API on the real built server with its embedded database:
// - create-to-running time of POST /api/v1/containers (LXD driver, busybox image `nuvem-test`) against the
//   same work sent straight to LXD (create + start of an instance with the same limits and root disk), as median, p95
//   and their ratio portal/direct. Every instance is deleted (not timed), and afterwards LXD is checked
//   for anything left behind;
// - GET /api/v1/containers?page=1&per_page=10 under load with 1,000 containers (demo driver), as req/s
//   and latency percentiles.
// Run with `npm run bench:containers` (builds first). BENCH_CONTAINERS (default 5) is the number of timed
// creations per side; BENCH_DURATION and BENCH_CONNECTIONS tune the list load; LXD_SOCKET the daemon.
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { LxdClient } from '../apps/server/src/modules/containers/drivers/lxd-client.js';
import { connections, durationSeconds, followEvents, type LoadResult, registerBenchUser, startNuvem } from './lib.js';

const iterations = Number(process.env.BENCH_CONTAINERS ?? 5);
const socketPath = process.env.LXD_SOCKET ?? '/var/lib/lxd/unix.socket';
const image = 'nuvem-test';
const listSize = 1000;
const createConcurrency = 20;

console.log(
  `containers: ${iterations} timed creation(s) per side (+1 untimed warm-up each), list load ${connections} connections ` +
    `for ${durationSeconds} s, ${cpus().length} CPU(s), Node ${process.version}`,
);

interface Session {
  url: string;
  token: string;
}

async function register(url: string): Promise<Session> {
  return { url, token: (await registerBenchUser(url)).accessToken };
}

async function api(session: Session, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${session.url}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.token}`,
      origin: session.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

interface CreatedContainer {
  id: string;
  status: string;
  status_reason: string | null;
}

/**
 * The owner's realtime stream (`GET /api/realtime/events`, as the dashboard holds it): resolves
 * `until(id)` with a container's status once a `container.updated` event says it left `starting`.
 */
async function watchContainers(session: Session, signal: AbortSignal) {
  const settled = new Map<string, string>();
  const waiting = new Map<string, (status: string) => void>();
  await followEvents(
    session.url,
    { authorization: `Bearer ${session.token}` },
    'container.updated',
    (event) => {
      if (event.status === 'starting') return;
      settled.set(event.id, event.status);
      waiting.get(event.id)?.(event.status);
    },
    signal,
  );
  return {
    until: (id: string) =>
      new Promise<string>((resolve) => {
        const known = settled.get(id);
        if (known) resolve(known);
        else waiting.set(id, resolve);
      }),
  };
}

type Watcher = Awaited<ReturnType<typeof watchContainers>>;

/** How long each timed POST /containers took to answer 202 (the row written and the job queued). */
const acceptedMs: number[] = [];

/**
 * POST /containers answers 202 with the row `starting`; the job provisions it. Resolves with the
 * container once it is `running` or `error`: told by the realtime stream when `watcher` is given
 * (as the dashboard learns it), else polled every 20 ms.
 */
async function createContainer(session: Session, name: string, watcher?: Watcher): Promise<CreatedContainer> {
  const asked = process.hrtime.bigint();
  const response = await api(session, 'POST', '/containers', { name, tier: 'small', template_id: '' });
  const text = await response.text();
  acceptedMs.push(ms(asked));
  if (response.status !== 202) throw new Error(`POST /containers ${name}: ${response.status} ${text}`);
  let container = (JSON.parse(text) as { container: CreatedContainer }).container;
  if (watcher && container.status === 'starting') {
    const status = await watcher.until(container.id);
    return { ...container, status, status_reason: status === 'running' ? null : 'see the container' };
  }
  while (container.status === 'starting') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const got = await api(session, 'GET', `/containers/${encodeURIComponent(container.id)}`);
    container = ((await got.json()) as { container: CreatedContainer }).container;
  }
  return container;
}

async function deleteContainer(session: Session, id: string): Promise<void> {
  const response = await api(session, 'DELETE', `/containers/${encodeURIComponent(id)}`);
  if (response.status !== 200 && response.status !== 202)
    throw new Error(`DELETE /containers/${id}: ${response.status} ${await response.text()}`);
}

/** Nearest-rank percentile of a sample (with 5 samples, p95 is the largest). */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const fmt = (n: number) => n.toFixed(1);

// --- 1. Create-to-running: portal API against LXD direct --------------------------------------------

const lxd = new LxdClient({ socketPath, requestTimeoutMs: 120_000 });

async function instanceNames(): Promise<string[]> {
  const urls = (await lxd.call('GET', '/1.0/instances')) as string[];
  return urls.map((u) => decodeURIComponent(u.slice(u.lastIndexOf('/') + 1)));
}

/** Force-stop (if running) and delete; a missing instance is fine. */
async function removeInstance(name: string): Promise<void> {
  const path = `/1.0/instances/${encodeURIComponent(name)}`;
  try {
    await lxd.call('PUT', `${path}/state`, { action: 'stop', force: true, timeout: 30 });
  } catch {
    // already stopped, or gone
  }
  try {
    await lxd.call('DELETE', path);
  } catch (error) {
    if (!(error instanceof Error && /not found/i.test(error.message))) throw error;
  }
}

// The instance the portal makes for the small tier: its limits, and its own root disk of the tier's
// size on the default profile's pool (read once here, untimed).
let smallTierRoot: Record<string, string> | undefined;

async function directCreateAndStart(name: string): Promise<number> {
  if (!smallTierRoot) {
    const profile = (await lxd.call('GET', '/1.0/profiles/default')) as {
      devices?: Record<string, Record<string, string>>;
    };
    smallTierRoot = { ...profile.devices?.root, type: 'disk', path: '/', size: '10GB' };
  }
  const start = process.hrtime.bigint();
  await lxd.call('POST', '/1.0/instances', {
    name,
    type: 'container',
    source: { type: 'image', alias: image },
    profiles: ['default'],
    config: { 'limits.cpu': '1', 'limits.memory': '1024MB' },
    devices: { root: smallTierRoot },
  });
  await lxd.call('PUT', `/1.0/instances/${encodeURIComponent(name)}/state`, { action: 'start', timeout: 30 });
  return ms(start);
}

// The server's log lines while the creations run: the provisioning job's 'container provisioned'
// line says how long each phase took.
const serverLog = join(tmpdir(), `nuvem-bench-containers-${randomBytes(4).toString('hex')}.log`);

async function benchCreate(): Promise<{ portal: number[]; direct: number[] }> {
  await lxd.call('GET', `/1.0/images/aliases/${image}`); // fails early when the image is missing
  const before = new Set(await instanceNames());
  const portal: number[] = [];
  const direct: number[] = [];
  const portalIds = new Set<string>();
  const directNames = new Set<string>();
  let failure: Error | undefined;
  let session: Session | undefined;
  const closeStreams = new AbortController();

  const nuvem = await startNuvem({
    BENCH_SERVER_LOG: serverLog,
    SEED_DEMO: 'false',
    CONTAINER_DRIVER: 'lxd',
    LXD_SOCKET: socketPath,
    LXD_IMAGE_MAP: JSON.stringify({ '*': image }),
  });
  try {
    session = await register(nuvem.url);
    const signedIn = session;
    const watcher = await watchContainers(signedIn, closeStreams.signal);
    const driver = (await (await api(signedIn, 'GET', '/containers/driver')).json()) as { driver?: string };
    if (driver.driver !== 'lxd') throw new Error(`the server uses the ${driver.driver ?? '?'} driver, not lxd`);

    const viaPortal = async (): Promise<number> => {
      const name = `bench-${randomBytes(6).toString('hex')}`;
      const start = process.hrtime.bigint();
      const container = await createContainer(signedIn, name, watcher);
      const elapsed = ms(start);
      portalIds.add(container.id);
      if (container.status !== 'running') {
        throw new Error(`portal container ${name} is ${container.status}: ${container.status_reason ?? ''}`);
      }
      await deleteContainer(signedIn, container.id);
      portalIds.delete(container.id);
      return elapsed;
    };
    const viaLxd = async (): Promise<number> => {
      const name = `nuvem-bench-${randomBytes(6).toString('hex')}`;
      directNames.add(name);
      const elapsed = await directCreateAndStart(name);
      await removeInstance(name);
      directNames.delete(name);
      return elapsed;
    };

    // One untimed round each (first requests, image caches), then alternate which side goes first.
    await viaPortal();
    await viaLxd();
    acceptedMs.length = 0;
    writeFileSync(serverLog, '');
    for (let i = 0; i < iterations; i++) {
      if (i % 2 === 0) {
        portal.push(await viaPortal());
        direct.push(await viaLxd());
      } else {
        direct.push(await viaLxd());
        portal.push(await viaPortal());
      }
      console.log(
        `  round ${i + 1}/${iterations}: portal ${fmt(portal[i] ?? Number.NaN)} ms, direct ${fmt(direct[i] ?? Number.NaN)} ms`,
      );
    }
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
  } finally {
    // Clean up whatever is left, the portal's through its API while the server still runs.
    for (const id of session ? portalIds : []) {
      try {
        if (session) await deleteContainer(session, id);
      } catch (error) {
        console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`); // removed directly below
      }
    }
    closeStreams.abort();
    await nuvem.stop();
    for (const name of directNames) await removeInstance(name).catch(() => undefined);

    const leftovers = (await instanceNames()).filter((name) => !before.has(name));
    if (leftovers.length > 0) {
      console.error(`instances left behind in LXD (removing them now): ${leftovers.join(', ')}`);
      for (const name of leftovers) await removeInstance(name).catch(() => undefined);
      const still = (await instanceNames()).filter((name) => !before.has(name));
      failure ??= new Error(
        `instances were left behind in LXD${still.length ? `, still there: ${still.join(', ')}` : ''}`,
      );
    } else {
      console.log('LXD check: no nuvem-bench-* or portal-created instance left');
    }
  }
  if (failure) throw failure;
  return { portal, direct };
}

// --- 2. The container list with 1,000 containers -------------------------------------------------

interface ListLoadResult extends LoadResult {
  p90Ms: number;
  p95Ms: number;
  p97_5Ms: number;
}

/**
 * lib.ts `load` with the same warm-up and settings, but it keeps autocannon's p90 and p97.5 and
 * records every response time to compute an exact p95 (autocannon's histogram has no p95).
 */
async function loadWithPercentiles(
  label: string,
  url: string,
  options: Partial<autocannon.Options>,
): Promise<ListLoadResult> {
  await autocannon({ url, connections, duration: 2, ...options }); // warm-up: JIT, pools
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: durationSeconds, ...options }, (error, r) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(r);
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p95Ms: Math.round(percentile(times, 95) * 10) / 10,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function benchList(): Promise<ListLoadResult> {
  const nuvem = await startNuvem({ SEED_DEMO: 'false', CONTAINER_DRIVER: 'demo' });
  try {
    const session = await register(nuvem.url);
    const seedStart = process.hrtime.bigint();
    let next = 0;
    const worker = async () => {
      while (next < listSize) {
        const n = ++next;
        const container = await createContainer(session, `c-${String(n).padStart(4, '0')}`);
        if (container.status !== 'running') throw new Error(`c-${n} is ${container.status}`);
      }
    };
    await Promise.all(Array.from({ length: createConcurrency }, worker));
    console.log(
      `created ${listSize} demo containers in ${(ms(seedStart) / 1000).toFixed(1)} s (${createConcurrency} at a time)`,
    );

    const path = '/containers?page=1&per_page=10';
    const check = (await (await api(session, 'GET', path)).json()) as { total?: number; containers?: unknown[] };
    if (check.total !== listSize || check.containers?.length !== 10) {
      throw new Error(`the list shows total ${check.total ?? '?'} and ${check.containers?.length ?? '?'} rows`);
    }
    return await loadWithPercentiles(
      `GET /api/v1/containers${path.slice('/containers'.length)}`,
      `${nuvem.url}/api/v1${path}`,
      {
        headers: { authorization: `Bearer ${session.token}` },
      },
    );
  } finally {
    await nuvem.stop();
  }
}

// --- run --------------------------------------------------------------------------------------------

const created = await benchCreate();
const summary = (values: number[]) => ({ median: percentile(values, 50), p95: percentile(values, 95) });
const portal = summary(created.portal);
const direct = summary(created.direct);
console.log(`\ncreate-to-running (${iterations} runs each; p95 is nearest-rank, so with few runs it is the slowest)`);
console.table([
  { path: 'POST /api/v1/containers (portal, LXD driver)', 'median ms': fmt(portal.median), 'p95 ms': fmt(portal.p95) },
  { path: 'LXD direct: POST /1.0/instances + start', 'median ms': fmt(direct.median), 'p95 ms': fmt(direct.p95) },
]);
console.log(
  `ratio portal/direct: median ${(portal.median / direct.median).toFixed(2)}x, p95 ${(portal.p95 / direct.p95).toFixed(2)}x`,
);

// Where the portal's time goes: the 202 answer, then each phase of the provisioning job (medians);
// what is left is the job's pick-up and the event's way to the stream.
const phases = new Map<string, number[]>();
for (const line of readFileSync(serverLog, 'utf8').split('\n')) {
  if (!line.includes('container provisioned')) continue;
  const { phasesMs } = JSON.parse(line) as { phasesMs: Record<string, number> };
  for (const [phase, value] of Object.entries(phasesMs)) phases.set(phase, [...(phases.get(phase) ?? []), value]);
}
rmSync(serverLog, { force: true });
// The address is read after the container is announced running: not part of create-to-running.
const before = [...phases].filter(([phase]) => phase !== 'address');
const breakdown = [
  { step: 'POST /api/v1/containers answered 202', 'median ms': fmt(percentile(acceptedMs, 50)) },
  ...before.map(([phase, values]) => ({ step: `job: ${phase}`, 'median ms': fmt(percentile(values, 50)) })),
];
const accounted = [percentile(acceptedMs, 50), ...before.map(([, values]) => percentile(values, 50))].reduce(
  (a, b) => a + b,
  0,
);
breakdown.push({
  step: 'the rest (job pick-up, the event to the stream)',
  'median ms': fmt(portal.median - accounted),
});
const address = phases.get('address');
if (address)
  breakdown.push({ step: 'then, once running: its address read', 'median ms': fmt(percentile(address, 50)) });
console.log('\nwhere the portal spends its create-to-running time (job phases from its log line)');
console.table(breakdown);

const list = await benchList();
console.log(
  `\ncontainer list with ${listSize} containers (p95 exact from every response time; p90/p97.5 autocannon's)`,
);
console.table([
  {
    target: list.label,
    'req/s': list.requestsPerSecond,
    'p50 ms': list.p50Ms,
    'p90 ms': list.p90Ms,
    'p95 ms': list.p95Ms,
    'p97.5 ms': list.p97_5Ms,
    'p99 ms': list.p99Ms,
    errors: list.errors,
    non2xx: list.non2xx,
  },
]);
if (list.errors > 0 || list.non2xx > 0) {
  console.error('errors or non-2xx answers under load');
  process.exitCode = 1;
}
