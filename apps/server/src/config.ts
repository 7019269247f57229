import { readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { defaultRateLimits, rateLimitTiers, type RateLimitTier } from '@nuvem/contracts/applications';
import {
  currencies,
  planContainerResources,
  planIds,
  plans,
  type BillingPeriod,
  type Currency,
  type PlanId,
} from '@nuvem/contracts/pricing';
import { z } from 'zod';
import { defaultWebDistDir } from './paths.js';

/** Environment variables; an empty string counts as unset. */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUndefined, schema.optional());

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('production')),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  // 'localhost' binds both loopback addresses (127.0.0.1 and ::1); set 0.0.0.0 or :: to serve a network.
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('localhost')),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('.data')),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).default('Nuvem <no-reply@nuvem.local>')),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL')),
  TRUST_PROXY: optional(z.string()),
  METRICS_TOKEN: optional(z.string().min(16, 'must be at least 16 characters (a random secret)')),
  METRICS_ALLOW: optional(z.string()),
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  OTEL_SERVICE_NAME: z.preprocess(emptyAsUndefined, z.string().min(1).max(200).default('nuvem')),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST_DIR: optional(z.string().min(1)),
  SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(10_000)),
  ALLOWED_REDIRECT_ORIGINS: optional(z.string()),
  ECOSYSTEM_FILE: optional(z.string().min(1)),
  CONTAINER_DRIVER: z.preprocess(emptyAsUndefined, z.enum(['auto', 'lxd', 'demo']).default('auto')),
  LXD_SOCKET: z.preprocess(emptyAsUndefined, z.string().min(1).default('/var/lib/lxd/unix.socket')),
  LXD_URL: optional(z.url({ protocol: /^https$/, error: 'must be an https:// URL of the LXD or Incus API' })),
  LXD_CLIENT_CERT: optional(z.string().min(1)),
  LXD_CLIENT_KEY: optional(z.string().min(1)),
  LXD_SERVER_CERT: optional(z.string().min(1)),
  LXD_IMAGE_MAP: optional(z.string()),
  SSH_GATEWAY: optional(z.string().min(1).max(255)),
  METRICS_SAMPLE_INTERVAL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(15_000)),
  CONTAINER_JOB_TIMEOUT_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(5).max(86_400).default(300),
  ),
  QUEUE_MAINTENANCE_INTERVAL_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(3_600).default(30),
  ),
  QUEUE_POLLING_INTERVAL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(0.5).max(60).default(2)),
  REALTIME_MAX_STREAMS_PER_USER: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1_000).default(10)),
  REALTIME_HEARTBEAT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(15_000)),
  SEED_DEMO: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).default('true')),
  AUTH_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000).default(10)),
  // setInterval takes at most 2^31-1 ms (about 24 days).
  SESSION_PURGE_INTERVAL_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(2_147_483_647).default(3_600_000),
  ),
  API_KEY_RATE_LIMITS: optional(z.string()),
  APP_SECRET_GRACE_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(0)
      .max(30 * 86_400)
      .default(86_400),
  ),
  USAGE_FLUSH_INTERVAL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(10).max(600_000).default(1000)),
  MAX_APPLICATIONS_PER_USER: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(100_000).default(20)),
  MAX_API_KEYS_PER_USER: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(100_000).default(50)),
  // Unset: what the plans sell with PLAN_QUOTAS, else 10, 16 and 32 (see containerCaps).
  MAX_CONTAINERS_PER_USER: optional(z.coerce.number().int().min(0).max(100_000)),
  MAX_CONTAINER_VCPUS_PER_USER: optional(z.coerce.number().int().min(0).max(1_000_000)),
  MAX_CONTAINER_MEMORY_GB_PER_USER: optional(z.coerce.number().int().min(0).max(1_000_000)),
  USER_API_RATE_LIMIT_PER_MINUTE: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(600),
  ),
  GOOGLE_CLIENT_ID: optional(z.string().min(1)),
  GOOGLE_CLIENT_SECRET: optional(z.string().min(1)),
  GOOGLE_ISSUER: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).default('https://accounts.google.com')),
  GITHUB_CLIENT_ID: optional(z.string().min(1)),
  GITHUB_CLIENT_SECRET: optional(z.string().min(1)),
  GITHUB_AUTHORIZE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/ }).default('https://github.com/login/oauth/authorize'),
  ),
  GITHUB_TOKEN_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/ }).default('https://github.com/login/oauth/access_token'),
  ),
  GITHUB_API_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).default('https://api.github.com')),
  PAYMENTS_CURRENCY: z.preprocess(emptyAsUndefined, z.enum(currencies).default('eur')),
  PAYMENTS_CHECKOUT_TTL_MINUTES: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number()
      .int()
      .min(30)
      .max(24 * 60)
      .default(60),
  ),
  LLM_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  LLM_MODEL: optional(z.string().min(1).max(200)),
  LLM_API_KEY: optional(z.string().min(1)),
  WORKFLOW_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(500).default(50)),
  WORKFLOW_EXECUTIONS_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(120)),
  WORKFLOW_RUNS_PER_USER: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1_000).default(10)),
  WORKFLOW_RUNS_KEPT_PER_USER: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(10_000).default(50)),
  AI_SECURITY_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  AI_SECURITY_TOKEN: optional(z.string().min(1)),
  AI_SECURITY_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(60_000).default(10_000)),
  AI_SECURITY_BLOCK_AT: z.preprocess(emptyAsUndefined, z.enum(['low', 'medium', 'high', 'critical']).default('medium')),
  AI_SECURITY_CHECKS_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(120)),
  AI_SECURITY_THRESHOLDS: optional(
    z
      .string()
      .regex(
        /^0?\.\d+,0?\.\d+,0?\.\d+,0?\.\d+$/,
        'must be four probabilities, for low, medium, high and critical (0.5,0.7,0.85,0.97)',
      )
      .refine((text) => {
        const [a = 0, b = 0, c = 0, d = 0] = text.split(',').map(Number);
        return a < b && b < c && c < d;
      }, 'must rise from low to critical'),
  ),
  PLAN_QUOTAS: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).default('true')),
  SEED_DEMO_COUPON: optional(z.enum(['true', 'false', '1', '0'])),
  // More on a start would outlast the start-up budget: npm run seed:events writes any number.
  SEED_EVENTS_COUNT: optional(
    z.coerce.number().int().min(0).max(5_000, 'must be at most 5000 (npm run seed:events -- --count N adds more)'),
  ),
  EVENTS_LISTS_PER_MINUTE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).default(600)),
  EVENTS_COUNTS_TTL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(3600).default(15)),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…)')),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w+$/, 'must be a Stripe signing secret (whsec_…)')),
  STRIPE_API_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  STRIPE_PRICE_STARTER_MONTHLY: optional(z.string().min(1)),
  STRIPE_PRICE_STARTER_YEARLY: optional(z.string().min(1)),
  STRIPE_PRICE_PRO_MONTHLY: optional(z.string().min(1)),
  STRIPE_PRICE_PRO_YEARLY: optional(z.string().min(1)),
  STRIPE_PRICE_ENTERPRISE_MONTHLY: optional(z.string().min(1)),
  STRIPE_PRICE_ENTERPRISE_YEARLY: optional(z.string().min(1)),
  STRIPE_PRICE_FREE_MONTHLY: optional(z.string().min(1)),
  /** Stripe Tax computes VAT at checkout (the account must have Stripe Tax on); else the portal's own rates. */
  STRIPE_AUTOMATIC_TAX: z.preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).default('false')),
  // The seller on invoices (EU invoices name the seller and its VAT number).
  SELLER_NAME: z.preprocess(emptyAsUndefined, z.string().max(200).default('Nuvem')),
  SELLER_ADDRESS: z.preprocess(emptyAsUndefined, z.string().max(500).default('Lisboa, Portugal')),
  SELLER_COUNTRY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code (PT)')
      .transform((code) => code.toUpperCase())
      .default('PT'),
  ),
  SELLER_VAT_NUMBER: optional(z.string().max(40)),
  SELLER_EMAIL: optional(z.email()),
});

