import { timingSafeEqual, createHash } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../types.js';

/** Request and job durations, in seconds: from a cached answer (1 ms) to a slow container job (2 min). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];

/**
 * How often the event loop's delay is sampled (ms): each sample wakes the loop, so 10 ms (the
 * default) cost an idle server 4 ms of CPU a second; a block long enough to matter still delays
 * the next sample.
 */
const EVENT_LOOP_SAMPLE_MS = 100;

/**
 * The server's Prometheus metrics, one registry per server (tests build several in one process).
 * Every name and label is listed here, and in docs/operations.md.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  const sources: { realtimeStreams: () => number; queueDepth: () => Promise<QueueDepth[]> } = {
    realtimeStreams: () => 0,
    queueDepth: async () => [],
  };
  const metrics = {
    registry,
    /** What the gauges read when scraped (set by the module that knows). */
    sources,
    http: new Histogram({
      name: 'nuvem_http_request_duration_seconds',
      help: 'Requests answered, by method, route (its pattern) and status code, and how long each took',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'nuvem_job_duration_seconds',
      help: 'Jobs run on this instance, by kind and outcome (completed, failed), and how long each ran',
      labelNames: ['kind', 'outcome'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    jobWait: new Histogram({
      name: 'nuvem_job_wait_seconds',
      help: 'How long a job waited in the queue, from when it could start to when an instance took it',
      labelNames: ['kind'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    samplerPass: new Histogram({
      name: 'nuvem_container_sampler_pass_seconds',
      help: 'Container sampler passes (state and metrics of every container of the driver), and how long each took',
      labelNames: ['driver'] as const,
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    samplerCpu: new Histogram({
      name: 'nuvem_container_sampler_pass_cpu_seconds',
      help: 'CPU time of this process during each sampler pass',
      labelNames: ['driver'] as const,
      buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    samplerContainers: new Gauge({
      name: 'nuvem_container_sampler_containers',
      help: 'Running containers the last sampler pass stored a point for',
      labelNames: ['driver'] as const,
      registers: [registry],
    }),
    driverErrors: new Counter({
      name: 'nuvem_container_driver_errors_total',
      help: 'Calls to the container driver (LXD or the demo driver) that failed, by driver and operation',
      labelNames: ['driver', 'operation'] as const,
      registers: [registry],
    }),
    webhooks: new Counter({
      name: 'nuvem_payment_webhooks_total',
      help: 'Stripe webhook deliveries by outcome: queued, duplicate, bad_signature, invalid_event',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    payments: new Counter({
      name: 'nuvem_payment_events_total',
      help: 'Stripe events handled, by event type and outcome (handled, failed: retried by the queue)',
      labelNames: ['type', 'outcome'] as const,
      registers: [registry],
    }),
    aiVerdicts: new Counter({
      name: 'nuvem_ai_security_verdicts_total',
      help: 'AI security layer verdicts by threat level (none, low, medium, high, critical, unavailable) and whether the text was blocked',
      labelNames: ['level', 'blocked'] as const,
      registers: [registry],
    }),
  };
  new Gauge({
    name: 'nuvem_realtime_streams_open',
    help: 'Event streams (SSE) open on this instance',
    registers: [registry],
    collect() {
      this.set(sources.realtimeStreams());
    },
  });
  new Gauge({
    name: 'nuvem_job_queue_depth',
    help: 'Jobs in the shared queue by kind and state (created, retry, active), read when scraped',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await sources.queueDepth()) this.set({ kind: row.kind, state: row.state }, row.count);
    },
  });
  return metrics;
}

export interface QueueDepth {
  kind: string;
  state: string;
  count: number;
}

export type Metrics = ReturnType<typeof createMetrics>;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Who may read /metrics: a bearer METRICS_TOKEN, or an address METRICS_ALLOW lists. */
export function metricsAccess(config: { metricsToken: string | null; metricsAllow: string[] }) {
  const allowed = new BlockList();
  for (const entry of config.metricsAllow) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) allowed.addAddress(address, family);
    else allowed.addSubnet(address, Number(prefix), family);
  }
  const expected = config.metricsToken ? sha256(config.metricsToken) : null;
  const configured = expected !== null || config.metricsAllow.length > 0;
  return {
    configured,
    allows(ip: string, authorization: string | undefined): boolean {
      // The scheme is case-insensitive (RFC 9110), as scrapers may send it.
      const presented = /^bearer +(\S+)\s*$/i.exec(authorization ?? '')?.[1];
      // Compared as digests, in constant time whatever the lengths.
      if (expected && presented && timingSafeEqual(sha256(presented), expected)) return true;
      if (config.metricsAllow.length === 0) return false;
      // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
      const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
      const family = isIP(plain);
      if (family === 0) return false;
      return allowed.check(plain, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

/**
 * The per-request RED metrics (GET /metrics is the health module's): every answered request
 * is counted and timed under its route's pattern (never its address, so an attacker's random
 * paths make no new series; a request no route matched is `(unmatched)`).
 */
export const metricsPlugin = fp(
  async (app: App) => {
    const metrics = createMetrics();
    app.decorate('metrics', metrics);
    const { http } = metrics;

    // Series by method, route and status, kept once made (prom-client would hash the labels each time).
    const series = new Map<string, ReturnType<typeof http.labels>>();
    app.observeRequests((request, reply) => {
      const route = request.routeOptions.url ?? '(unmatched)';
      const status = reply.statusCode;
      const key = `${request.method} ${String(status)} ${route}`;
      let child = series.get(key);
      if (!child) {
        child = http.labels({ method: request.method, route, status_code: String(status) });
        series.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics' },
);

/** The METRICS_ALLOW entries that let loopback in (127.0.0.1 or ::1, however they are written). */
export function loopbackEntries(metricsAllow: readonly string[]): string[] {
  const loopback = new BlockList();
  loopback.addSubnet('127.0.0.0', 8, 'ipv4');
  loopback.addAddress('::1', 'ipv6');
  return metricsAllow.filter((entry) => {
    // An address in loopback's range, or a range holding loopback's usual address.
    const address = entry.split('/')[0] ?? '';
    if (loopback.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')) return true;
    const one = metricsAccess({ metricsToken: null, metricsAllow: [entry] });
    return one.allows('127.0.0.1', undefined) || one.allows('::1', undefined);
  });
}

/** GET /metrics in Prometheus's text format, for a bearer METRICS_TOKEN or an address METRICS_ALLOW lists. */
export async function metricsRoutes(app: App): Promise<void> {
  const { metrics } = app;
  const access = metricsAccess(app.config.observability);
  if (!access.configured) app.log.info('GET /metrics answers 403 until METRICS_TOKEN or METRICS_ALLOW is set');
  // Behind a proxy on this host every request comes from loopback: allowing loopback without
  // TRUST_PROXY would open /metrics to anyone the proxy serves.
  const loopback = loopbackEntries(app.config.observability.metricsAllow);
  if (loopback.length > 0 && app.config.trustProxy === false) {
    app.log.warn(
      { metricsAllow: loopback },
      'METRICS_ALLOW lets loopback read /metrics and TRUST_PROXY is unset: a reverse proxy on this host would serve /metrics to everyone (set TRUST_PROXY, or use METRICS_TOKEN)',
    );
  }
  app.get(
    '/metrics',
    { config: { auth: 'public' }, schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      if (!access.allows(request.ip, request.headers.authorization)) {
        throw new AppError(
          403,
          access.configured
            ? 'Metrics need the METRICS_TOKEN bearer token or an address METRICS_ALLOW lists'
            : 'Metrics are off: set METRICS_TOKEN or METRICS_ALLOW to read them',
          'FORBIDDEN',
        );
      }
      const text = await metrics.registry.metrics();
      return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
