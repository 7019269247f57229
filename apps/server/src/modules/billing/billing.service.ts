import { createAccountViews } from './account.service.js';
import type { BillingContext, BillingDeps } from './billing-context.js';
import { createCheckout } from './checkout.service.js';
import { createFulfilment } from './fulfilment.service.js';
import { createInvoices } from './invoices.service.js';
import { createOrderPricing } from './order-pricing.js';
import { createPricing } from './pricing.service.js';
import { createRenewals } from './renewals.service.js';

export type { BillingDeps, Buyer, PaymentConfirmation } from './billing-context.js';

/**
 * Pricing, coupons, checkout on the configured provider, the one fulfilment, and what a plan
 * unlocks: one service the routes, webhooks and jobs call, built from one file per use case.
 *
 * - `pricing.service.ts`: quotes and coupon checks (prices come from @nuvem/contracts/pricing);
 * - `checkout.service.ts`: orders, the provider's checkout sessions, the sandbox card form, expiry;
 * - `fulfilment.service.ts`: a paid order -> ledger credit or plan, then the plan's entitlements;
 * - `renewals.service.ts`: periods renewed or ended (the renewal job, Stripe, a member cancelling);
 * - `account.service.ts`: the account, its orders and its model-token balance.
 *
 * Everything is owned by a workspace (issue 34): `userId` in the tables and below names it (a
 * person's own id for their personal workspace, `wsp_…` for an organisation); checkouts also take
 * the member placing the order (`Buyer`).
 */
export function createBillingService(deps: BillingDeps) {
  const ctx: BillingContext = { ...deps, now: deps.now ?? (() => new Date()) };
  const pricing = createPricing(ctx);
  const orderPricing = createOrderPricing(ctx);
  const invoices = createInvoices(ctx);
  const fulfilment = createFulfilment(ctx, { invoices });
  const account = createAccountViews(ctx);
  const checkout = createCheckout(ctx, { pricing, fulfilment, orderPricing });
  const renewals = createRenewals(ctx, { fulfilment, account: account.account });

  return {
    provider: deps.provider.kind,
    /** The parts the module's other routes use (plan changes, tax details, invoices). */
    parts: { pricing, orderPricing, invoices, fulfilment },

    paymentsConfig: pricing.paymentsConfig,
    validateCoupon: pricing.validateCoupon,
    calculate: pricing.calculate,

    checkoutAddon: checkout.checkoutAddon,
    checkoutSubscription: checkout.checkoutSubscription,
    customerPortal: checkout.customerPortal,
    sandboxSession: checkout.sandboxSession,
    sandboxPay: checkout.sandboxPay,
    sandboxCancel: checkout.sandboxCancel,
    expireOverdue: checkout.expireOverdue,
    markAwaitingPayment: checkout.markAwaitingPayment,
    orderForSession: checkout.orderForSession,
    closeOrder: checkout.closeOrder,
    findOrder: checkout.findOrder,

    fulfil: fulfilment.fulfil,
    syncEntitlements: fulfilment.syncEntitlements,

    renewOrEnd: renewals.renewOrEnd,
    subscriptionChanged: renewals.subscriptionChanged,
    cancelPlan: renewals.cancelPlan,
    cancelSubscription: renewals.cancelSubscription,

    account: account.account,
    orders: account.orders,
    order: account.order,
    tokenBalance: account.tokenBalance,
    recordTokenUse: account.recordTokenUse,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
