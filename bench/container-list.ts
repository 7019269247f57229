// The container list and the Overview summary for one user with a fleet of 1,000 and 10,000
// containers (issue 18), against GET /healthz in the same run:
// - a fleet generator: N demo containers created through the API (202, then the provisioning job),
//   left running so the sampler samples every one of them while the list is measured;
// - GET /api/v1/containers?page=1&per_page=10 with a session token and with an API key, and
//   GET /api/v1/containers/summary, each under load: req/s, p50, exact p95 (every response time
//   kept), p99; and the list's throughput as a ratio of /healthz's.
// Run with `npm run bench:container-list` after a build. BENCH_FLEETS (default "1000,10000"),
// BENCH_DURATION, BENCH_CONNECTIONS and BENCH_DATABASE_URL (PostgreSQL instead of PGlite) tune it.
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { connections, durationSeconds, startNuvem } from './lib.js';

const fleets = (process.env.BENCH_FLEETS ?? '1000,10000').split(',').map(Number).filter(Boolean);
const createConcurrency = 32;

console.log(
  `container-list: fleets ${fleets.join(', ')}, ${connections} connections, ${durationSeconds} s per target, ` +
    `${cpus().length} CPU(s), Node ${process.version}, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
);

async function call(base: string, method: string, path: string, token?: string, body?: object): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      origin: base,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** A user with a session token, and an application with an API key, as a developer makes them. */
async function provision(base: string): Promise<{ token: string; key: string }> {
  const registered = (await call(base, 'POST', '/auth/register', undefined, {
    email: `fleet-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'bench passphrase 1',
    displayName: 'Fleet',
  })) as { access_token: string };
  const token = registered.access_token;
  const app = (await call(base, 'POST', '/applications', token, { name: 'fleet' })) as {
    application: { id: string };
  };
  const key = (await call(base, 'POST', `/applications/${app.application.id}/keys`, token, { name: 'fleet' })) as {
    apiKey: { key: string };
  };
  return { token, key: key.apiKey.key };
}

interface Summary {
  total: number;
  running: number;
  sampled_containers: number;
}

/** Creates `size` demo containers (a few at a time) and waits until all run and the sampler has seen them. */
async function generateFleet(base: string, token: string, size: number): Promise<void> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < size) {
      const n = ++next;
      await call(base, 'POST', '/api/v1/containers', token, { name: `c-${String(n).padStart(5, '0')}`, tier: 'small' });
    }
  };
  await Promise.all(Array.from({ length: createConcurrency }, worker));
  const asked = performance.now();
  for (;;) {
    const { summary } = (await call(base, 'GET', '/api/v1/containers/summary', token)) as { summary: Summary };
    if (summary.running === size && summary.sampled_containers === size) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log(
    `fleet of ${size}: created in ${((asked - started) / 1000).toFixed(1)} s, all running and sampled after ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

interface Measured {
  target: string;
  'req/s': number;
  'p50 ms': number;
  'p95 ms': number;
  'p99 ms': number;
  errors: number;
  non2xx: number;
  unanswered: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** autocannon after a warm-up, keeping every response time for an exact p95. */
async function measure(target: string, url: string, headers: Record<string, string> = {}): Promise<Measured> {
  await autocannon({ url, connections, duration: 2, headers });
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: durationSeconds, headers }, (error, r) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(r);
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  return {
    target,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p95 ms': Math.round(percentile(times, 95) * 10) / 10,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    // Requests still waiting when the run ended (a reply slower than the whole run is no reply).
    unanswered: Math.max(0, result.requests.sent - result.requests.total),
  };
}

const metricsToken = 'container-list-bench-metrics-token';

/** The sampler's passes so far, from GET /metrics: how many, their mean time and mean CPU time. */
async function samplerFigures(base: string): Promise<string> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const value = (name: string) => Number(new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  const passes = value('nuvem_container_sampler_pass_seconds_count');
  const seconds = value('nuvem_container_sampler_pass_seconds_sum');
  const cpu = value('nuvem_container_sampler_pass_cpu_seconds_sum');
  const sampled = value('nuvem_container_sampler_containers');
  return (
    `sampler: ${String(passes)} passes, last over ${String(sampled)} running containers; ` +
    `mean pass ${((seconds / passes) * 1000).toFixed(0)} ms, mean CPU ${((cpu / passes) * 1000).toFixed(0)} ms a pass`
  );
}

let failed = false;
for (const size of fleets) {
  const nuvem = await startNuvem({
    SEED_DEMO: 'false',
    CONTAINER_DRIVER: 'demo',
    // Far above what the load reaches: the list is measured, not the key's 429s.
    API_KEY_RATE_LIMITS: 'standard=9999999',
    METRICS_TOKEN: metricsToken,
  });
  try {
    const { token, key } = await provision(nuvem.url);
    // /healthz before the fleet exists: what the sampler's passes are compared with.
    const idle = await measure('GET /healthz, no fleet', `${nuvem.url}/healthz`);
    await generateFleet(nuvem.url, token, size);
    const list = `${nuvem.url}/api/v1/containers?page=1&per_page=10`;
    const checked = (await call(nuvem.url, 'GET', '/api/v1/containers?page=1&per_page=10', token)) as {
      total: number;
      containers: unknown[];
    };
    if (checked.total !== size || checked.containers.length !== 10) throw new Error('the list does not show the fleet');
    const results = [
      await measure('GET /healthz', `${nuvem.url}/healthz`),
      await measure('list, session token', list, { authorization: `Bearer ${token}` }),
      await measure('list, API key', list, { authorization: `Bearer ${key}` }),
      await measure('summary, session token', `${nuvem.url}/api/v1/containers/summary`, {
        authorization: `Bearer ${token}`,
      }),
    ];
    console.log(`\n${size.toLocaleString('en')} containers for one user (the sampler running over all of them)`);
    console.table([idle, ...results]);
    const healthzNow = results[0];
    if (healthzNow)
      console.log(
        `/healthz p99 with the fleet sampled: ${(healthzNow['p99 ms'] / idle['p99 ms']).toFixed(2)}x of no fleet`,
      );
    console.log(await samplerFigures(nuvem.url));
    const [healthz, withToken, withKey] = results;
    if (healthz && withToken && withKey) {
      console.log(
        `ratio to /healthz: list with a session token ${(withToken['req/s'] / healthz['req/s']).toFixed(2)}x, ` +
          `with an API key ${(withKey['req/s'] / healthz['req/s']).toFixed(2)}x`,
      );
    }
    if (results.some((r) => r.errors > 0 || r.non2xx > 0 || r['req/s'] === 0)) failed = true;
  } finally {
    await nuvem.stop();
  }
}
if (failed) {
  console.error('the server answered with errors, or not at all, under load');
  process.exitCode = 1;
}
