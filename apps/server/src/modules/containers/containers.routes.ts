import { errorResponseSchema } from '@nuvem/contracts/common';
import {
  containerActionBodySchema,
  containerActionResponseSchema,
  containerDefaultsBodySchema,
  containerDefaultsResponseSchema,
  containerDefaultsSchema,
  containerDriverResponseSchema,
  containerIdParamsSchema,
  containerListQuerySchema,
  containerListResponseSchema,
  containerLogsQuerySchema,
  containerLogsResponseSchema,
  containerMetricsResponseSchema,
  containerResponseSchema,
  containerSummaryResponseSchema,
  metricRanges,
  metricsHistoryResponseSchema,
  containerTemplates,
  containerTemplatesResponseSchema,
  containerTiers,
  containerTiersResponseSchema,
  createContainerBodySchema,
  tierNames,
  updateContainerBodySchema,
} from '@nuvem/contracts/containers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../auth/principal.js';
import type { ContainersService } from './containers.service.js';
import { plainJson } from '../../lib/plain-json.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
};

/**
 * The container API under /api/v1: a workspace's containers, to its members as their role allows
 * (reads `containers:read`, changes `containers:write`; the authentication hook checks). Creates,
 * deletes and scales go to the workspace's audit log once accepted.
 */
export const containersRoutes: FastifyPluginAsyncZod<{ service: ContainersService }> = async (app, { service }) => {
  /** The workspace the request acts in: the owner of the containers it reads and changes. */
  const owner = (request: FastifyRequest) => principalOf(request).workspaceId;

  app.get(
    '/containers/tiers',
    { config: { auth: 'public' }, schema: { tags: ['containers'], response: { 200: containerTiersResponseSchema } } },
    async () => ({
      success: true as const,
      tiers: tierNames.map((id) => ({
        id,
        cpu: containerTiers[id].cpu,
        memory_gb: containerTiers[id].memoryGb,
        disk_gb: containerTiers[id].diskGb,
        monthly_usd: containerTiers[id].monthlyUsd,
      })),
    }),
  );

  app.get(
    '/containers/templates',
    {
      config: { auth: 'public' },
      schema: { tags: ['containers'], response: { 200: containerTemplatesResponseSchema } },
    },
    async () => ({ success: true as const, templates: containerTemplates.map((t) => ({ id: t.id, name: t.name })) }),
  );

  app.get(
    '/containers/driver',
    {
      config: { auth: 'platform', permission: 'containers:read' },
      schema: {
        tags: ['containers'],
        response: { 200: containerDriverResponseSchema },
      },
    },
    async () => ({ success: true as const, driver: service.driverKind }),
  );

  app.get(
    '/containers/summary',
    {
      config: { auth: 'platform', permission: 'containers:read' },
      schema: { tags: ['containers'], response: { 200: containerSummaryResponseSchema, ...errors } },
      // The Overview's poll: built field by field by the service (typed), sent as plain JSON.
      serializerCompiler: plainJson,
    },
    async (request) => ({ success: true as const, summary: await service.summary(owner(request)) }),
  );

  app.get(
    '/containers/defaults',
    {
      config: { auth: 'platform', permission: 'containers:read' },
      schema: { tags: ['containers'], response: { 200: containerDefaultsResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, defaults: await service.getDefaults(owner(request)) }),
  );

  app.put(
    '/containers/defaults',
    {
      config: { auth: 'platform', permission: 'containers:write' },
      schema: {
        tags: ['containers'],
        body: containerDefaultsBodySchema,
        response: { 200: containerDefaultsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      defaults: await service.saveDefaults(owner(request), containerDefaultsSchema.parse(request.body)),
    }),
  );

  app.get(
    '/containers',
    {
      config: { auth: 'platform', permission: 'containers:read' },
      schema: {
        tags: ['containers'],
        querystring: containerListQuerySchema,
        response: { 200: containerListResponseSchema, ...errors },
      },
      // The dashboard's poll: built field by field by the service (typed), sent as plain JSON.
      serializerCompiler: plainJson,
    },
    async (request) => ({ success: true as const, ...(await service.list(owner(request), request.query)) }),
  );

  app.post(
    '/containers',
    {
      config: { auth: 'platform', permission: 'containers:write' },
      schema: {
        tags: ['containers'],
        body: createContainerBodySchema,
        response: { 202: containerResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Accepted: the row is `starting`; a job provisions the instance and the stream reports it.
      const container = await service.create(owner(request), request.body);
      await request.server.orgs.audit(request, {
        action: 'container.created',
        target: { type: 'container', id: container.id, label: container.name },
        details: { tier: container.tier, template: container.template_id },
      });
      return reply.code(202).send({ success: true as const, container });
    },
  );

  app.get(
    '/containers/:id',
    {
      config: { auth: 'platform', permission: 'containers:read' },
      schema: {
        tags: ['containers'],
        params: containerIdParamsSchema,
        response: { 200: containerResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, container: await service.get(owner(request), request.params.id) }),
  );

  app.put(
    '/containers/:id',
    {
      config: { auth: 'platform', permission: 'containers:write' },
      schema: {
        tags: ['containers'],
        params: containerIdParamsSchema,
        body: updateContainerBodySchema,
        response: { 200: containerResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      container: await service.update(owner(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/containers/:id',
    {
      config: { auth: 'platform', permission: 'containers:write' },
      schema: {
        tags: ['containers'],
        params: containerIdParamsSchema,
        response: {
          200: z.object({ success: z.literal(true), message: z.string() }),
          202: z.object({ success: z.literal(true), message: z.string() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { outcome, name, tier } = await service.remove(owner(request), request.params.id);
      // Accepted (done, or its job still running): a failed job answered 502 and deleted nothing.
      await request.server.orgs.audit(request, {
        action: 'container.deleted',
        target: { type: 'container', id: request.params.id, label: name },
        details: { tier },
      });
      return outcome === 'deleted'
        ? { success: true as const, message: 'Container deleted successfully' }
        : reply.code(202).send({ success: true as const, message: 'Container deletion is still running' });
    },
  );

  app.post(
    '/containers/:id/actions',
    {
      config: { auth: 'platform', permission: 'containers:write' },
      schema: {
        tags: ['containers'],
        params: containerIdParamsSchema,
        body: containerActionBodySchema,
        response: { 200: containerActionResponseSchema, 202: containerActionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { pending, previousTier, message, container } = await service.act(owner(request), request.params.id, body);
      // A scale changes what the container may use (and what it costs): audited once accepted.
      if (body.action === 'scale') {
        await request.server.orgs.audit(request, {
          action: 'container.scaled',
          target: { type: 'container', id: container.id, label: container.name },
          details: { from: previousTier, to: body.parameters.tier },
        });
      }
      return reply.code(pending ? 202 : 200).send({ success: true as const, message, container });
    },
  );

  app.get(
    '/containers/:id/metrics',
    {
      config: { auth: 'platform', permission: 'containers:read' },
      schema: {
        tags: ['containers'],
        params: containerIdParamsSchema,
        response: { 200: containerMetricsResponseSchema, ...errors },
      },
    },
    async (request) => ({ success: true as const, metrics: await service.metrics(owner(request), request.params.id) }),
  );

  app.get(
    '/containers/:id/metrics/history',
    {
      config: { auth: 'platform', permission: 'containers:read' },
      schema: {
        tags: ['containers'],
        params: containerIdParamsSchema,
        querystring: z.object({ range: z.enum(metricRanges).default('1h') }),
        response: { 200: metricsHistoryResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      range: request.query.range,
      points: await service.history(owner(request), request.params.id, request.query.range),
    }),
  );

  app.get(
    '/containers/:id/logs',
    {
      config: { auth: 'platform', permission: 'containers:read' },
      schema: {
        tags: ['containers'],
        params: containerIdParamsSchema,
        querystring: containerLogsQuerySchema,
        response: { 200: containerLogsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      logs: await service.logs(owner(request), request.params.id, request.query.lines),
    }),
  );
};
