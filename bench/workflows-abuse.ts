// Issue 29's abuse benchmark (`BENCH_MODE=abuse npm run bench:workflows`, or `tsx workflows-abuse.ts`):
// on one instance of the built server (embedded PGlite, or PostgreSQL with BENCH_DATABASE_URL),
// while
//   - one account (BENCH_LOOPERS accounts) keeps ten 200-step loop runs (a -> b -> a, a 2,000-character input) going,
//   - another fills its knowledge base to the 5 M-character cap and then, in a loop, adds a small
//     document and asks the rag agent (a question needs the index with that document in it),
// measure
//   - /healthz: every 20 ms, one at a time; its p50, p99 and worst latency;
//   - a third user's one-node run, asked for every second: how long from its `created_at` to its
//     `started_at` (the delay before a slot took it), p50 and worst.
// Goal (issue 29): /healthz p99 at most 50 ms; the third user's runs started within 1 s.
import { durationSeconds, registerBenchUser, startNuvem } from './lib.js';

const seconds = Number(process.env.BENCH_DURATION ?? durationSeconds);
const loopRuns = Number(process.env.BENCH_LOOP_RUNS ?? 10);
/** Accounts running loops (issue 29's item 3: five free accounts with ten runs each). */
const loopers = Number(process.env.BENCH_LOOPERS ?? 1);
const knowledgeDocs = Number(process.env.BENCH_KNOWLEDGE_DOCS ?? 25);

const input =
  `Plan the launch of our backup service for small teams. ${'We want more sign-ups this quarter. '.repeat(60)}`.slice(
    0,
    2_000,
  );

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

console.log(
  `workflows abuse on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${String(loopers)} x ${String(loopRuns)} loop runs of 200 steps, a knowledge base of ${String(knowledgeDocs)} x 199 K characters hammered, ${String(seconds)} s`,
);
const nuvem = await startNuvem({
  SEED_DEMO: 'false',
  // The attackers' own per-minute budgets are not what is measured: the server's answers are.
  WORKFLOW_EXECUTIONS_PER_MINUTE: '100000',
  LOG_LEVEL: 'warn',
});
const base = nuvem.url;
const stop = new AbortController();

async function account() {
  const { cookie } = await registerBenchUser(base);
  const headers = { cookie, origin: base, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api/mlm${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown> };
  };
  return { call };
}

try {
  const hammer = await account();
  const victim = await account();
  const looperAccounts = await Promise.all(Array.from({ length: loopers }, () => account()));

  // The knowledge base at its cap (before the clock starts).
  const big = 'Refunds are granted within thirty days of purchase for annual plans. '.repeat(2_900).slice(0, 199_000);
  for (let i = 0; i < knowledgeDocs; i += 1) {
    const res = await hammer.call('POST', '/knowledge', {
      title: `Handbook ${String(i)}`,
      content: `${String(i)} ${big}`,
    });
    if (res.status !== 201)
      throw new Error(`knowledge upload ${String(i)}: ${String(res.status)} ${JSON.stringify(res.json)}`);
  }

  const loopFlows = await Promise.all(
    looperAccounts.map(async (looper) => {
      const created = await looper.call('POST', '/flows', {
        name: 'Loop',
        nodes: [
          { id: 'a', name: 'A', agent_id: 'agent_business', next_actions: { default: 'b' } },
          { id: 'b', name: 'B', agent_id: 'agent_development', next_actions: { default: 'a' } },
        ],
        start_node_id: 'a',
        max_steps: 200,
      });
      return { looper, flowId: String(created.json.id) };
    }),
  );
  const oneNode = await victim.call('POST', '/flows', {
    name: 'One',
    nodes: [{ id: 'only', name: 'Only', agent_id: 'agent_marketing' }],
  });
  const oneNodeId = String(oneNode.json.id);

  const until = Date.now() + seconds * 1_000;
  const running = () => Date.now() < until && !stop.signal.aborted;
  const wait = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));

  // The looper: ten runs in flight, a new one as each ends.
  let loopsDone = 0;
  const loopWorker = async ({ looper, flowId: loopFlowId }: (typeof loopFlows)[number]) => {
    while (running()) {
      const started = await looper.call('POST', `/flows/${loopFlowId}/execute`, { input });
      if (started.status !== 202) {
        await wait(100);
        continue;
      }
      const id = String(started.json.id);
      for (;;) {
        await wait(250);
        const now = await looper.call('GET', `/executions/${id}`);
        if (!['queued', 'running'].includes(String(now.json.status))) break;
      }
      loopsDone += 1;
    }
  };

  // The hammer: add a small document (while its per-minute budget lasts), ask the rag agent.
  let questions = 0;
  let refusedUploads = 0;
  const hammerWorker = async () => {
    let n = 0;
    while (running()) {
      n += 1;
      const added = await hammer.call('POST', '/knowledge', {
        title: `Note ${String(n)}`,
        content: `Students get a discount of ${String(n)} percent on the annual plan.`,
      });
      if (added.status !== 201) refusedUploads += 1;
      else if (typeof added.json.id === 'string') void hammer.call('DELETE', `/knowledge/${added.json.id}`);
      await hammer.call('POST', '/agents/agent_rag/chat', {
        message: 'Do you offer discounts for students?',
        history: [],
      });
      questions += 1;
    }
  };

  // /healthz, one at a time.
  const health: number[] = [];
  const healthWorker = async () => {
    while (running()) {
      const t0 = performance.now();
      await fetch(`${base}/healthz`);
      health.push(performance.now() - t0);
      await wait(20);
    }
  };

  // The victim: a one-node run a second; the delay before a slot took it (server clock).
  const startDelays: number[] = [];
  const victimWorker = async () => {
    while (running()) {
      await wait(1_000);
      const asked = await victim.call('POST', `/flows/${oneNodeId}/execute`, { input: 'Write a tagline for backups' });
      if (asked.status !== 202)
        throw new Error(`victim run refused: ${String(asked.status)} ${JSON.stringify(asked.json)}`);
      const id = String(asked.json.id);
      for (;;) {
        const now = await victim.call('GET', `/executions/${id}`);
        if (now.json.started_at) {
          startDelays.push(Date.parse(now.json.started_at as string) - Date.parse(now.json.created_at as string));
          break;
        }
        await wait(20);
      }
    }
  };

  await Promise.all([
    ...loopFlows.flatMap((entry) => Array.from({ length: loopRuns }, () => loopWorker(entry))),
    hammerWorker(),
    healthWorker(),
    victimWorker(),
  ]);

  console.log(
    `/healthz: ${String(health.length)} answers, p50 ${ms(percentile(health, 50))}, p99 ${ms(percentile(health, 99))}, worst ${ms(Math.max(...health))}`,
  );
  console.log(
    `third user's one-node runs: ${String(startDelays.length)}, start delay p50 ${ms(percentile(startDelays, 50))}, worst ${ms(Math.max(...startDelays))}`,
  );
  console.log(
    `looper: ${String(loopsDone)} loop runs ended; hammer: ${String(questions)} questions, ${String(refusedUploads)} uploads refused (per-minute budget)`,
  );
  const ok = percentile(health, 99) <= 50 && Math.max(...startDelays) <= 1_000;
  console.log(ok ? 'goal met: /healthz p99 <= 50 ms, runs started within 1 s' : 'goal NOT met');
} finally {
  stop.abort();
  await nuvem.stop();
}
