import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  uptime: z.number().nonnegative(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * `/readyz`: ready only when every dependency answers. The database is `not_migrated` when it
 * answers but lacks the latest committed migration; `redis` is there when REDIS_URL is set.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    database: z.object({
      status: z.enum(['ok', 'error', 'not_migrated']),
      driver: z.enum(['pglite', 'postgres']),
      latencyMs: z.number().nonnegative(),
    }),
    redis: z
      .object({
        status: z.enum(['ok', 'error']),
        latencyMs: z.number().nonnegative(),
      })
      .optional(),
  }),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
