import { AI_SECURITY_MAX_PROMPT_BYTES, securityErrorSchema } from '@nuvem/contracts/ai-security';
import { errorResponseSchema } from '@nuvem/contracts/common';
import {
  agentListResponseSchema,
  agentSchema,
  chatBodySchema,
  chatResponseSchema,
  executeBodySchema,
  executionListResponseSchema,
  executionSchema,
  flowBodySchema,
  flowListResponseSchema,
  flowSchema,
  knowledgeDocumentBodySchema,
  knowledgeDocumentPatchSchema,
  knowledgeDocumentSchema,
  knowledgeLimits,
  knowledgeListResponseSchema,
  workflowHealthResponseSchema,
} from '@nuvem/contracts/workflows';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitAddress } from '../../lib/client-address.js';
import { principalOf } from '../auth/principal.js';
import type { WorkflowsService } from './workflows.service.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};
/** The answers of a request whose texts the AI security layer checks first (spec 2's workflow errors). */
const gated = {
  409: errorResponseSchema,
  413: errorResponseSchema,
  422: securityErrorSchema,
  503: securityErrorSchema,
};
const tags = ['workflows'];

/** Spec 2's workflow service (/api/mlm): agents, flows, executions, health, and the rag agent's knowledge base. */
export const workflowsRoutes: FastifyPluginAsyncZod<{ service: WorkflowsService }> = async (app, { service }) => {
  // Reads, changes and runs of the workspace the request names (decision 029): its members share
  // the flows, runs, knowledge base and run slots; the owner id below is the workspace's.
  const read = { auth: 'session', permission: 'flows:read' } as const;
  const write = { auth: 'session', permission: 'flows:write' } as const;
  const run = { auth: 'session', permission: 'flows:execute' } as const;
  const owner = (request: FastifyRequest) => principalOf(request).workspaceId;

  app.get(
    '/agents',
    {
      config: read,
      schema: {
        tags,
        summary: 'The agents, their status and figures',
        response: { 200: agentListResponseSchema, ...errors },
      },
    },
    async (request) => ({ agents: await service.listAgents(owner(request)) }),
  );

  app.get(
    '/agents/:id',
    { config: read, schema: { tags, params: idParams, response: { 200: agentSchema, ...errors } } },
    async (request) => service.getAgent(owner(request), request.params.id),
  );

  app.post(
    '/agents/:id/chat',
    {
      config: run,
      bodyLimit: AI_SECURITY_MAX_PROMPT_BYTES * 4,
      schema: {
        tags,
        summary: 'A message to one agent (the assistant), with the conversation so far',
        params: idParams,
        body: chatBodySchema,
        response: { 200: chatResponseSchema, 402: errorResponseSchema, 502: errorResponseSchema, ...errors, ...gated },
      },
    },
    async (request) => service.chat(owner(request), request.params.id, request.body),
  );

  app.get(
    '/flows',
    {
      config: read,
      schema: { tags, summary: "The caller's flows", response: { 200: flowListResponseSchema, ...errors } },
    },
    async (request) => ({ flows: await service.listFlows(owner(request)) }),
  );

  app.post(
    '/flows',
    {
      config: write,
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary: 'Save a new flow',
        body: flowBodySchema,
        response: { 201: flowSchema, ...errors, ...gated },
      },
    },
    async (request, reply) => {
      const flow = await service.createFlow(owner(request), request.body);
      return reply.code(201).send(flow);
    },
  );

  app.get(
    '/flows/:id',
    { config: read, schema: { tags, params: idParams, response: { 200: flowSchema, ...errors } } },
    async (request) => service.getFlow(owner(request), request.params.id),
  );

  app.put(
    '/flows/:id',
    {
      config: write,
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary: 'Replace a flow (as drawn: nodes, positions, edges)',
        params: idParams,
        body: flowBodySchema,
        response: { 200: flowSchema, ...errors, ...gated },
      },
    },
    async (request) => service.updateFlow(owner(request), request.params.id, request.body),
  );

  app.delete(
    '/flows/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a flow (its unfinished runs are cancelled)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteFlow(owner(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/flows/:id/execute',
    {
      config: run,
      bodyLimit: AI_SECURITY_MAX_PROMPT_BYTES * 2,
      schema: {
        tags,
        summary: 'Run a flow on an input (answers at once; the run goes on in the background)',
        params: idParams,
        body: executeBodySchema,
        response: { 202: executionSchema, ...errors, ...gated },
      },
    },
    async (request, reply) => {
      const { execution, flowName } = await service.execute(owner(request), request.params.id, request.body.input);
      await request.server.orgs.audit(request, {
        action: 'flow.executed',
        target: { type: 'flow', id: request.params.id, label: flowName },
        details: { execution: execution.id },
      });
      return reply.code(202).send(execution);
    },
  );

  app.get(
    '/flows/:id/executions',
    {
      config: read,
      schema: {
        tags,
        summary: "A flow's latest runs",
        params: idParams,
        response: { 200: executionListResponseSchema, ...errors },
      },
    },
    async (request) => ({ executions: await service.listExecutions(owner(request), request.params.id) }),
  );

  app.get(
    '/executions/:id',
    { config: read, schema: { tags, params: idParams, response: { 200: executionSchema, ...errors } } },
    async (request) => service.getExecution(owner(request), request.params.id),
  );

  app.post(
    '/executions/:id/cancel',
    {
      config: run,
      schema: {
        tags,
        summary: 'Cancel a queued or running run',
        params: idParams,
        response: { 200: executionSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => service.cancel(owner(request), request.params.id),
  );

  app.get(
    '/health',
    { config: read, schema: { tags, response: { 200: workflowHealthResponseSchema, ...errors } } },
    async () => {
      const health = await service.health();
      return {
        status: health.ok && health.securityLayer ? ('ok' as const) : ('degraded' as const),
        driver: service.driver,
        model: service.model,
        agents: service.agents.length,
        security_layer: health.securityLayer ? ('ok' as const) : ('unavailable' as const),
      };
    },
  );

  app.get(
    '/knowledge',
    {
      config: read,
      schema: { tags, summary: "The rag agent's documents", response: { 200: knowledgeListResponseSchema, ...errors } },
    },
    async (request) => ({ documents: await service.listDocuments(owner(request)) }),
  );

  app.post(
    '/knowledge',
    {
      config: write,
      // Room for the largest document as JSON (escaping can double it); the schema says the limit.
      bodyLimit: knowledgeLimits.contentMax * 3,
      schema: {
        tags,
        summary: 'Add a document (pasted or uploaded text or markdown)',
        body: knowledgeDocumentBodySchema,
        response: { 201: knowledgeDocumentSchema, 409: errorResponseSchema, 413: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const document = await service.addDocument(owner(request), request.body, limitAddress(request.ip));
      return reply.code(201).send(document);
    },
  );

  app.patch(
    '/knowledge/:id',
    {
      config: write,
      schema: {
        tags,
        summary:
          "What the rag agent does with a document the AI security layer flagged: 'exclude' it or 'quote' it as data",
        params: idParams,
        body: knowledgeDocumentPatchSchema,
        response: { 200: knowledgeDocumentSchema, ...errors },
      },
    },
    async (request) => service.setDocumentHandling(owner(request), request.params.id, request.body.security_handling),
  );

  app.delete(
    '/knowledge/:id',
    { config: write, schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.deleteDocument(owner(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
