import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Redis } from 'ioredis';
import type { Database, DatabaseHandle } from './db/client.js';
import type { RateLimiter } from './lib/rate-limiter.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** Drizzle, on PGlite or PostgreSQL. */
    db: Database;
    database: DatabaseHandle;
    /** Present when REDIS_URL is set. */
    redis: Redis | null;
    limiter: RateLimiter;
  }
}

/** The server instance with the zod type provider, as every module receives it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