/** Stripe, when STRIPE_SECRET_KEY is set: the key, the signing secret and the six price ids. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string | null;
  /** STRIPE_API_URL: another address for Stripe's API (tests run a local stand-in). */
  apiUrl: URL | null;
  /** STRIPE_AUTOMATIC_TAX: Stripe Tax computes the VAT (else the portal's rates go as Stripe tax rates). */
  automaticTax: boolean;
}

/** The seller named on invoices (SELLER_*). */
export interface SellerConfig {
  name: string;
  address: string;
  /** ISO 3166-1 alpha-2: whose VAT applies at home, and which EU buyers get reverse charge. */
  country: string;
  vatNumber: string | null;
  email: string | null;
}

export interface PaymentsConfig {
  /** 'stripe' when STRIPE_SECRET_KEY is set, else the portal's own sandbox checkout. */
  provider: 'stripe' | 'sandbox';
  currency: Currency;
  checkoutTtlMinutes: number;
  /** plan -> period -> price id (sandbox: its own ids; Stripe: STRIPE_PRICE_*). */
  priceIds: Partial<Record<PlanId, Partial<Record<BillingPeriod, string>>>>;
  stripe: StripeConfig | null;
  /**
   * PLAN_QUOTAS: containers and key tiers follow the user's plan (on by default); the container
   * caps then default to, and must reach, what every plan sells.
   */
  planQuotas: boolean;
  /** SEED_DEMO_COUPON (default: as SEED_DEMO on the sandbox, off with Stripe): the demo coupon NUVEM20, 20% off. */
  seedDemoCoupon: boolean;
  seller: SellerConfig;
}

