import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  uptime: z.number().nonnegative(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    database: z.object({
      status: z.enum(['ok', 'error']),
      driver: z.enum(['pglite', 'postgres']),
      latencyMs: z.number().nonnegative(),
    }),
  }),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
