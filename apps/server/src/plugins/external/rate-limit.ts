import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../types.js';

/** Off by default: a route opts in with `config: { rateLimit: { max, timeWindow } }`. */
export const rateLimitPlugin = fp(
  async (app: App) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new AppError(context.statusCode, `Too many requests, retry in ${context.after}`, 'RATE_LIMITED'),
    });
  },
  { name: 'rate-limit' },
);