export interface LxdRemoteConfig {
  url: string;
  cert: string;
  key: string;
  /** The daemon's certificate when it is self-signed; null trusts the system's CAs. */
  ca: string | null;
}

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
}

export type DatabaseConfig =
  | {
      driver: 'pglite';
      /** null keeps the database in memory (tests). */
      dataDir: string | null;
      /** Tests: an already migrated database (PGlite.dumpDataDir) to start from instead of initdb. */
      loadDataDir?: Blob;
    }
  | { driver: 'postgres'; url: string };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The address users reach the portal at; defaults to http://localhost:PORT. */
  publicUrl: URL;
  dataDir: string;
  database: DatabaseConfig;
  redisUrl: string | null;
  /**
   * Transactional mail: SMTP_URL (smtp://user:pass@host:port, smtps:// for TLS) and MAIL_FROM.
   * With no SMTP URL, each message is written as an .eml file under DATA_DIR/outbox/.
   */
  mail: {
    smtpUrl: string | null;
    from: string;
    /** Tests: seconds before a failed send is retried (default 5). */
    retryDelaySeconds?: number;
    /** Where messages go with no SMTP URL (default DATA_DIR/outbox); null: only logged (tests). */
    outboxDir?: string | null;
  };
  /**
   * TRUST_PROXY: whose X-Forwarded-For / -Proto / -Host headers to believe (Fastify's `trustProxy`).
   * false: nobody's (request.ip is the connection's peer); else those proxy addresses, CIDR ranges
   * or proxy-addr keywords.
   */
  trustProxy: false | string[];
  observability: {
    /** METRICS_TOKEN: a bearer token that may read GET /metrics. */
    metricsToken: string | null;
    /** METRICS_ALLOW: addresses and CIDR ranges that may read GET /metrics without the token. */
    metricsAllow: string[];
    /**
     * OTEL_EXPORTER_OTLP_ENDPOINT: where traces go over OTLP/HTTP (the collector's base URL;
     * traces are posted to its /v1/traces). Null: tracing is off and nothing of it is loaded.
     */
    otlpEndpoint: string | null;
    serviceName: string;
  };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  webDistDir: string;
  shutdownTimeoutMs: number;
  /** Origins besides our own that `redirect` parameters may lead to, and that may send state-changing requests. */
  allowedRedirectOrigins: string[];
  /** JSON file with the ecosystem's apps; null for the built-in nine. */
  ecosystemFile: string | null;
  containers: {
    driver: 'auto' | 'lxd' | 'demo';
    lxdSocket: string;
    /** LXD_URL: a remote daemon over HTTPS with a client certificate, used instead of the socket. */
    lxdRemote: LxdRemoteConfig | null;
    /** Template id -> LXD image alias or fingerprint. */
    imageMap: Record<string, string>;
    /** Host for the SSH command when an instance has no address of its own. */
    sshGateway: string | null;
    /** How often running containers' metrics are sampled; 0 turns the sampler off. */
    sampleIntervalMs: number;
    /**
     * CONTAINER_JOB_TIMEOUT_SECONDS: a create or action job still active after this long counts as
     * lost (its instance died) and is retried.
     */
    jobTimeoutSeconds: number;
  };
  queue: {
    /** How often expired jobs are found and retried, and old ones archived. */
    maintenanceIntervalSeconds: number;
    /** How often idle workers look for jobs other instances queued (this instance's own start at once). */
    pollingIntervalSeconds: number;
  };
  realtime: {
    /** Open event streams one user may hold on one instance. */
    maxStreamsPerUser: number;
    /** A comment line this often keeps proxies from closing an idle stream. */
    heartbeatMs: number;
  };
  seedDemo: boolean;
  authRateLimitPerMinute: number;
  /** How often expired sessions and sign-in states are deleted (SESSION_PURGE_INTERVAL_MS); 0: never. */
  sessionPurgeIntervalMs: number;
  apiKeys: {
    /** Requests per minute per key, by tier (API_KEY_RATE_LIMITS). */
    rateLimits: Record<RateLimitTier, number>;
    /** How often the batched usage counts are written (USAGE_FLUSH_INTERVAL_MS). */
    usageFlushIntervalMs: number;
  };
  /** How long a client secret keeps working after it was rotated (APP_SECRET_GRACE_SECONDS). */
  appSecretGraceSeconds: number;
  /** What one user may hold and how fast they may call the platform API. */
  userLimits: {
    /** MAX_APPLICATIONS_PER_USER */
    applications: number;
    /** MAX_API_KEYS_PER_USER: keys that still work (neither revoked nor expired), over all their applications. */
    apiKeys: number;
    /**
     * The operator's container caps for every user (MAX_CONTAINER*; plans set their quota within
     * them, see containers/quota.ts). With PLAN_QUOTAS they reach what every plan sells.
     */
    containers: { count: number; vcpus: number; memoryGb: number };
    /**
     * USER_API_RATE_LIMIT_PER_MINUTE: /api/v1 requests per minute per user, whatever the credential
     * (session or any of their keys); a key an operator put on a higher tier may use that tier's budget.
     */
    apiRequestsPerMinute: number;
  };
  google: (OAuthClientConfig & { issuer: string }) | null;
  github: (OAuthClientConfig & { authorizeUrl: string; tokenUrl: string; apiUrl: string }) | null;
  payments: PaymentsConfig;
  /** The workflow service (/api/mlm): the agents' driver and the engine's budgets. */
  workflows: {
    /** LLM_BASE_URL, LLM_MODEL, LLM_API_KEY: an OpenAI-compatible endpoint; without it, the offline agents. */
    llm: { baseUrl: string; model: string; apiKey: string | null } | null;
    /** WORKFLOW_CONCURRENCY (50): runs one instance takes at once. */
    concurrency: number;
    /** WORKFLOW_EXECUTIONS_PER_MINUTE (120): runs one user may start per minute. */
    executionsPerMinute: number;
    /** WORKFLOW_RUNS_PER_USER (10): runs of one user queued or running at once. */
    runsPerUser: number;
    /** WORKFLOW_RUNS_KEPT_PER_USER (50): finished runs kept per user (older ones, with their steps, go). */
    runsKept: number;
  };
  /** The AI security layer (AI_SECURITY_*): in process unless AI_SECURITY_URL names a remote one. */
  aiSecurity: {
    url: string | null;
    token: string | null;
    timeoutMs: number;
    blockAt: 'low' | 'medium' | 'high' | 'critical';
    checksPerMinute: number;
    thresholds: { low: number; medium: number; high: number; critical: number } | undefined;
  };
  /** SEED_EVENTS_COUNT (default 300 with SEED_DEMO, else 0): events written on a first start with none. */
  seedEventsCount: number;
  /** EVENTS_COUNTS_TTL_SECONDS (15; 0: never kept): how long the list's category counts are kept. */
  eventsCountsTtlSeconds: number;
  /** EVENTS_LISTS_PER_MINUTE (600): event list requests per client address per minute. */
  eventsListsPerMinute: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * With PUBLIC_URL left at its default (`http://localhost:PORT`) on a loopback bind, the same portal
 * is also opened as `http://127.0.0.1:PORT` or `http://[::1]:PORT` (the start-up log prints the
 * former): those count as its own too. Only this machine can be at those origins; a configured
 * PUBLIC_URL is taken exactly.
 */
