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
import { plans } from '@nuvem/contracts/pricing';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitAddress } from '../../lib/client-address.js';
import { AppError } from '../../lib/errors.js';
import { readerLanguage } from '../../lib/i18n/language.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { principalOf } from '../auth/principal.js';
import { isPlanId } from './billing-context.js';
import type { BillingService, Buyer } from './billing.service.js';

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
/** The workspace's plan, orders and balances (any member whose role reads billing). */
const readBilling = { ...signIn, permission: 'billing:read' as const };
/** Buying, cancelling, paying, and Stripe's portal for the workspace (owners, admins, billing members). */
const manageBilling = { ...signIn, permission: 'billing:manage' as const };
const idParams = z.object({ id: z.string().min(1).max(100) });

/**
 * The Payments API of spec 2 (below /api/payments), the workspace's billing, and the sandbox
 * checkout. Everything bought belongs to the workspace the request names (`principal.workspaceId`);
 * the member acting is the order's `placed_by`.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ service: BillingService; limiter: RateLimiter }> = async (
  app,
  { service, limiter },
) => {
  async function limitCouponChecks(ip: string): Promise<void> {
    const limit = await limiter.hit(`coupon:ip:${limitAddress(ip)}`, COUPON_CHECKS_PER_MINUTE, MINUTE);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
  }

  /**
   * A checkout for the caller's workspace, placed by the caller, within their checkouts per 10
   * minutes; the new order is logged.
   */
  async function checkout(
    request: FastifyRequest,
    logMessage: string,
    start: (buyer: Buyer) => Promise<{ url: string; orderId: string }>,
  ): Promise<{ url: string; orderId: string }> {
    const { userId, workspaceId } = principalOf(request);
    // Buying needs the buyer's verified address (theirs, whichever workspace): 403 EMAIL_NOT_VERIFIED.
    await app.auth.requireVerifiedEmail(userId);
    const limit = await limiter.hit(`checkout:${userId}`, CHECKOUTS, 10 * MINUTE);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
    const result = await start({ workspaceId, userId });
    request.log.info({ orderId: result.orderId, workspaceId }, logMessage);
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
      // The caller is not used (the coupon is checked for anyone): no workspace is involved.
      config: { auth: 'optional', permission: 'account' },
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
    async (request, reply) => {
      // A quote with a coupon says whether the code exists: limited like the coupon check.
      if (request.body.couponCode) await limitCouponChecks(request.ip);
      return service.calculate(request.body, readerLanguage(request, reply));
    },
  );

  app.post(
    '/payments/pricing/checkout',
    {
      config: manageBilling,
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
      checkout(request, 'add-on checkout created', (buyer) => service.checkoutAddon(buyer, request.body)),
  );

  app.post(
    '/subscriptions/checkout',
    {
      config: manageBilling,
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
      checkout(request, 'subscription checkout created', (buyer) => service.checkoutSubscription(buyer, request.body)),
  );

  app.post(
    '/subscriptions/cancel',
    {
      config: manageBilling,
      schema: { tags: ['payments'], response: { 200: accountResponseSchema, ...errors, 409: errorResponseSchema } },
    },
    async (request) => {
      const { account, cancelled } = await service.cancelPlan(principalOf(request).workspaceId);
      if (cancelled) {
        await app.orgs.audit(request, {
          action: 'plan.cancelled',
          target: {
            type: 'plan',
            id: cancelled.plan,
            label: isPlanId(cancelled.plan) ? plans[cancelled.plan].name : null,
          },
          details: { plan: cancelled.plan, period: cancelled.period, order_id: cancelled.orderId },
        });
      }
      return account;
    },
  );

  app.post(
    '/customer-portal',
    {
      config: manageBilling,
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
      const { userId, workspaceId } = principalOf(request);
      const limit = await limiter.hit(`customer-portal:${userId}`, PORTAL_SESSIONS, 10 * MINUTE);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      return service.customerPortal(workspaceId, request.body);
    },
  );

  app.get(
    '/account',
    { config: readBilling, schema: { tags: ['payments'], response: { 200: accountResponseSchema, ...errors } } },
    async (request) => service.account(principalOf(request).workspaceId),
  );

  app.get(
    '/orders',
    { config: readBilling, schema: { tags: ['payments'], response: { 200: ordersResponseSchema, ...errors } } },
    async (request, reply) => ({
      orders: await service.orders(principalOf(request).workspaceId, readerLanguage(request, reply)),
    }),
  );

  app.get(
    '/orders/:id',
    {
      config: readBilling,
      schema: { tags: ['payments'], params: idParams, response: { 200: orderSchema, ...errors } },
    },
    async (request, reply) =>
      service.order(principalOf(request).workspaceId, request.params.id, readerLanguage(request, reply)),
  );

  app.get(
    '/sandbox/sessions/:id',
    {
      // The sandbox's card form shows the order before paying (paying needs billing:manage).
      config: readBilling,
      schema: { tags: ['payments'], params: idParams, response: { 200: sandboxSessionSchema, ...errors } },
    },
    async (request, reply) =>
      service.sandboxSession(principalOf(request).workspaceId, request.params.id, readerLanguage(request, reply)),
  );

  app.post(
    '/sandbox/sessions/:id/cancel',
    {
      config: manageBilling,
      schema: { tags: ['payments'], params: idParams, response: { 200: sandboxPayResponseSchema, ...errors } },
    },
    async (request) => service.sandboxCancel(principalOf(request).workspaceId, request.params.id),
  );

  app.post(
    '/sandbox/sessions/:id/pay',
    {
      config: manageBilling,
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
      const { userId, workspaceId } = principalOf(request);
      const limit = await limiter.hit(`sandbox-card:${userId}`, CARD_ATTEMPTS, 10 * MINUTE);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      return service.sandboxPay(workspaceId, request.params.id, request.body);
    },
  );
};
