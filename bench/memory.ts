// Issue 18's memory goal: the server's resident memory after BENCH_MINUTES (default 10) of a mixed
// load stays within 10% of its level after the first minute. One built server with the embedded
// database; one user with demo containers, an application and its API key, a flow of offline agents
// and a realtime stream. autocannon cycles through the reads a signed-in portal makes (the probe, the
// SSO check, the container list with the API key and with the session token, the fleet summary, the
// agents, the events catalogue) while workflow runs are asked for and read from the stream in the
// background, so the database grows as in use. The server's RSS is read from /proc every 10 s.
// Run with `npx tsx bench/memory.ts` after `npm run build` (BENCH_MINUTES, BENCH_CONNECTIONS).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { connections, registerBenchUser, startNuvem, threeAgentFlow } from './lib.js';

const minutes = Number(process.env.BENCH_MINUTES ?? 10);
const runsInFlight = 4;

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${String(pid)}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

async function call(base: string, method: string, path: string, headers: Record<string, string>, body?: object) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { origin: base, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${text}`);
  return JSON.parse(text) as unknown;
}

// One user makes every call: the per-user, per-key and per-address budgets (tested in the API
// suites) are lifted, so what is measured is the memory of the work, not of 429 answers.
const nuvem = await startNuvem({
  SEED_DEMO: 'false',
  API_KEY_RATE_LIMITS: 'standard=9999999',
  WORKFLOW_EXECUTIONS_PER_MINUTE: '100000000',
  AI_SECURITY_CHECKS_PER_MINUTE: '100000000',
  EVENTS_LISTS_PER_MINUTE: '100000000',
});
const pid = nuvem.pid;
if (pid === undefined) throw new Error('no server pid');
const stop = new AbortController();
try {
  const { cookie, accessToken } = await registerBenchUser(nuvem.url);
  const bearer = { authorization: `Bearer ${accessToken}` };
  const app = (await call(nuvem.url, 'POST', '/applications', bearer, { name: 'memory' })) as {
    application: { id: string };
  };
  const key = (await call(nuvem.url, 'POST', `/applications/${app.application.id}/keys`, bearer, {
    name: 'memory',
  })) as {
    apiKey: { key: string };
  };
  for (let n = 1; n <= 20; n++) {
    await call(nuvem.url, 'POST', '/api/v1/containers', bearer, { name: `m-${String(n)}`, tier: 'small' });
  }
  const flow = (await call(
    nuvem.url,
    'POST',
    '/api/mlm/flows',
    { cookie },
    {
      name: 'Memory',
      ...threeAgentFlow,
      edges: [
        { source: 'brief', target: 'tasks' },
        { source: 'tasks', target: 'copy' },
      ],
    },
  )) as { id: string };

  // Workflow runs in the background: a few in flight, each asked for once the previous one ended
  // (polled, at the pace a dashboard would).
  let runs = 0;
  const runner = async () => {
    while (!stop.signal.aborted) {
      const { id } = (await call(
        nuvem.url,
        'POST',
        `/api/mlm/flows/${flow.id}/execute`,
        { cookie },
        {
          input: `Run ${String(runs)}: grow sign-ups for the backup service with a landing page and an onboarding e-mail.`,
        },
      )) as { id: string };
      for (;;) {
        const { status } = (await call(nuvem.url, 'GET', `/api/mlm/executions/${id}`, { cookie })) as {
          status: string;
        };
        if (status !== 'queued' && status !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      runs += 1;
    }
  };
  const runners = Array.from({ length: runsInFlight }, () => runner().catch((error: unknown) => console.error(error)));

  const reads = [
    { method: 'GET' as const, path: '/healthz' },
    { method: 'GET' as const, path: '/sso/check?application_id=main', headers: { cookie } },
    {
      method: 'GET' as const,
      path: '/api/v1/containers?page=1&per_page=10',
      headers: { authorization: `Bearer ${key.apiKey.key}` },
    },
    { method: 'GET' as const, path: '/api/v1/containers?page=2&per_page=10', headers: bearer },
    { method: 'GET' as const, path: '/api/v1/containers/summary', headers: bearer },
    { method: 'GET' as const, path: '/api/mlm/agents', headers: { cookie } },
    { method: 'GET' as const, path: '/api/public/events/list' },
  ];
  const samples: { minute: number; rss: number }[] = [];
  const started = performance.now();
  const sampler = setInterval(() => {
    samples.push({ minute: (performance.now() - started) / 60_000, rss: rssMiB(pid) });
  }, 10_000);
  console.log(
    `memory: ${String(minutes)} min of mixed load, ${String(connections)} connections; RSS at start ${rssMiB(pid).toFixed(0)} MiB`,
  );
  const result = await autocannon({
    url: nuvem.url,
    connections,
    duration: minutes * 60,
    requests: reads,
  });
  clearInterval(sampler);
  stop.abort();
  await Promise.all(runners);

  const atOne = samples.find((s) => s.minute >= 1) ?? samples[0];
  const last = samples.at(-1);
  if (!atOne || !last) throw new Error('no samples');
  const peak = Math.max(...samples.map((s) => s.rss));
  console.log(
    `requests ${String(result.requests.total)} (${String(Math.round(result.requests.average))}/s, ` +
      `non-2xx ${String(result.non2xx)}, errors ${String(result.errors)}), workflow runs ${String(runs)}`,
  );
  console.log(samples.map((s) => `${s.minute.toFixed(1)} min ${s.rss.toFixed(0)} MiB`).join(', '));
  const growth = last.rss / atOne.rss - 1;
  console.log(
    `RSS after 1 min ${atOne.rss.toFixed(0)} MiB, after ${last.minute.toFixed(1)} min ${last.rss.toFixed(0)} MiB ` +
      `(${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)}%, goal at most +10%), peak ${peak.toFixed(0)} MiB`,
  );
  if (result.non2xx > 0 || result.errors > 0) process.exitCode = 1;
} finally {
  stop.abort();
  await nuvem.stop();
}
