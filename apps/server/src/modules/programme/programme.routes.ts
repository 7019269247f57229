import { errorResponseSchema } from '@nuvem/contracts/common';
import {
  programmeEnquiryBodySchema,
  programmeEnquiryReceived,
  programmeEnquiryResponseSchema,
} from '@nuvem/contracts/programme';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limitAddress } from '../../lib/client-address.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { createProgrammeRepository } from './programme.repository.js';

const ENQUIRIES_PER_WINDOW = 5;
const WINDOW_MS = 10 * 60 * 1000;

/** POST /api/programme/enquiries: a contact request from the programme page, stored (public, rate limited). */
export const programmeRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = createProgrammeRepository(app.db);
  app.post(
    '/api/programme/enquiries',
    {
      schema: {
        tags: ['programme'],
        body: programmeEnquiryBodySchema,
        response: { 201: programmeEnquiryResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const limit = await app.limiter.hit(`enquiry:ip:${limitAddress(request.ip)}`, ENQUIRIES_PER_WINDOW, WINDOW_MS);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      const auth = await app.resolveAuth(request);
      const body = request.body;
      const row = await repository.insertEnquiry({
        id: newId('enquiry'),
        name: body.name,
        email: body.email,
        phone: body.phone || null,
        interest: body.interest,
        offering: body.offering ?? null,
        message: body.message || null,
        userId: auth?.user.id ?? null,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
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
