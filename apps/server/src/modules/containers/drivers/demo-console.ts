/**
 * The console of a demo instance: a boot sequence, then what a small web server's journal shows
 * (requests, jobs, cron and systemd timers, SSH noise, a periodic health line), with varying
 * figures. Everything is drawn from a generator seeded by the instance name, so a test with a fixed
 * clock sees the same story every time. The boot banner says plainly that nothing real runs.
 */
import { seededRandom } from '../../../lib/seeded-random.js';

export function hashText(text: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619);
  return hash >>> 0;
}

export interface DemoConsoleContext {
  name: string;
  image: string;
  cpu: number;
  memoryMb: number;
  ipAddress: string;
  /** The app's port, from the PORT variable when the user set one. */
  port: number;
}

export interface ConsoleEvent {
  /** Milliseconds after the moment asked for. */
  offsetMs: number;
  text: string;
}

/** The mean gap between two activity lines, and the period of the health line. */
export const DEMO_ACTIVITY_MEAN_GAP_MS = 5_000;
export const DEMO_HEALTH_PERIOD_MS = 60_000;

type Rng = () => number;

const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
/** A client address from TEST-NET-2 (198.51.100.0/24): documentation space, never a real visitor. */
const client = (rng: Rng) => `198.51.100.${between(rng, 2, 254)}`;

function weighted<T>(rng: Rng, choices: readonly (readonly [number, T])[]): T {
  const total = choices.reduce((sum, [weight]) => sum + weight, 0);
  let roll = rng() * total;
  for (const [weight, value] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = choices.at(-1);
  if (!last) throw new Error('weighted() needs at least one choice');
  return last[1];
}

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (rng: Rng) => string;
  /** The usual answer and the size of its body. */
  ok: number;
  bytes: readonly [number, number];
  /** How often the route is asked for, relative to the others. */
  weight: number;
}

const routes: readonly Route[] = [
  { method: 'GET', path: () => '/', ok: 200, bytes: [9_000, 14_000], weight: 8 },
  {
    method: 'GET',
    path: (rng) => pick(rng, ['/pricing', '/about', '/docs/install', '/blog/getting-started']),
    ok: 200,
    bytes: [12_000, 48_000],
    weight: 8,
  },
  { method: 'GET', path: () => '/api/health', ok: 200, bytes: [40, 90], weight: 10 },
  {
    method: 'GET',
    path: (rng) => `/api/orders?page=${between(rng, 1, 12)}`,
    ok: 200,
    bytes: [2_000, 9_000],
    weight: 12,
  },
  { method: 'GET', path: (rng) => `/api/orders/${between(rng, 1000, 9999)}`, ok: 200, bytes: [600, 2_400], weight: 10 },
  { method: 'POST', path: () => '/api/orders', ok: 201, bytes: [500, 1_800], weight: 5 },
  { method: 'PUT', path: (rng) => `/api/orders/${between(rng, 1000, 9999)}`, ok: 200, bytes: [500, 1_800], weight: 3 },
  { method: 'DELETE', path: (rng) => `/api/orders/${between(rng, 1000, 9999)}`, ok: 204, bytes: [0, 0], weight: 1 },
  {
    method: 'GET',
    path: (rng) => `/api/users/${between(rng, 1, 480)}/profile`,
    ok: 200,
    bytes: [700, 3_000],
    weight: 6,
  },
  {
    method: 'GET',
    path: (rng) => `/api/search?q=${pick(rng, ['lisbon', 'porto', 'invoice', 'backup', 'coimbra'])}`,
    ok: 200,
    bytes: [1_500, 12_000],
    weight: 5,
  },
  { method: 'POST', path: () => '/api/sessions', ok: 201, bytes: [300, 600], weight: 4 },
  { method: 'GET', path: () => '/favicon.ico', ok: 200, bytes: [4_286, 4_286], weight: 2 },
];
const agents = [
  'curl/8.5.0',
  'Mozilla/5.0 (X11; Linux x86_64)',
  'Mozilla/5.0 (Macintosh)',
  'python-requests/2.31',
  'Go-http-client/1.1',
];

