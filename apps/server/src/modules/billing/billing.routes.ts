import {
  accountResponseSchema,
  addonCheckoutBodySchema,
  calculateBodySchema,
  checkoutResponseSchema,
  couponResultSchema,
  customerPortalBodySchema,
  customerPortalResponseSchema,
  orderSchema,
  ordersResponseSchema,
  paymentsConfigSchema,
  pricingMessages,
  quoteResponseSchema,
  sandboxPayBodySchema,
  sandboxPayResponseSchema,
  sandboxSessionSchema,
  subscriptionCheckoutBodySchema,
  validateCouponBodySchema,
} from '@nuvem/contracts/billing';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitAddress } from '../../lib/client-address.js';
import { AppError } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { principalOf } from '../auth/principal.js';
import type { BillingService } from './billing.service.js';

const MINUTE = 60_000;
/** Coupon guesses per address per minute (codes are short; guessing them is the obvious attack). */
const COUPON_CHECKS_PER_MINUTE = 20;
/** Card attempts per user per ten minutes on the sandbox checkout. */
const CARD_ATTEMPTS = 20;
/** Checkouts a user may open per ten minutes (each holds its coupon's redemption until it ends). */
const CHECKOUTS = 30;
/** Customer-portal sessions a user may open per ten minutes (each is a call to Stripe). */
const PORTAL_SESSIONS = 20;

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const signIn = { auth: 'session' as const, unauthorizedMessage: pricingMessages.signInRequired };
const idParams = z.object({ id: z.string().min(1).max(100) });

/** The Payments API of spec 2 (below /api/payments), the account's billing, and the sandbox checkout. */
export const billingRoutes: FastifyPluginAsyncZod<{ service: BillingService; limiter: RateLimiter }> = async (
  app,
  { service, limiter },
) => {
  async function limitCouponChecks(ip: string): Promise<void> {
    const limit = await limiter.hit(`coupon:ip:${limitAddress(ip)}`, COUPON_CHECKS_PER_MINUTE, MINUTE);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
  }

  /** A checkout for the caller, within their checkouts per 10 minutes; the new order is logged. */
  async function checkout(
    request: FastifyRequest,
    logMessage: string,
    start: (userId: string) => Promise<{ url: string; orderId: string }>,
  ): Promise<{ url: string; orderId: string }> {
    const userId = principalOf(request).userId;
    await app.auth.requireVerifiedEmail(userId); // buying needs a verified address: 403 EMAIL_NOT_VERIFIED
    const limit = await limiter.hit(`checkout:${userId}`, CHECKOUTS, 10 * MINUTE);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
    const result = await start(userId);
    request.log.info({ orderId: result.orderId }, logMessage);
    return result;
  }

  app.get(
    '/config',
    { config: { auth: 'public' }, schema: { tags: ['payments'], response: { 200: paymentsConfigSchema } } },
    async () => service.paymentsConfig(),
  );

  app.post(
    '/coupons/validate',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['payments'],
        body: validateCouponBodySchema,
        response: { 200: couponResultSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await limitCouponChecks(request.ip);
      return service.validateCoupon(request.body.code, request.body.plan);
    },
  );

  app.post(
    '/payments/pricing/calculate',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['payments'],
        body: calculateBodySchema,
        response: { 200: quoteResponseSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      // A quote with a coupon says whether the code exists: limited like the coupon check.
      if (request.body.couponCode) await limitCouponChecks(request.ip);
      return service.calculate(request.body);
    },
  );

  app.post(
    '/payments/pricing/checkout',
    {
      config: signIn,
      schema: {
        tags: ['payments'],
        body: addonCheckoutBodySchema,
        response: {
          200: checkoutResponseSchema,
          ...errors,
          409: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
        },
      },
    },
    async (request) =>
      checkout(request, 'add-on checkout created', (userId) => service.checkoutAddon(userId, request.body)),
  );

  app.post(
    '/subscriptions/checkout',
    {
      config: signIn,
      schema: {
        tags: ['payments'],
        body: subscriptionCheckoutBodySchema,
        response: {
          200: checkoutResponseSchema,
          ...errors,
          409: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
        },
      },
    },
    async (request) =>
      checkout(request, 'subscription checkout created', (userId) =>
        service.checkoutSubscription(userId, request.body),
      ),
  );

  app.post(
    '/subscriptions/cancel',
    {
      config: signIn,
      schema: { tags: ['payments'], response: { 200: accountResponseSchema, ...errors, 409: errorResponseSchema } },
    },
    async (request) => service.cancelSubscription(principalOf(request).userId),
  );

  app.post(
    '/customer-portal',
    {
      config: signIn,
      schema: {
        tags: ['payments'],
        body: customerPortalBodySchema,
        response: {
          200: customerPortalResponseSchema,
          ...errors,
          409: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const userId = principalOf(request).userId;
      const limit = await limiter.hit(`customer-portal:${userId}`, PORTAL_SESSIONS, 10 * MINUTE);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      return service.customerPortal(userId, request.body);
    },
  );

  app.get(
    '/account',
    { config: signIn, schema: { tags: ['payments'], response: { 200: accountResponseSchema, ...errors } } },
    async (request) => service.account(principalOf(request).userId),
  );

  app.get(
    '/orders',
    { config: signIn, schema: { tags: ['payments'], response: { 200: ordersResponseSchema, ...errors } } },
    async (request) => ({ orders: await service.orders(principalOf(request).userId) }),
  );

  app.get(
    '/orders/:id',
    {
      config: signIn,
      schema: { tags: ['payments'], params: idParams, response: { 200: orderSchema, ...errors } },
    },
    async (request) => service.order(principalOf(request).userId, request.params.id),
  );

  app.get(
    '/sandbox/sessions/:id',
    {
      config: signIn,
      schema: { tags: ['payments'], params: idParams, response: { 200: sandboxSessionSchema, ...errors } },
    },
    async (request) => service.sandboxSession(principalOf(request).userId, request.params.id),
  );

  app.post(
    '/sandbox/sessions/:id/cancel',
    {
      config: signIn,
      schema: { tags: ['payments'], params: idParams, response: { 200: sandboxPayResponseSchema, ...errors } },
    },
    async (request) => service.sandboxCancel(principalOf(request).userId, request.params.id),
  );

  app.post(
    '/sandbox/sessions/:id/pay',
    {
      config: signIn,
      schema: {
        tags: ['payments'],
        params: idParams,
        body: sandboxPayBodySchema,
        response: {
          200: sandboxPayResponseSchema,
          ...errors,
          402: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const userId = principalOf(request).userId;
      const limit = await limiter.hit(`sandbox-card:${userId}`, CARD_ATTEMPTS, 10 * MINUTE);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      return service.sandboxPay(userId, request.params.id, request.body);
    },
  );
};
