import type { ErrorResponse, ValidationIssue } from '@nuvem/contracts/common';
import { errorMessages, fieldSentence, predicateMessage } from '@nuvem/contracts/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { requestLanguage } from '../../lib/i18n/language.js';
import { translateMessage } from '../../lib/i18n/messages.js';
import { computeSecurityHeaders, securityHeaderOptions } from '../external/helmet.js';
import type { App } from '../../types.js';

// zod's default messages become predicates about the field ('is required', 'must be at most 64
// characters') that `fieldSentence` turns into 'Name is required'; a schema's own message wins.
z.config({ customError: (issue) => predicateMessage(issue) });

/** What the router's own refusals say, without echoing the URL back. */
const routerErrors: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is not valid: it holds a malformed percent-encoded character',
  FST_ERR_MAX_PARAM_LENGTH: 'A URL parameter is too long',
};

/** The machine-readable part of a zod issue: its code and the figures a client needs to word it. */
function issueFigures(issue: { keyword: string; params: Record<string, unknown> }): Partial<ValidationIssue> {
  const figures: Partial<ValidationIssue> = { code: issue.keyword };
  const { origin, minimum, maximum, format, expected } = issue.params;
  if (typeof origin === 'string') figures.origin = origin;
  if (typeof minimum === 'number' || typeof minimum === 'bigint') figures.minimum = Number(minimum);
  if (typeof maximum === 'number' || typeof maximum === 'bigint') figures.maximum = Number(maximum);
  if (typeof format === 'string') figures.format = format;
  if (typeof expected === 'string') figures.expected = expected;
  return figures;
}

/**
 * The text in the language the request's Accept-Language asks for (the server's catalogue); a
 * request without one gets the spec's text as it is.
 */
function inReadersLanguage(request: FastifyRequest, reply: FastifyReply, text: string): string {
  // The text depends on the header: a shared cache must keep one copy per language.
  void reply.header('vary', 'Accept-Language');
  const language = requestLanguage(request.headers['accept-language']);
  return language ? translateMessage(text, language) : text;
}

/**
 * Fastify's `frameworkErrors`: the router refuses a URL it cannot decode (`%zz`, `%ED%A0%80`) or a
 * parameter longer than it allows before any route or error handler runs; answer those in the
 * server's error shape too, instead of Fastify's own, which echoes the URL.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const body: ErrorResponse = {
    success: false,
    error: inReadersLanguage(request, reply, routerErrors[error.code] ?? 'Bad request'),
    code: error.code,
  };
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
        const details: ValidationIssue[] = error.validation.map((issue) => {
          const path = [context, ...issue.instancePath.split('/').filter(Boolean)].join('.');
          return { path, message: fieldSentence(path, issue.message ?? 'is invalid'), ...issueFigures(issue) };
        });
        const body: ErrorResponse = {
          success: false,
          // One sentence per problem, in words a person reads; `details` keeps the field paths.
          error: details.map((d) => (/[.!?]$/.test(d.message) ? d.message : `${d.message}.`)).join(' '),
          code: 'VALIDATION_ERROR',
          details,
        };
        return reply.code(400).send(body);
      }

      const status = error.statusCode ?? 500;
      // Ours, on purpose (a dependency such as Redis is away, or a provider such as LXD or Stripe
      // failed): say so in our own words, with its Retry-After.
      if ((status === 503 || status === 502) && error instanceof AppError) {
        request.log.warn({ err: error }, status === 503 ? 'service unavailable' : 'upstream failed');
        const body: ErrorResponse = { success: false, error: inReadersLanguage(request, reply, error.message) };
        if (error.code) body.code = error.code;
        return reply
          .code(status)
          .headers(error.headers)
          .send({ ...body, ...error.fields });
      }
      // Every database connection stayed busy past the pool's wait (a surge): a 503 the client may
      // retry, not an internal error.
      if (status >= 500 && /timeout exceeded when trying to connect/i.test(error.message)) {
        request.log.warn({ err: error }, 'database pool exhausted');
        const body: ErrorResponse = {
          success: false,
          error: inReadersLanguage(request, reply, errorMessages.busy),
          code: 'BUSY',
        };
        return reply.code(503).header('retry-after', '2').send(body);
      }
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        const body: ErrorResponse = {
          success: false,
          error: inReadersLanguage(request, reply, errorMessages.internal),
          code: 'INTERNAL',
        };
        return reply.code(status).send(body);
      }

      if (error instanceof AppError) reply.headers(error.headers);
      // 4xx: our own AppError, or Fastify's (malformed JSON, unsupported media type, body too large…).
      const body: ErrorResponse = { success: false, error: inReadersLanguage(request, reply, error.message) };
      if (error.code) body.code = error.code;
      return reply.code(status).send(error instanceof AppError ? { ...body, ...error.fields } : body);
    });
  },
  { name: 'error-handler' },
);