function requestLine(rng: Rng, ctx: DemoConsoleContext): string {
  const route = weighted(
    rng,
    routes.map((r) => [r.weight, r] as const),
  );
  const path = route.path(rng);
  // Mostly the usual answer; now and then a cache hit, a miss, a refused request or a slow upstream.
  const status = weighted(rng, [
    [88, route.ok],
    [route.method === 'GET' && route.ok === 200 ? 6 : 0, 304],
    [route.method === 'GET' ? 3 : 0, 404],
    [route.method === 'POST' ? 8 : 0, path === '/api/sessions' ? 401 : 400],
    [1, 502],
  ] as const);
  const bytes =
    status === 304 || status === 204 ? 0 : status === route.ok ? between(rng, ...route.bytes) : between(rng, 150, 560);
  const ms = status === 502 ? between(rng, 1_000, 5_000) : between(rng, 2, path.startsWith('/api/') ? 180 : 40);
  return `nginx: ${client(rng)} "${route.method} ${path} HTTP/1.1" ${status} ${bytes} "${pick(rng, agents)}" ${ms}ms → 127.0.0.1:${ctx.port}`;
}

function appLine(rng: Rng, pid: number): string {
  return weighted(rng, [
    [
      3,
      () =>
        `app[${pid}]: processed job ${between(rng, 10_000, 99_999)} (${between(rng, 1, 250)} items) in ${between(rng, 8, 900)} ms`,
    ],
    [2, () => `app[${pid}]: cache hit ratio ${(0.7 + rng() * 0.29).toFixed(2)} over the last minute`],
    [2, () => `app[${pid}]: db pool ${between(rng, 1, 10)}/10 in use, slowest query ${between(rng, 3, 240)} ms`],
    [1, () => `app[${pid}]: sent ${between(rng, 1, 40)} notification e-mails to the outbox`],
    [1, () => `app[${pid}]: session store pruned ${between(rng, 0, 60)} expired sessions`],
  ] as const)();
}

function systemLine(rng: Rng, ctx: DemoConsoleContext): string {
  return weighted(rng, [
    [3, () => `CRON[${between(rng, 2_000, 30_000)}]: (root) CMD (command -v debian-sa1 > /dev/null && debian-sa1 1 1)`],
    [1, () => `CRON[${between(rng, 2_000, 30_000)}]: (root) CMD (cd / && run-parts --report /etc/cron.hourly)`],
    [1, () => 'systemd[1]: Starting logrotate.service - Rotate log files...'],
    [1, () => 'systemd[1]: logrotate.service: Deactivated successfully.'],
    [1, () => 'systemd[1]: Starting apt-daily.service - Daily apt download activities...'],
    [1, () => `systemd-networkd[98]: eth0: DHCPv4 lease renewed, ${ctx.ipAddress}/24`],
    [1, () => `systemd-journald[61]: Journal usage ${(4 + rng() * 60).toFixed(1)}M, limit 400.0M`],
  ] as const)();
}

function sshLine(rng: Rng): string {
  const pid = between(rng, 2_000, 30_000);
  return weighted(rng, [
    [3, () => `sshd[${pid}]: Connection closed by ${client(rng)} port ${between(rng, 32_768, 60_999)} [preauth]`],
    [
      1,
      () =>
        `sshd[${pid}]: Invalid user ${pick(rng, ['admin', 'test', 'oracle', 'ubuntu', 'git'])} from ${client(rng)} port ${between(rng, 32_768, 60_999)}`,
    ],
  ] as const)();
}

/**
 * The console of one instance. `boot` tells the start-up; `advance` the activity between two
 * moments, each line at the time it happened (at most `limit` lines, the latest).
 */
