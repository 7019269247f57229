// API keys on the platform API:
// - key verification in-process (app.apiKeys.findKey on an in-memory PGlite): p50/p99 with the
//   verified-key cache warm, and uncached (one SHA-256 plus a database look-up each time);
// - authenticated GET /api/v1/containers on the real built server with an API key (verification,
//   per-key rate limit, batched usage counting) against GET /healthz in the same run, as req/s, p99
//   and their ratio; the same list with the session's bearer token, and GET /api/v1/containers/tiers
//   with the key (no database work: the cost of key authentication alone), for comparison.
// Run with `npm run bench:api-keys` (builds first). BENCH_DURATION and BENCH_CONNECTIONS tune the load;
// BENCH_VERIFY_N (default 100000) the warm verifications (a fiftieth of it uncached).
import { cpus } from 'node:os';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { connections, durationSeconds, load, printResults, startNuvem } from './lib.js';

const verifyN = Number(process.env.BENCH_VERIFY_N ?? 100_000);

console.log(
  `api-keys: ${verifyN} warm and ${Math.ceil(verifyN / 50)} uncached verifications; HTTP ${connections} connections, ` +
    `${durationSeconds} s per target, ${cpus().length} CPU(s), Node ${process.version}`,
);

interface Credentials {
  accessToken: string;
  key: string;
}

/** A user, an application and a key, through the API like a developer would. */
async function provision(call: (method: string, path: string, body?: object, token?: string) => Promise<unknown>) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const registered = (await call('POST', '/auth/register', {
    email,
    password: 'bench passphrase 1',
    displayName: 'Bench',
  })) as { access_token: string };
  const created = (await call('POST', '/applications', { name: 'bench' }, registered.access_token)) as {
    application: { id: string };
  };
  const key = (await call(
    'POST',
    `/applications/${created.application.id}/keys`,
    { name: 'bench' },
    registered.access_token,
  )) as { apiKey: { key: string } };
  return { accessToken: registered.access_token, key: key.apiKey.key } satisfies Credentials;
}

function percentiles(samplesNs: bigint[]): { p50: number; p99: number } {
  const sorted = samplesNs.map((n) => Number(n) / 1000).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

async function verifyInProcess(): Promise<void> {
  const base = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: 'false', PORT: '0' });
  const app = await buildApp({
    ...base,
    database: { driver: 'pglite', dataDir: null },
    containers: { ...base.containers, driver: 'demo', sampleIntervalMs: 0 },
  });
  await app.ready();
  try {
    const origin = base.publicUrl.origin;
    const { key } = await provision(async (method, url, body, token) => {
      const res = await app.inject({
        method: method as 'POST',
        url,
        headers: { origin, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: body,
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    });
    const measure = async (n: number, cache: boolean) => {
      const samples: bigint[] = [];
      for (let i = 0; i < n; i++) {
        const start = process.hrtime.bigint();
        const found = await app.apiKeys.findKey(key, { cache });
        samples.push(process.hrtime.bigint() - start);
        if (!found) throw new Error('the key did not verify');
      }
      return percentiles(samples);
    };
    await measure(2000, true); // warm-up: JIT
    const warm = await measure(verifyN, true);
    await measure(200, false);
    const cold = await measure(Math.ceil(verifyN / 50), false);
    console.table([
      { verification: 'cached (warm)', 'p50 µs': warm.p50.toFixed(1), 'p99 µs': warm.p99.toFixed(1) },
      {
        verification: 'uncached (SHA-256 + PGlite look-up)',
        'p50 µs': cold.p50.toFixed(1),
        'p99 µs': cold.p99.toFixed(1),
      },
    ]);
  } finally {
    await app.close();
  }
}

async function overHttp(): Promise<void> {
  const nuvem = await startNuvem({
    SEED_DEMO: 'false',
    CONTAINER_DRIVER: 'demo',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    // Far above what the load reaches: the limiter is measured, not the 429s.
    API_KEY_RATE_LIMITS: 'standard=9999999',
  });
  try {
    const credentials = await provision(async (method, path, body, token) => {
      const res = await fetch(`${nuvem.url}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          origin: nuvem.url,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    });
    const listUrl = `${nuvem.url}/api/v1/containers`;
    const check = await fetch(listUrl, { headers: { authorization: `Bearer ${credentials.key}` } });
    if (check.status !== 200) throw new Error(`the key does not authenticate: ${check.status}`);

    const healthz = await load('GET /healthz', `${nuvem.url}/healthz`);
    const withKey = await load('GET /api/v1/containers (API key)', listUrl, {
      headers: { authorization: `Bearer ${credentials.key}` },
    });
    const withSession = await load('GET /api/v1/containers (session bearer)', listUrl, {
      headers: { authorization: `Bearer ${credentials.accessToken}` },
    });
    // No database work behind the route: what the key's authentication itself costs.
    const tiers = await load('GET /api/v1/containers/tiers (API key)', `${listUrl}/tiers`, {
      headers: { authorization: `Bearer ${credentials.key}` },
    });
    printResults([healthz, withKey, withSession, tiers]);
    console.log(
      `ratio API-key list vs /healthz: throughput ${(withKey.requestsPerSecond / healthz.requestsPerSecond).toFixed(2)}x, ` +
        `p99 latency ${(withKey.p99Ms / Math.max(healthz.p99Ms, 1)).toFixed(2)}x`,
    );
    console.log(
      `ratio API-key /tiers vs /healthz (authentication alone): throughput ` +
        `${(tiers.requestsPerSecond / healthz.requestsPerSecond).toFixed(2)}x`,
    );
    if ([healthz, withKey, withSession, tiers].some((r) => r.errors > 0 || r.non2xx > 0)) {
      console.error('errors or non-2xx answers under load');
      process.exitCode = 1;
    }
  } finally {
    await nuvem.stop();
  }
}

await verifyInProcess();
await overHttp();