function loopbackAliases(publicUrl: string | undefined, host: string, port: number): string[] {
  if (publicUrl !== undefined || port === 0) return [];
  if (!['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'].includes(host)) return [];
  return [`http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = absolute(e.DATA_DIR);
  const problems: string[] = [];
  const allowedRedirectOrigins = parseOrigins(e.ALLOWED_REDIRECT_ORIGINS, problems);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY, problems);
  const metricsAllow = parseAddressList('METRICS_ALLOW', e.METRICS_ALLOW, problems);
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither');
  }
  if (Boolean(e.GITHUB_CLIENT_ID) !== Boolean(e.GITHUB_CLIENT_SECRET)) {
    problems.push('GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET: set both or neither');
  }
  const apiKeyRateLimits = parseRateLimits(e.API_KEY_RATE_LIMITS, problems);
  const containerLimits = containerCaps(e, problems);
  const lxdRemote = readLxdRemote(e, problems);
  const imageMapProblems: string[] = [];
  parseImageMap(e.LXD_IMAGE_MAP, imageMapProblems);
  problems.push(...imageMapProblems);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`),
    dataDir,
    database: e.DATABASE_URL
      ? { driver: 'postgres', url: e.DATABASE_URL }
      : { driver: 'pglite', dataDir: resolve(dataDir, 'pglite') },
    redisUrl: e.REDIS_URL ?? null,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    trustProxy,
    observability: {
      metricsToken: e.METRICS_TOKEN ?? null,
      metricsAllow,
      otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
      serviceName: e.OTEL_SERVICE_NAME,
    },
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? absolute(e.WEB_DIST_DIR) : defaultWebDistDir,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    allowedRedirectOrigins: [...allowedRedirectOrigins, ...loopbackAliases(e.PUBLIC_URL, e.HOST, e.PORT)],
    ecosystemFile: e.ECOSYSTEM_FILE ? absolute(e.ECOSYSTEM_FILE) : null,
    containers: {
      driver: e.CONTAINER_DRIVER,
      lxdSocket: e.LXD_SOCKET,
      lxdRemote,
      imageMap: parseImageMap(e.LXD_IMAGE_MAP, []),
      sshGateway: e.SSH_GATEWAY ?? null,
      sampleIntervalMs: e.METRICS_SAMPLE_INTERVAL_MS,
      jobTimeoutSeconds: e.CONTAINER_JOB_TIMEOUT_SECONDS,
    },
    queue: {
      maintenanceIntervalSeconds: e.QUEUE_MAINTENANCE_INTERVAL_SECONDS,
      pollingIntervalSeconds: e.QUEUE_POLLING_INTERVAL_SECONDS,
    },
    realtime: {
      maxStreamsPerUser: e.REALTIME_MAX_STREAMS_PER_USER,
      heartbeatMs: e.REALTIME_HEARTBEAT_MS,
    },
    seedDemo: e.SEED_DEMO === 'true' || e.SEED_DEMO === '1',
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    sessionPurgeIntervalMs: e.SESSION_PURGE_INTERVAL_MS,
    apiKeys: { rateLimits: apiKeyRateLimits, usageFlushIntervalMs: e.USAGE_FLUSH_INTERVAL_MS },
    appSecretGraceSeconds: e.APP_SECRET_GRACE_SECONDS,
    userLimits: {
      applications: e.MAX_APPLICATIONS_PER_USER,
      apiKeys: e.MAX_API_KEYS_PER_USER,
      containers: containerLimits,
      apiRequestsPerMinute: e.USER_API_RATE_LIMIT_PER_MINUTE,
    },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER.replace(/\/$/, ''),
          }
        : null,
    github:
      e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET
        ? {
            clientId: e.GITHUB_CLIENT_ID,
            clientSecret: e.GITHUB_CLIENT_SECRET,
            authorizeUrl: e.GITHUB_AUTHORIZE_URL,
            tokenUrl: e.GITHUB_TOKEN_URL,
            apiUrl: e.GITHUB_API_URL.replace(/\/$/, ''),
          }
        : null,
    payments: paymentsConfig(e),
    workflows: {
      llm: e.LLM_BASE_URL
        ? { baseUrl: e.LLM_BASE_URL, model: e.LLM_MODEL ?? 'gpt-4o-mini', apiKey: e.LLM_API_KEY ?? null }
        : null,
      concurrency: e.WORKFLOW_CONCURRENCY,
      executionsPerMinute: e.WORKFLOW_EXECUTIONS_PER_MINUTE,
      runsPerUser: e.WORKFLOW_RUNS_PER_USER,
      runsKept: e.WORKFLOW_RUNS_KEPT_PER_USER,
    },
    aiSecurity: {
      url: e.AI_SECURITY_URL ?? null,
      token: e.AI_SECURITY_TOKEN ?? null,
      timeoutMs: e.AI_SECURITY_TIMEOUT_MS,
      blockAt: e.AI_SECURITY_BLOCK_AT,
      checksPerMinute: e.AI_SECURITY_CHECKS_PER_MINUTE,
      thresholds: thresholdsOf(e.AI_SECURITY_THRESHOLDS),
    },
    seedEventsCount: e.SEED_EVENTS_COUNT ?? (e.SEED_DEMO === 'true' || e.SEED_DEMO === '1' ? 300 : 0),
    eventsCountsTtlSeconds: e.EVENTS_COUNTS_TTL_SECONDS,
    eventsListsPerMinute: e.EVENTS_LISTS_PER_MINUTE,
  };
}

