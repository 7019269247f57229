import {
  AI_SECURITY_MAX_PROMPT_BYTES,
  securityErrorSchema,
  securityEventsQuerySchema,
  securityEventsResponseSchema,
  securityPolicyResponseSchema,
  securityReportBodySchema,
  securityReportSchema,
  securityReportsQuerySchema,
  securityReportsResponseSchema,
  validatePromptBodySchema,
  type SecurityPolicy,
  validatePromptResponseSchema,
} from '@nuvem/contracts/ai-security';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitAddress } from '../../lib/client-address.js';
import { AppError } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { principalOf } from '../auth/principal.js';
import type { AiSecurityService } from './ai-security.service.js';

const MINUTE = 60_000;
const HOUR = 3600_000;
/** False-alarm reports a workspace may send in an hour (each is a detector run and a row). */
export const REPORTS_PER_HOUR = 20;
/** An address may make this many users' checks a minute. */
const ADDRESS_FACTOR = 4;
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * Spec 2's security layer (/api/ai-security): validate-prompt, the workspace's records, the
 * deployment's policy, and the workspace's false-alarm reports. Records and reports belong to the
 * workspace the request acts in (decision 029): an organisation's members share them, and its
 * budgets of checks and reports (the budget per address still holds across workspaces).
 */
export const aiSecurityRoutes: FastifyPluginAsyncZod<{
  service: AiSecurityService;
  limiter: RateLimiter;
  checksPerMinute: number;
  policy: SecurityPolicy;
}> = async (app, { service, limiter, checksPerMinute, policy }) => {
  app.post(
    '/validate-prompt',
    {
      // A check that may write the workspace's record of a block: a runner's permission.
      config: { auth: 'session', permission: 'flows:execute' },
      // A JSON body a little over the prompt limit reaches the handler, which says the limit in
      // words; a far larger one is refused by the parser (413 too).
      bodyLimit: AI_SECURITY_MAX_PROMPT_BYTES * 8,
      schema: {
        tags: ['ai-security'],
        summary: 'Check a prompt for injection, jailbreaks, extraction, exfiltration, secrets and personal data',
        body: validatePromptBodySchema,
        response: {
          200: validatePromptResponseSchema,
          ...errors,
          413: errorResponseSchema,
          503: securityErrorSchema,
        },
      },
    },
    async (request) => {
      const owner = principalOf(request).workspaceId;
      const limit = await limiter.hit(`ai-security:${owner}`, checksPerMinute, MINUTE);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      // Accounts are free to make: one address gets a few users' worth, not one per account.
      const byAddress = await limiter.hit(
        `ai-security:ip:${limitAddress(request.ip)}`,
        checksPerMinute * ADDRESS_FACTOR,
        MINUTE,
      );
      if (!byAddress.allowed) throw AppError.tooManyRequests(byAddress.resetInMs);
      return service.validate(owner, request.body.prompt);
    },
  );

  app.get(
    '/events',
    {
      config: { auth: 'session', permission: 'flows:read' },
      schema: {
        tags: ['ai-security'],
        summary: "The workspace's blocked requests and flagged outputs, with counts per day and per type",
        querystring: securityEventsQuerySchema,
        response: { 200: securityEventsResponseSchema, ...errors },
      },
    },
    async (request) => service.history(principalOf(request).workspaceId, request.query),
  );

  app.get(
    '/policy',
    {
      config: { auth: 'session', permission: 'flows:read' },
      schema: {
        tags: ['ai-security'],
        summary: 'What this deployment blocks on: the layer, the block level, the thresholds and the limits',
        response: { 200: securityPolicyResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => policy,
  );

  app.post(
    '/reports',
    {
      // Writes a report to the workspace's list.
      config: { auth: 'session', permission: 'flows:write' },
      bodyLimit: AI_SECURITY_MAX_PROMPT_BYTES * 8,
      schema: {
        tags: ['ai-security'],
        summary: 'Report a false alarm: the text is checked again and kept as a keyed hash and a redacted excerpt',
        body: securityReportBodySchema,
        response: {
          200: securityReportSchema,
          201: securityReportSchema,
          ...errors,
          413: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const owner = principalOf(request).workspaceId;
      const limit = await limiter.hit(`ai-security:reports:${owner}`, REPORTS_PER_HOUR, HOUR);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      const byAddress = await limiter.hit(
        `ai-security:reports:ip:${limitAddress(request.ip)}`,
        REPORTS_PER_HOUR * ADDRESS_FACTOR,
        HOUR,
      );
      if (!byAddress.allowed) throw AppError.tooManyRequests(byAddress.resetInMs);
      const { report, created } = await service.report(owner, request.body);
      return reply.code(created ? 201 : 200).send(report);
    },
  );

  app.get(
    '/reports',
    {
      config: { auth: 'session', permission: 'flows:read' },
      schema: {
        tags: ['ai-security'],
        summary: "The workspace's false-alarm reports, newest first",
        querystring: securityReportsQuerySchema,
        response: { 200: securityReportsResponseSchema, ...errors },
      },
    },
    async (request) => ({ reports: await service.reports(principalOf(request).workspaceId, request.query) }),
  );
};
