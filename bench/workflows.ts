// Workflow runs per second through the API, and the time from `execute` to `completed`: a
// three-node flow of offline agents (business -> development -> marketing) on one instance of the
// built server (embedded PGlite, or PostgreSQL with BENCH_DATABASE_URL). Each of BENCH_USERS users
// keeps BENCH_IN_FLIGHT runs going: it asks for a run (POST /api/mlm/flows/{id}/execute, answered
// 202 at once), and learns that it completed from its realtime stream (execution.updated), as the
// dashboard does; then it asks for the next. Run with `npm run bench:workflows` (builds first).
import { durationSeconds, followEvents, registerBenchUser, startNuvem, threeAgentFlow } from './lib.js';

const users = Number(process.env.BENCH_USERS ?? 10);
const inFlight = Number(process.env.BENCH_IN_FLIGHT ?? 5);

const flow = {
  name: 'Launch brief',
  ...threeAgentFlow,
  edges: [
    { source: 'brief', target: 'tasks', action: 'approve' },
    { source: 'brief', target: 'tasks', action: 'review' },
    { source: 'tasks', target: 'copy' },
  ],
};
const input =
  'Our goal is to increase sign-ups for the new backup service by 20% this quarter. We will launch a landing page and an onboarding email.';

/** Follows a user's realtime stream and resolves each run's promise when it finishes. */
async function follow(
  base: string,
  cookie: string,
  onFinished: (id: string, status: string) => void,
  signal: AbortSignal,
) {
  await followEvents(
    base,
    { cookie },
    'execution.updated',
    (event) => {
      if (['completed', 'failed', 'cancelled'].includes(event.status)) onFinished(event.id, event.status);
    },
    signal,
  );
}

console.log(
  `workflows: ${String(users)} users x ${String(inFlight)} runs in flight, ${String(durationSeconds)} s, three offline agents per run`,
);
const nuvem = await startNuvem({
  SEED_DEMO: 'false',
  WORKFLOW_EXECUTIONS_PER_MINUTE: '100000000',
  WORKFLOW_CONCURRENCY: process.env.BENCH_WORKFLOW_CONCURRENCY ?? '50',
  REALTIME_MAX_STREAMS_PER_USER: '10',
});
const stop = new AbortController();
try {
  // Each user: a session, the flow, and its realtime stream.
  const clients = await Promise.all(
    Array.from({ length: users }, async () => {
      const { cookie } = await registerBenchUser(nuvem.url);
      const headers = { cookie, origin: nuvem.url, 'content-type': 'application/json' };
      const created = await fetch(`${nuvem.url}/api/mlm/flows`, {
        method: 'POST',
        headers,
        body: JSON.stringify(flow),
      });
      if (created.status !== 201) throw new Error(`create flow: ${String(created.status)} ${await created.text()}`);
      const { id: flowId } = (await created.json()) as { id: string };
      const waiting = new Map<string, (status: string) => void>();
      const early = new Map<string, string>();
      await follow(
        nuvem.url,
        cookie,
        (id, status) => {
          const resolve = waiting.get(id);
          if (resolve) resolve(status);
          else early.set(id, status);
        },
        stop.signal,
      );
      /** One run: ask for it, wait for its end on the stream; its status and milliseconds. */
      return async (): Promise<[string, number]> => {
        const started = performance.now();
        const res = await fetch(`${nuvem.url}/api/mlm/flows/${flowId}/execute`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ input }),
        });
        if (res.status !== 202) throw new Error(`execute: ${String(res.status)} ${await res.text()}`);
        const { id } = (await res.json()) as { id: string };
        const status = early.get(id) ?? (await new Promise<string>((resolve) => waiting.set(id, resolve)));
        waiting.delete(id);
        early.delete(id);
        return [status, performance.now() - started];
      };
    }),
  );

  /** Every user keeps `inFlight` runs going for `ms`; what finished, and how long each took. */
  async function phase(ms: number) {
    const end = Date.now() + ms;
    const latencies: number[] = [];
    let failed = 0;
    const started = performance.now();
    await Promise.all(
      clients.flatMap((run) =>
        Array.from({ length: inFlight }, async () => {
          while (Date.now() < end) {
            const [status, took] = await run();
            if (status === 'completed') latencies.push(took);
            else failed += 1;
          }
        }),
      ),
    );
    return { latencies, failed, seconds: (performance.now() - started) / 1000 };
  }

  await phase(2_000); // warm-up: JIT, pools, caches
  const { latencies, failed, seconds } = await phase(durationSeconds * 1000);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  console.table([
    {
      'runs/s': Math.round(latencies.length / seconds),
      completed: latencies.length,
      failed,
      'p50 ms': Math.round(at(0.5)),
      'p99 ms': Math.round(at(0.99)),
      'steps/s': Math.round((latencies.length * 3) / seconds),
    },
  ]);
  if (failed > 0 || latencies.length === 0) process.exitCode = 1;
} finally {
  stop.abort();
  await nuvem.stop();
}