/** The caps with PLAN_QUOTAS off and none set: a host that sells no plans keeps a modest default. */
const unplannedContainerCaps = { count: 10, vcpus: 16, memoryGb: 32 };

/**
 * MAX_CONTAINERS_PER_USER, MAX_CONTAINER_VCPUS_PER_USER and MAX_CONTAINER_MEMORY_GB_PER_USER. With
 * PLAN_QUOTAS the pricing page's cards are promises: unset caps default to what the largest plan
 * sells (its containers, all on the largest tier), and a cap below what any plan sells is refused,
 * naming the plans and the figure they need, rather than silently selling less.
 */
function containerCaps(
  e: z.infer<typeof envSchema>,
  problems: string[],
): { count: number; vcpus: number; memoryGb: number } {
  const planQuotas = e.PLAN_QUOTAS === 'true' || e.PLAN_QUOTAS === '1';
  const sold = planIds.map((id) => ({ name: plans[id].name, ...planContainerResources(id) }));
  const needed = (measure: 'containers' | 'vcpus' | 'memoryGb') => Math.max(...sold.map((plan) => plan[measure]));
  const caps = [
    { name: 'MAX_CONTAINERS_PER_USER', key: 'count', measure: 'containers', unit: 'containers' },
    { name: 'MAX_CONTAINER_VCPUS_PER_USER', key: 'vcpus', measure: 'vcpus', unit: 'vCPUs' },
    { name: 'MAX_CONTAINER_MEMORY_GB_PER_USER', key: 'memoryGb', measure: 'memoryGb', unit: 'GB of memory' },
  ] as const;
  const limits = { ...unplannedContainerCaps };
  for (const cap of caps) {
    const set = e[cap.name];
    limits[cap.key] = set ?? (planQuotas ? needed(cap.measure) : unplannedContainerCaps[cap.key]);
    if (!planQuotas || set === undefined) continue;
    const short = sold.filter((plan) => plan[cap.measure] > set);
    if (short.length > 0) {
      const sells = short.map((plan) => `${plan.name} ${plan[cap.measure]}`).join(', ');
      problems.push(
        `${cap.name}: ${set} is below what the plans sell (${sells} ${cap.unit}); set it to at least ${needed(cap.measure)}, or PLAN_QUOTAS=false to apply the caps alone`,
      );
    }
  }
  return limits;
}

