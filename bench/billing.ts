// Billing: what pricing and checkout cost.
// - Quotes in-process: quoteCustom / quotePack / quotePlan of @nuvem/contracts/pricing over every
//   add-on type and quantity (1..max), every pack and every plan and period, with and without a
//   coupon, for BENCH_QUOTE_SECONDS (2) each, as quotes per second;
// - POST /api/payments/payments/pricing/calculate on the real built server (a mix of a custom
//   quantity, a pack and a plan) against GET /healthz in the same run, as req/s, p99 and their ratio;
// - add-on checkout creation on the sandbox (POST /api/payments/payments/pricing/checkout, a pack
//   and a custom quantity in turn, signed in): BENCH_CHECKOUT_N (300) checkouts one after another,
//   then as many at BENCH_CHECKOUT_CONCURRENCY (10) at once, as p50/p95/p99 and checkouts per second.
//   A user may open 30 checkouts per ten minutes (billing.routes.ts), so the checkouts are spread
//   over several bench users, each kept below that.
// Run with `npm run bench:billing` (builds first). BENCH_DURATION and BENCH_CONNECTIONS tune the
// HTTP load.
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  addonLimits,
  addonTypes,
  billingPeriods,
  packs,
  planIds,
  quoteCustom,
  quotePack,
  quotePlan,
  type Quote,
} from '@nuvem/contracts/pricing';
import {
  connections,
  durationSeconds,
  load,
  printResults,
  registerBenchUser,
  startNuvem,
  type BenchUser,
} from './lib.js';

const quoteSeconds = Number(process.env.BENCH_QUOTE_SECONDS ?? 2);
const checkoutN = Number(process.env.BENCH_CHECKOUT_N ?? 300);
const checkoutConcurrency = Number(process.env.BENCH_CHECKOUT_CONCURRENCY ?? 10);
/** Checkouts one bench user opens, below the route's 30 per ten minutes. */
const checkoutsPerUser = 25;

console.log(
  `billing: quotes ${quoteSeconds} s per kind; HTTP ${connections} connections, ${durationSeconds} s per target; ` +
    `checkouts ${checkoutN} sequential and ${checkoutN} at concurrency ${checkoutConcurrency}; ` +
    `${cpus().length} CPU(s), Node ${process.version}`,
);

// ---- Quotes in-process -------------------------------------------------------------------------

type QuoteCall = () => Quote;

const customCalls: QuoteCall[] = addonTypes.flatMap((type) =>
  Array.from({ length: addonLimits[type].max }, (_, i) => i + 1).flatMap((quantity) => [
    () => quoteCustom(type, quantity),
    () => quoteCustom(type, quantity, 20),
  ]),
);
const packCalls: QuoteCall[] = addonTypes.flatMap((type) =>
  packs[type].flatMap((pack) => [() => quotePack(pack), () => quotePack(pack, 20)]),
);
const planCalls: QuoteCall[] = planIds.flatMap((plan) =>
  billingPeriods.flatMap((period) => [() => quotePlan(plan, period), () => quotePlan(plan, period, 20)]),
);
// The mix: custom quantities, packs and plans interleaved, as the pricing page asks for them.
const mixedCalls: QuoteCall[] = customCalls.flatMap((call, i) => [
  call,
  packCalls[i % packCalls.length] as QuoteCall,
  planCalls[i % planCalls.length] as QuoteCall,
]);

let sink = 0;

/** Runs `calls` round and round for `seconds`, and returns quotes per second. */
function quotesPerSecond(calls: QuoteCall[], seconds: number): number {
  let count = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  let now = start;
  while (now < end) {
    // A whole pass between clock reads, so the clock is not what is measured.
    for (const call of calls) sink += call().totalCents;
    count += calls.length;
    now = performance.now();
  }
  return count / ((now - start) / 1000);
}

/** Quotes per second of each kind and of the mix; returns the mix's rate. */
function benchQuotes(): number {
  quotesPerSecond(mixedCalls, 0.5); // warm-up: JIT
  const rates: number[] = [];
  const rows = [
    { label: `quoteCustom (${customCalls.length} type/quantity/coupon cases)`, calls: customCalls },
    { label: `quotePack (${packCalls.length} cases)`, calls: packCalls },
    { label: `quotePlan (${planCalls.length} cases)`, calls: planCalls },
    { label: `mixed (${mixedCalls.length} cases)`, calls: mixedCalls },
  ].map(({ label, calls }) => {
    const rate = quotesPerSecond(calls, quoteSeconds);
    rates.push(rate);
    return { quotes: label, 'quotes/s': Math.round(rate), 'µs/quote': (1e6 / rate).toFixed(3) };
  });
  console.table(rows);
  if (sink < 0) console.log(sink); // keeps the results alive
  return rates[rates.length - 1] ?? 0;
}

// ---- Checkout latency --------------------------------------------------------------------------

interface LatencySummary {
  label: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  perSecond: number;
  failures: number;
}

function summarise(label: string, samplesMs: number[], wallMs: number, failures: number): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return {
    label,
    n: samplesMs.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted[sorted.length - 1] ?? 0,
    perSecond: samplesMs.length / (wallMs / 1000),
    failures,
  };
}

/** Hands out bench users, each for at most `checkoutsPerUser` checkouts. */
function userPool(users: BenchUser[]) {
  let handed = 0;
  return () => {
    const user = users[Math.floor(handed / checkoutsPerUser)];
    if (!user) throw new Error('ran out of bench users for checkouts');
    handed += 1;
    return user;
  };
}

