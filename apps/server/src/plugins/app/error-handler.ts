import type { ErrorResponse, ValidationIssue } from '@nuvem/contracts/common';
import { errorMessages } from '@nuvem/contracts/common';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import type { App } from '../../types.js';

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