function thresholdsOf(text: string | undefined) {
  if (!text) return undefined;
  const [low = 0, medium = 0, high = 0, critical = 0] = text.split(',').map(Number);
  return { low, medium, high, critical };
}

/** Stripe when a secret key is set (then the price ids come from STRIPE_PRICE_*), else the sandbox. */
function paymentsConfig(e: z.infer<typeof envSchema>): PaymentsConfig {
  const stripe: StripeConfig | null = e.STRIPE_SECRET_KEY
    ? {
        secretKey: e.STRIPE_SECRET_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
        apiUrl: e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : null,
        automaticTax: e.STRIPE_AUTOMATIC_TAX === 'true' || e.STRIPE_AUTOMATIC_TAX === '1',
      }
    : null;
  const priceIds: PaymentsConfig['priceIds'] = stripe
    ? {
        free: definedOnly({ monthly: e.STRIPE_PRICE_FREE_MONTHLY }),
        starter: definedOnly({ monthly: e.STRIPE_PRICE_STARTER_MONTHLY, yearly: e.STRIPE_PRICE_STARTER_YEARLY }),
        pro: definedOnly({ monthly: e.STRIPE_PRICE_PRO_MONTHLY, yearly: e.STRIPE_PRICE_PRO_YEARLY }),
        enterprise: definedOnly({
          monthly: e.STRIPE_PRICE_ENTERPRISE_MONTHLY,
          yearly: e.STRIPE_PRICE_ENTERPRISE_YEARLY,
        }),
      }
    : {
        free: { monthly: 'price_sandbox_free_monthly' },
        starter: { monthly: 'price_sandbox_starter_monthly', yearly: 'price_sandbox_starter_yearly' },
        pro: { monthly: 'price_sandbox_pro_monthly', yearly: 'price_sandbox_pro_yearly' },
        enterprise: { monthly: 'price_sandbox_enterprise_monthly', yearly: 'price_sandbox_enterprise_yearly' },
      };
  return {
    provider: stripe ? 'stripe' : 'sandbox',
    currency: e.PAYMENTS_CURRENCY,
    checkoutTtlMinutes: e.PAYMENTS_CHECKOUT_TTL_MINUTES,
    priceIds,
    stripe,
    planQuotas: e.PLAN_QUOTAS === 'true' || e.PLAN_QUOTAS === '1',
    // A published code must not discount real payments: by default only on the sandbox.
    seedDemoCoupon: ['true', '1'].includes(e.SEED_DEMO_COUPON ?? (stripe ? 'false' : e.SEED_DEMO)),
    seller: {
      name: e.SELLER_NAME,
      address: e.SELLER_ADDRESS,
      country: e.SELLER_COUNTRY,
      vatNumber: e.SELLER_VAT_NUMBER ?? null,
      email: e.SELLER_EMAIL ?? null,
    },
  };
}