async function benchCheckouts(base: string): Promise<LatencySummary[]> {
  const warmUp = 20;
  const needed = warmUp + 2 * checkoutN;
  const userCount = Math.ceil(needed / checkoutsPerUser);
  const registerStart = performance.now();
  const users: BenchUser[] = [];
  // A few at once: registration hashes a password (argon2id) each.
  for (let i = 0; i < userCount; i += 4) {
    const batch = Math.min(4, userCount - i);
    users.push(...(await Promise.all(Array.from({ length: batch }, () => registerBenchUser(base)))));
  }
  console.log(`${userCount} bench users registered in ${((performance.now() - registerStart) / 1000).toFixed(1)} s`);
  const nextUser = userPool(users);

  const bodies = [
    { type: 'tokens', pack: 'medium' },
    { type: 'development', quantity: 37 },
    { type: 'consultation', pack: 'standard' },
    { type: 'tokens', quantity: 137 },
  ];
  let failures = 0;
  let firstFailure = '';
  let sent = 0;

  /** One checkout; its latency in ms (failures counted, and their latency kept). */
  async function checkout(): Promise<number> {
    const user = nextUser();
    const body = bodies[sent++ % bodies.length];
    const start = performance.now();
    const res = await fetch(`${base}/api/payments/payments/pricing/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: user.cookie },
      body: JSON.stringify({ ...body, successUrl: `${base}/success`, cancelUrl: `${base}/pricing` }),
    });
    const text = await res.text();
    const elapsed = performance.now() - start;
    if (res.status !== 200 || !text.includes('/checkout/sandbox/')) {
      failures += 1;
      firstFailure ||= `${res.status} ${text}`;
    }
    return elapsed;
  }

  for (let i = 0; i < warmUp; i++) await checkout();
  failures = 0;

  const sequential: number[] = [];
  let start = performance.now();
  for (let i = 0; i < checkoutN; i++) sequential.push(await checkout());
  const sequentialSummary = summarise('sequential', sequential, performance.now() - start, failures);

  failures = 0;
  const concurrent: number[] = [];
  let remaining = checkoutN;
  start = performance.now();
  await Promise.all(
    Array.from({ length: checkoutConcurrency }, async () => {
      while (remaining > 0) {
        remaining -= 1;
        concurrent.push(await checkout());
      }
    }),
  );
  const concurrentSummary = summarise(
    `concurrency ${checkoutConcurrency}`,
    concurrent,
    performance.now() - start,
    failures,
  );
  if (firstFailure) console.error(`first failed checkout: ${firstFailure}`);
  return [sequentialSummary, concurrentSummary];
}

// ---- Run ---------------------------------------------------------------------------------------

const mixedQuotesPerSecond = benchQuotes();

const nuvem = await startNuvem({ SEED_DEMO: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '10000' });
try {
  const calculateUrl = `${nuvem.url}/api/payments/payments/pricing/calculate`;
  const probe = await fetch(calculateUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'tokens', quantity: 137 }),
  });
  const probed = (await probe.json()) as { totalCents?: number };
  if (probe.status !== 200 || probed.totalCents !== quoteCustom('tokens', 137).totalCents) {
    throw new Error(`calculate answered ${probe.status} ${JSON.stringify(probed)}`);
  }

  const healthz = await load('GET /healthz', `${nuvem.url}/healthz`);
  const calculate = await load('POST …/pricing/calculate (custom, pack, plan mix)', calculateUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // Each connection sends these in turn.
    requests: [
      { body: JSON.stringify({ type: 'tokens', quantity: 137 }) },
      { body: JSON.stringify({ type: 'consultation', pack: 'standard' }) },
      { body: JSON.stringify({ plan: 'pro', period: 'yearly' }) },
      { body: JSON.stringify({ type: 'development', quantity: 200 }) },
    ],
  });
  printResults([healthz, calculate]);
  console.log(
    `ratio calculate vs /healthz: throughput ${(calculate.requestsPerSecond / healthz.requestsPerSecond).toFixed(2)}x, ` +
      `p99 latency ${(calculate.p99Ms / Math.max(healthz.p99Ms, 1)).toFixed(2)}x`,
  );

  const checkouts = await benchCheckouts(nuvem.url);
  console.log('add-on checkout creation on the sandbox (POST …/pricing/checkout, signed in):');
  console.table(
    checkouts.map((r) => ({
      run: r.label,
      n: r.n,
      'p50 ms': r.p50.toFixed(1),
      'p95 ms': r.p95.toFixed(1),
      'p99 ms': r.p99.toFixed(1),
      'max ms': r.max.toFixed(1),
      'checkouts/s': r.perSecond.toFixed(1),
      failures: r.failures,
    })),
  );

  const [sequential, concurrent] = checkouts as [LatencySummary, LatencySummary];
  const latencies = (r: LatencySummary) =>
    `p50 ${r.p50.toFixed(1)} / p95 ${r.p95.toFixed(1)} / p99 ${r.p99.toFixed(1)} ms, ${r.perSecond.toFixed(1)}/s`;
  console.log('summary:');
  console.table([
    {
      measure: 'quotes in-process (mixed)',
      result: `${Math.round(mixedQuotesPerSecond).toLocaleString('en')} quotes/s`,
    },
    {
      measure: 'POST …/pricing/calculate',
      result: `${calculate.requestsPerSecond} req/s, p99 ${calculate.p99Ms} ms (${(calculate.requestsPerSecond / healthz.requestsPerSecond).toFixed(2)}x /healthz)`,
    },
    { measure: `checkout, sequential (n=${sequential.n})`, result: latencies(sequential) },
    { measure: `checkout, concurrency ${checkoutConcurrency} (n=${concurrent.n})`, result: latencies(concurrent) },
  ]);

  if ([healthz, calculate].some((r) => r.errors > 0 || r.non2xx > 0) || checkouts.some((r) => r.failures > 0)) {
    console.error('errors or non-2xx answers under load');
    process.exitCode = 1;
  }
} finally {
  await nuvem.stop();
}
