import { errorResponseSchema } from '@nuvem/contracts/common';
import {
  programmeEnquiryBodySchema,
  programmeEnquiryReceived,
  programmeEnquiryResponseSchema,
} from '@nuvem/contracts/programme';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { programmeEnquiries } from '../../db/schema/programme-enquiries.js';
import { limitAddress } from '../../lib/client-address.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';

const ENQUIRIES_PER_WINDOW = 5;
const WINDOW_MS = 10 * 60 * 1000;

/** POST /api/programme/enquiries: a contact request from the programme page, stored (public, rate limited). */
export const programmeRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const rows = await app.db
        .insert(programmeEnquiries)
        .values({
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
        })
        .returning({ id: programmeEnquiries.id, createdAt: programmeEnquiries.createdAt });
      const row = rows[0];
      if (!row) throw new Error('insert into programme_enquiries returned nothing');
      request.log.info({ enquiryId: row.id, interest: body.interest }, 'programme enquiry received');
      return reply.code(201).send({
        success: true as const,
        message: programmeEnquiryReceived,
        enquiry: { id: row.id, created_at: row.createdAt.toISOString() },
      });
    },
  );
};