function definedOnly(
  entries: Partial<Record<BillingPeriod, string | undefined>>,
): Partial<Record<BillingPeriod, string>> {
  const defined: Partial<Record<BillingPeriod, string>> = {};
  for (const period of ['monthly', 'yearly'] as const) {
    const value = entries[period];
    if (value !== undefined) defined[period] = value;
  }
  return defined;
}

/** `https://a.example, http://b.example:8080` -> their origins; anything else is a problem. */
function parseOrigins(list: string | undefined, problems: string[]): string[] {
  if (!list) return [];
  const origins: string[] = [];
  for (const item of list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = new URL(item);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== item.replace(/\/$/, '')) {
      problems.push(`ALLOWED_REDIRECT_ORIGINS: '${item}' is not an origin like https://app.example.com`);
    } else {
      origins.push(url.origin);
    }
  }
  return origins;
}

const proxyKeywords = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset or `false` trusts no forwarding headers; else a comma-separated list of
 * proxy addresses, CIDR ranges and the keywords loopback, linklocal, uniquelocal. `true` (trust
 * anyone) is refused: any client could then choose its own address and so its rate-limit
 * bucket; so is a hop count, which cannot tell the proxy from a client (Fastify trusts nobody
 * for one).
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): false | string[] {
  const value = raw?.trim();
  if (!value || value === 'false') return false;
  if (value === 'true') {
    problems.push(
      'TRUST_PROXY: true would let any client choose its address; list the proxy addresses (e.g. 127.0.0.1,10.0.0.0/8)',
    );
    return false;
  }
  if (/^\d+$/.test(value)) {
    problems.push(
      'TRUST_PROXY: a hop count cannot tell the proxy from a client; list the proxy addresses (e.g. 127.0.0.1,10.0.0.0/8)',
    );
    return false;
  }
  const entries = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (/\/0+$/.test(entry)) {
      problems.push(
        `TRUST_PROXY: '${entry}' trusts every address, which would let any client choose its address; list the proxy addresses`,
      );
    } else if (!isProxyAddress(entry)) {
      problems.push(
        `TRUST_PROXY: '${entry}' is not an IP address, a CIDR range (10.0.0.0/8) or one of ${proxyKeywords.join(', ')}`,
      );
    }
  }
  return entries;
}

/** A comma-separated list of IP addresses and CIDR ranges (METRICS_ALLOW). */
function parseAddressList(name: string, raw: string | undefined, problems: string[]): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (
      proxyKeywords.includes(entry) ||
      !isProxyAddress(entry) ||
      /^[^/]+\/[^/]*\./.test(entry) ||
      entry.includes('%')
    ) {
      problems.push(`${name}: '${entry}' is not an IP address or a CIDR range (10.0.0.0/8, fd00::/8)`);
    } else if (/\/0+$/.test(entry)) {
      problems.push(`${name}: '${entry}' allows every address; list the addresses of your metrics scrapers`);
    } else if (ipv4Mapped.check(entry.split('/')[0] ?? '', 'ipv6')) {
      // ::ffff:0.0.0.0/96 would match every IPv4 client: written as IPv4, the checks above apply.
      problems.push(`${name}: '${entry}' is an IPv4 address written as IPv6 (::ffff:…); write it as IPv4`);
    } else if (holdsIpv4Mapped(entry)) {
      // An IPv4 client is checked as ::ffff:a.b.c.d too: ::/80 would let every IPv4 address in.
      problems.push(
        `${name}: '${entry}' holds every IPv4 address (as ::ffff:0:0/96); list IPv6 ranges outside it, and IPv4 as IPv4`,
      );
    } else if (Number(entry.split('/')[1] ?? 128) < 8) {
      problems.push(
        `${name}: '${entry}' allows a large part of every address (wider than /8); list the addresses of your metrics scrapers`,
      );
    }
  }
  return entries;
}

