import { errorResponseSchema } from '@nuvem/contracts/common';
import {
  programmeEnquiryBodySchema,
  programmeEnquiryReceived,
  programmeEnquiryResponseSchema,
} from '@nuvem/contracts/programme';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProgrammeService } from './programme.service.js';

/** POST /api/programme/enquiries: a contact request from the programme page, stored (public, rate limited). */
export const programmeRoutes: FastifyPluginAsyncZod<{ service: ProgrammeService }> = async (app, { service }) => {
  app.post(
    '/api/programme/enquiries',
    {
      config: { auth: 'optional', permission: 'account' },
      schema: {
        tags: ['programme'],
        body: programmeEnquiryBodySchema,
        response: { 201: programmeEnquiryResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const row = await service.submitEnquiry(body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        userId: request.principal?.userId ?? null,
      });
      request.log.info({ enquiryId: row.id, interest: body.interest }, 'programme enquiry received');
      return reply.code(201).send({
        success: true as const,
        message: programmeEnquiryReceived,
        enquiry: { id: row.id, created_at: row.createdAt.toISOString() },
      });
    },
  );
};
