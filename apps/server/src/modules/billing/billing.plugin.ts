import { PAYMENTS_BASE } from '@nuvem/contracts/billing';
import fp from 'fastify-plugin';
import type { App } from '../../types.js';
import { createBillingRepository } from './billing.repository.js';
import { billingRoutes } from './billing.routes.js';
import { invoicesRoutes } from './invoices.routes.js';
import { planChangeRoutes } from './plan-change.routes.js';
import { taxProfileRoutes } from './tax-profile.routes.js';
import { createBillingService, type BillingService } from './billing.service.js';
import { createStripeEventHandler, STRIPE_EVENT_JOB, stripeWebhookRoutes } from './billing.webhooks.js';
import { seedDemoCoupon } from './coupons.js';
import { createOrderReceipt, receiptRecipients } from './order-receipt.js';
import { createSandboxProvider } from './providers/sandbox.js';
import { createStripeClient, createStripeProvider } from './providers/stripe.js';

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingService;
  }
}

const EXPIRE_EVERY_MS = 60_000;
export const CANCEL_REPLACED_JOB = 'billing.cancel-replaced';
const RENEW_EVERY_MS = 10 * 60_000;

/**
 * The billing module: prices (from @nuvem/contracts/pricing), coupons, checkout on Stripe (when
 * STRIPE_SECRET_KEY is set) or the portal's sandbox, the one fulfilment, Stripe's webhooks as
 * queue jobs, and what a plan unlocks (key tiers here; container quotas read user_plans). All of
 * it belongs to a workspace (issue 34): its plan, orders, balances, invoices and Stripe customer.
 */
export const billingPlugin = fp(
  async (app: App) => {
    const payments = app.config.payments;
    const stripe = payments.stripe ? createStripeClient(payments.stripe) : null;
    const provider = stripe
      ? createStripeProvider(stripe, payments.currency)
      : createSandboxProvider(app.config.publicUrl);
    app.log.info({ provider: provider.kind }, 'payments ready');
    const repo = createBillingRepository(app.db);
    const service = createBillingService({
      repo,
      config: app.config,
      provider,
      bus: app.eventBus,
      log: app.log,
      emailOf: (userId) => app.auth.emailOf(userId),
      setKeyTier: (workspaceId, tier) => app.applications.setKeyTierForUser(workspaceId, tier),
      sendReceipt: createOrderReceipt({
        mail: app.mail,
        // `app.orgs` is read when a receipt is sent (the orgs plugin may be registered after this one).
        recipients: (order) =>
          receiptRecipients(order, {
            recipient: (id) => app.auth.mailRecipient(id),
            contacts: (workspaceId) => app.orgs.contacts(workspaceId),
          }),
        log: app.log,
      }),
      audit: (workspaceId, actor, record) => app.orgs.auditAs(workspaceId, actor, record),
      cancelReplaced: async (providerSubscriptionId, { prorate }) => {
        await app.queue.send(CANCEL_REPLACED_JOB, { providerSubscriptionId, prorate });
      },
    });
    app.decorate('billing', service);
    const handleStripeEvent = createStripeEventHandler({ service, repo, log: app.log });
    app.queue.define(STRIPE_EVENT_JOB, {
      handler: async (data: Parameters<typeof handleStripeEvent>[0]) => {
        try {
          const outcome = await handleStripeEvent(data);
          app.metrics.payments.inc({ type: data.type, outcome: 'handled' });
          return { outcome };
        } catch (error) {
          app.metrics.payments.inc({ type: data.type, outcome: 'failed' });
          throw error;
        }
      },
      retryLimit: 5,
      expireInSeconds: 120,
      concurrency: 2,
    });
    app.queue.define(CANCEL_REPLACED_JOB, {
      handler: async (data: { providerSubscriptionId: string; prorate?: boolean }) => {
        // Jobs queued before `prorate` existed let Stripe credit the unused time, as they did then.
        await provider.cancelNow(data.providerSubscriptionId, { prorate: data.prorate ?? true });
        app.log.info({ providerSubscriptionId: data.providerSubscriptionId }, 'replaced subscription ended');
      },
      retryLimit: 8,
      retryDelay: 30,
      retryBackoff: true,
    });
    app.queue.every('billing.expire-checkouts', EXPIRE_EVERY_MS, async () => {
      await service.expireOverdue();
    });
    app.queue.every('billing.renewals', RENEW_EVERY_MS, async () => {
      await service.renewOrEnd();
    });
    if (payments.seedDemoCoupon) app.addHook('onReady', async () => seedDemoCoupon(repo, app.log));

    await app.register(billingRoutes, { service, limiter: app.limiter, prefix: PAYMENTS_BASE });
    await app.register(planChangeRoutes, { service, prefix: PAYMENTS_BASE });
    await app.register(invoicesRoutes, { service, prefix: PAYMENTS_BASE });
    await app.register(taxProfileRoutes, { service, prefix: PAYMENTS_BASE });
    await app.register(stripeWebhookRoutes, {
      stripe,
      webhookSecret: payments.stripe?.webhookSecret ?? null,
      repo,
      queue: app.queue,
      onDelivery: (outcome) => app.metrics.webhooks.inc({ outcome }),
      prefix: PAYMENTS_BASE,
    });
  },
  { name: 'billing', dependencies: ['db', 'queue', 'event-bus', 'rate-limiter', 'auth', 'applications', 'metrics'] },
);