export function createDemoConsole(ctx: DemoConsoleContext) {
  const rng = seededRandom(hashText(ctx.name));
  const appPid = between(rng, 300, 900);
  let nextActivityAt = Number.POSITIVE_INFINITY;
  let nextHealthAt = Number.POSITIVE_INFINITY;
  let startedAt = 0;
  let requests = 0;

  const gap = () => Math.round(DEMO_ACTIVITY_MEAN_GAP_MS * (0.3 + rng() * 1.4));

  function health(at: number): string {
    const uptimeMin = Math.max(0, Math.round((at - startedAt) / 60_000));
    const rss = (ctx.memoryMb * (0.04 + rng() * 0.05)).toFixed(1);
    const load = (ctx.cpu * (0.05 + rng() * 0.6)).toFixed(2);
    const workers = 2 * ctx.cpu;
    return `app[${appPid}]: health ok — up ${uptimeMin} min, ${requests} requests served, ${between(rng, 0, workers)}/${workers} workers busy, RSS ${rss} MB, load ${load}`;
  }

  function activity(): string {
    const line = weighted(rng, [
      [
        60,
        () => {
          requests += 1;
          return requestLine(rng, ctx);
        },
      ],
      [18, () => appLine(rng, appPid)],
      [12, () => systemLine(rng, ctx)],
      [10, () => sshLine(rng)],
    ] as const)();
    return line;
  }

  return {
    /** The start-up lines, a few hundred milliseconds apart. */
    boot(at: number): ConsoleEvent[] {
      startedAt = at;
      requests = 0;
      nextActivityAt = at + 3_000 + gap();
      nextHealthAt = at + DEMO_HEALTH_PERIOD_MS;
      const memoryGb = (ctx.memoryMb / 1024).toFixed(ctx.memoryMb % 1024 === 0 ? 0 : 1);
      const lines = [
        `nuvem-demo: ${ctx.name} is a simulated instance of the Nuvem demo driver (no real machine runs it)`,
        `kernel: Linux version 6.8.0-demo (${ctx.image}), ${ctx.cpu} vCPU, ${memoryGb} GB RAM`,
        'systemd[1]: Starting systemd-networkd.service - Network Configuration...',
        `systemd-networkd[98]: eth0: DHCPv4 address ${ctx.ipAddress}/24 acquired`,
        'systemd[1]: Started ssh.service - OpenBSD Secure Shell server.',
        'systemd[1]: Started cron.service - Regular background program processing daemon.',
        'systemd[1]: Started nginx.service - A high performance web server and a reverse proxy server.',
        `app[${appPid}]: listening on 127.0.0.1:${ctx.port} (pid ${appPid}, ${2 * ctx.cpu} workers)`,
        'systemd[1]: Reached target multi-user.target - Multi-User System.',
        'nuvem-demo: system booted',
      ];
      let offsetMs = 0;
      return lines.map((text, i) => {
        if (i > 0) offsetMs += between(rng, 40, 220);
        return { offsetMs, text };
      });
    },

    /** The lines of the activity from the last call up to `at`, the latest `limit` of them. */
    advance(at: number, limit: number): { at: number; text: string }[] {
      // After a long quiet spell only the recent lines are told: skip ahead, keeping the rhythm.
      const window = limit * DEMO_ACTIVITY_MEAN_GAP_MS;
      if (at - nextActivityAt > window) nextActivityAt = at - window;
      if (at - nextHealthAt > window) {
        nextHealthAt += Math.floor((at - window - nextHealthAt) / DEMO_HEALTH_PERIOD_MS) * DEMO_HEALTH_PERIOD_MS;
      }
      const out: { at: number; text: string }[] = [];
      while (Math.min(nextActivityAt, nextHealthAt) <= at) {
        if (nextHealthAt <= nextActivityAt) {
          out.push({ at: nextHealthAt, text: health(nextHealthAt) });
          nextHealthAt += DEMO_HEALTH_PERIOD_MS;
        } else {
          out.push({ at: nextActivityAt, text: activity() });
          nextActivityAt += gap();
        }
      }
      return out.slice(-limit);
    },

    /** Stopped: nothing more happens until the next boot. */
    halt() {
      nextActivityAt = Number.POSITIVE_INFINITY;
      nextHealthAt = Number.POSITIVE_INFINITY;
    },
  };
}
export type DemoConsole = ReturnType<typeof createDemoConsole>;
