import { errorResponseSchema } from '@nuvem/contracts/common';
import { healthResponseSchema, readinessResponseSchema, type ReadinessResponse } from '@nuvem/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Liveness (the process answers) and readiness (its database answers too). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Probes arrive every few seconds: log them only from 'warn' up, or quieter if the server is.
  const quieterThanWarn = ['error', 'fatal', 'silent'] as const;
  const configured = app.config.logLevel;
  const logLevel = (quieterThanWarn as readonly string[]).includes(configured) ? configured : 'warn';
  app.get(
    '/healthz',
    {
      schema: { tags: ['health'], summary: 'Liveness', response: { 200: healthResponseSchema } },
      logLevel,
    },
    async () => ({ status: 'ok' as const, uptime: process.uptime() }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: pings the database',
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema.or(errorResponseSchema) },
      },
      logLevel,
    },
    async (request, reply) => {
      const started = performance.now();
      let ok = true;
      try {
        await app.database.ping();
      } catch (error) {
        ok = false;
        request.log.warn({ err: error }, 'database ping failed');
      }
      const body: ReadinessResponse = {
        status: ok ? 'ready' : 'unavailable',
        checks: {
          database: {
            status: ok ? 'ok' : 'error',
            driver: app.database.driver,
            latencyMs: Math.round((performance.now() - started) * 100) / 100,
          },
        },
      };
      return reply.code(ok ? 200 : 503).send(body);
    },
  );
};
