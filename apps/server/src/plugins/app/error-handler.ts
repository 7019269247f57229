import type { ErrorResponse, ValidationIssue } from '@nuvem/contracts/common';
import { errorMessages } from '@nuvem/contracts/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { computeSecurityHeaders, securityHeaderOptions } from '../external/helmet.js';
import type { App } from '../../types.js';

/** What the router's own refusals say, without echoing the URL back. */
const routerErrors: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is not valid: it holds a malformed percent-encoded character',
  FST_ERR_MAX_PARAM_LENGTH: 'A URL parameter is too long',
};

/**
 * Fastify's `frameworkErrors`: the router refuses a URL it cannot decode (`%zz`, `%ED%A0%80`) or a
 * parameter longer than it allows before any route or error handler runs; answer those in the
 * server's error shape too, instead of Fastify's own, which echoes the URL.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const body: ErrorResponse = { success: false, error: routerErrors[error.code] ?? 'Bad request', code: error.code };
  // These replies skip the onRequest hooks, so the security headers are set here too.
  const headers = computeSecurityHeaders(securityHeaderOptions(request.server.config.publicUrl.protocol === 'https:'));
  void reply.code(status).headers(headers).header('cache-control', 'no-store').send(body);
}

/**
 * One error handler for the whole server: every failure answers `{ success: false, error }`.
 * Client errors say what was wrong; server errors are logged in full and hide their internals.
 */
export const errorHandlerPlugin = fp(
  async (app: App) => {
    app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const context = error.validationContext ?? 'request';
        const details: ValidationIssue[] = error.validation.map((issue) => ({
          path: [context, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
          message: issue.message ?? 'is invalid',
        }));
        const body: ErrorResponse = {
          success: false,
          error: details.map((d) => `${d.path}: ${d.message}`).join('; '),
          code: 'VALIDATION_ERROR',
          details,
        };
        return reply.code(400).send(body);
      }

      const status = error.statusCode ?? 500;
      // Ours, on purpose (a dependency such as Redis is away): say so, with its Retry-After.
      if (status === 503 && error instanceof AppError) {
        request.log.warn({ err: error }, 'service unavailable');
        const body: ErrorResponse = { success: false, error: error.message };
        if (error.code) body.code = error.code;
        return reply.code(503).headers(error.headers).send(body);
      }
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        const body: ErrorResponse = { success: false, error: errorMessages.internal, code: 'INTERNAL' };
        return reply.code(status).send(body);
      }

      if (error instanceof AppError) reply.headers(error.headers);
      // 4xx: our own AppError, or Fastify's (malformed JSON, unsupported media type, body too large…).
      const body: ErrorResponse = { success: false, error: error.message };
      if (error.code) body.code = error.code;
      return reply.code(status).send(body);
    });
  },
  { name: 'error-handler' },
);
