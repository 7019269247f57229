import { pricingMessages, taxProfileBodySchema, taxProfileSchema } from '@nuvem/contracts/billing';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../auth/principal.js';
import type { BillingService } from './billing.service.js';
import { createTaxProfile } from './tax-profile.service.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const signIn = { auth: 'session' as const, unauthorizedMessage: pricingMessages.signInRequired };
const readBilling = { ...signIn, permission: 'billing:read' as const };
const manageBilling = { ...signIn, permission: 'billing:manage' as const };

/** The workspace's billing details for VAT and invoices (below /api/payments). */
export const taxProfileRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (app) => {
  const profiles = createTaxProfile({ db: app.db, config: app.config });

  app.get(
    '/tax-profile',
    { config: readBilling, schema: { tags: ['payments'], response: { 200: taxProfileSchema, ...errors } } },
    async (request) => profiles.get(principalOf(request).workspaceId),
  );

  app.put(
    '/tax-profile',
    {
      config: manageBilling,
      schema: { tags: ['payments'], body: taxProfileBodySchema, response: { 200: taxProfileSchema, ...errors } },
    },
    async (request) => profiles.put(principalOf(request).workspaceId, request.body),
  );
};