/** IPv6's form of IPv4 addresses (::ffff:a.b.c.d), in any spelling. */
const ipv4Mapped = new BlockList();
ipv4Mapped.addSubnet('::ffff:0:0', 96, 'ipv6');

/** An IPv6 range that holds IPv6's form of every IPv4 address (::/80, ::/1). */
function holdsIpv4Mapped(entry: string): boolean {
  const [address = '', prefix] = entry.split('/');
  if (isIP(address) !== 6 || prefix === undefined) return false;
  const range = new BlockList();
  range.addSubnet(address, Number(prefix), 'ipv6');
  return range.check('::ffff:0:0', 'ipv6') && range.check('::ffff:ffff:ffff', 'ipv6');
}

function isProxyAddress(entry: string): boolean {
  if (proxyKeywords.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (version === 4 ? 32 : 128);
  // IPv4 ranges may also be written with a netmask, as proxy-addr allows: 10.0.0.0/255.0.0.0.
  return version === 4 && isIP(prefix) === 4;
}

/** `standard=60,premium=600,enterprise=6000`: requests per minute by tier; tiers left out keep their default. */
function parseRateLimits(raw: string | undefined, problems: string[]): Record<RateLimitTier, number> {
  const limits = { ...defaultRateLimits };
  if (!raw) return limits;
  for (const item of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([a-z]+)\s*=\s*(\d{1,7})$/.exec(item);
    const tier = match?.[1] as RateLimitTier | undefined;
    const value = Number(match?.[2]);
    if (!tier || !rateLimitTiers.includes(tier) || !Number.isInteger(value) || value < 1) {
      problems.push(
        `API_KEY_RATE_LIMITS: '${item}' is not tier=requests-per-minute with a tier among ${rateLimitTiers.join(', ')}`,
      );
    } else {
      limits[tier] = value;
    }
  }
  return limits;
}

/** LXD_URL with the client certificate and key (PEM files) the daemon trusts, and optionally its own certificate. */
function readLxdRemote(
  e: {
    LXD_URL?: string | undefined;
    LXD_CLIENT_CERT?: string | undefined;
    LXD_CLIENT_KEY?: string | undefined;
    LXD_SERVER_CERT?: string | undefined;
  },
  problems: string[],
): LxdRemoteConfig | null {
  if (!e.LXD_URL) {
    if (e.LXD_CLIENT_CERT || e.LXD_CLIENT_KEY)
      problems.push('LXD_CLIENT_CERT and LXD_CLIENT_KEY: only used with LXD_URL');
    return null;
  }
  if (!e.LXD_CLIENT_CERT || !e.LXD_CLIENT_KEY) {
    problems.push('LXD_URL: needs LXD_CLIENT_CERT and LXD_CLIENT_KEY (PEM files of a certificate the daemon trusts)');
    return null;
  }
  const read = (name: string, path: string): string | null => {
    try {
      return readFileSync(absolute(path), 'utf8');
    } catch {
      problems.push(`${name}: cannot read ${path}`);
      return null;
    }
  };
  const cert = read('LXD_CLIENT_CERT', e.LXD_CLIENT_CERT);
  const key = read('LXD_CLIENT_KEY', e.LXD_CLIENT_KEY);
  const ca = e.LXD_SERVER_CERT ? read('LXD_SERVER_CERT', e.LXD_SERVER_CERT) : null;
  if (cert === null || key === null || (e.LXD_SERVER_CERT && ca === null)) return null;
  return { url: e.LXD_URL, cert, key, ca };
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}

const defaultImageMap: Record<string, string> = {
  '': 'ubuntu/24.04',
  'nodejs-18': 'ubuntu/24.04',
  'python-3.11': 'ubuntu/24.04',
  'go-1.21': 'ubuntu/24.04',
  'rust-latest': 'ubuntu/24.04',
  docker: 'ubuntu/24.04',
};

/** LXD_IMAGE_MAP: JSON `{ "<template id>": "<image alias>" }` over the defaults; `*` sets every template. */
function parseImageMap(raw: string | undefined, problems: string[]): Record<string, string> {
  if (!raw) return { ...defaultImageMap };
  try {
    const parsed = z.record(z.string(), z.string().min(1)).parse(JSON.parse(raw));
    const all = parsed['*'];
    const base = all ? Object.fromEntries(Object.keys(defaultImageMap).map((id) => [id, all])) : defaultImageMap;
    const { '*': _all, ...rest } = parsed;
    return { ...base, ...rest };
  } catch {
    problems.push('LXD_IMAGE_MAP: must be JSON like {"": "ubuntu/24.04", "docker": "docker-image"}');
    return { ...defaultImageMap };
  }
}
