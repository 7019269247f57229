import {
  planChangePreviewSchema,
  planChangeQuerySchema,
  paymentsPaths,
  pricingMessages,
} from '@nuvem/contracts/billing';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { principalOf } from '../auth/principal.js';
import type { BillingService } from './billing.service.js';

/** Previews per user per minute (a coupon code in the query is a coupon check: the same budget as those). */
const PREVIEWS_PER_MINUTE = 20;

/** Plan changes: what a plan checkout would charge now (proration, account credit, VAT), before paying. */
export const planChangeRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (app, { service }) => {
  app.get(
    paymentsPaths.planChangePreview,
    {
      // Part of changing the plan: priced for the workspace, with its credit and VAT.
      config: { auth: 'session', unauthorizedMessage: pricingMessages.signInRequired, permission: 'billing:manage' },
      schema: {
        tags: ['payments'],
        querystring: planChangeQuerySchema,
        response: {
          200: planChangePreviewSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { userId, workspaceId } = principalOf(request);
      const limit = await app.limiter.hit(`plan-preview:${userId}`, PREVIEWS_PER_MINUTE, 60_000);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      const { plan, period, couponCode } = request.query;
      const { pricing, orderPricing } = service.parts;
      const priced = await pricing.price({ plan, period, couponCode });
      return orderPricing.preview(workspaceId, priced);
    },
  );
};
