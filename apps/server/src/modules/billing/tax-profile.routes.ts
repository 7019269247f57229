import { pricingMessages, taxProfileBodySchema, taxProfileSchema } from '@nuvem/contracts/billing';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../auth/principal.js';
import type { BillingService } from './billing.service.js';
import { createTaxProfile } from './tax-profile.service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const signIn = { auth: 'session' as const, unauthorizedMessage: pricingMessages.signInRequired };

/** The buyer's billing details for VAT and invoices (below /api/payments). */
export const taxProfileRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (app) => {
  const profiles = createTaxProfile({ db: app.db, config: app.config });

  app.get(
    '/tax-profile',
    { config: signIn, schema: { tags: ['payments'], response: { 200: taxProfileSchema, ...errors } } },
    async (request) => profiles.get(principalOf(request).userId),
  );

  app.put(
    '/tax-profile',
    {
      config: signIn,
      schema: { tags: ['payments'], body: taxProfileBodySchema, response: { 200: taxProfileSchema, ...errors } },
    },
    async (request) => profiles.put(principalOf(request).userId, request.body),
  );
};
