import { isAbsolute, resolve } from 'node:path';
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
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL')),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST_DIR: optional(z.string().min(1)),
  SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(10_000)),
});

export type DatabaseConfig =
  | { driver: 'pglite'; /** null keeps the database in memory (tests). */ dataDir: string | null }
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
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  webDistDir: string;
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = absolute(e.DATA_DIR);
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
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? absolute(e.WEB_DIST_DIR) : defaultWebDistDir,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}
