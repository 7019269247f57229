import { errorResponseSchema } from '@nuvem/contracts/common';
import { healthResponseSchema, readinessResponseSchema, type ReadinessResponse } from '@nuvem/contracts/health';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { plainJson } from '../../lib/plain-json.js';

/** Liveness (the process answers) and readiness (its database, migrated, and Redis answer too). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Probes arrive every few seconds: log them only from 'warn' up, or quieter if the server is.
  const quieterThanWarn = ['error', 'fatal', 'silent'] as const;
  const configured = app.config.logLevel;
  const logLevel = (quieterThanWarn as readonly string[]).includes(configured) ? configured : 'warn';
  app.get(
    '/healthz',
    {
      config: { auth: 'public' },
      schema: { tags: ['health'], summary: 'Liveness', response: { 200: healthResponseSchema } },
      serializerCompiler: plainJson,
      logLevel,
    },
    async () => ({ status: 'ok' as const, uptime: process.uptime() }),
  );

  // A probe must answer within its own timeout even when a dependency hangs.
  const PROBE_TIMEOUT_MS = 1_000;
  const withinProbeTimeout = <T>(work: Promise<T>): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  };
  const elapsedSince = (started: number) => Math.round((performance.now() - started) * 100) / 100;

  async function checkDatabase(request: FastifyRequest): Promise<ReadinessResponse['checks']['database']> {
    const started = performance.now();
    let status: ReadinessResponse['checks']['database']['status'] = 'ok';
    try {
      await withinProbeTimeout(app.database.ping());
      // It answers: does it hold the schema this build expects (the latest committed migration)?
      if (!(await withinProbeTimeout(app.database.isMigrated()))) {
        status = 'not_migrated';
        request.log.warn('database is not migrated to the latest committed migration');
      }
    } catch (error) {
      status = 'error';
      request.log.warn({ err: error }, 'database ping failed');
    }
    return { status, driver: app.database.driver, latencyMs: elapsedSince(started) };
  }

  async function checkRedis(request: FastifyRequest): Promise<ReadinessResponse['checks']['redis']> {
    const redis = app.redis;
    if (!redis) return undefined;
    const started = performance.now();
    let status: 'ok' | 'error' = 'ok';
    try {
      await withinProbeTimeout(redis.ping());
    } catch (error) {
      status = 'error';
      request.log.warn({ err: error }, 'redis ping failed');
    }
    return { status, latencyMs: elapsedSince(started) };
  }

  app.get(
    '/readyz',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database (with its schema) and Redis, when configured, answer',
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema.or(errorResponseSchema) },
      },
      logLevel,
    },
    async (request, reply) => {
      const [database, redis] = await Promise.all([checkDatabase(request), checkRedis(request)]);
      const ok = database.status === 'ok' && (redis === undefined || redis.status === 'ok');
      const body: ReadinessResponse = {
        status: ok ? 'ready' : 'unavailable',
        checks: redis ? { database, redis } : { database },
      };
      return reply.code(ok ? 200 : 503).send(body);
    },
  );
};
