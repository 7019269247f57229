import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../plugins/app/queue.js';
import type { App } from '../../types.js';
import { iso, type AccountDataPart } from '../account/account-data.types.js';
import { orderView } from './account.service.js';
import { createBillingAccountDataRepository } from './account-data.repository.js';
import { CANCEL_REPLACED_JOB } from './billing.plugin.js';

/**
 * The billing module's part of the account: orders, the subscription, balances, token use, the
 * billing details and the invoices and credit notes in the export. Before the erasure, a subscription still running at Stripe is ended there (a durable
 * job, retried, the one that ends a replaced subscription); the sandbox has nothing to end. The
 * erasure keeps the orders (invoices must be kept) with nothing personal on them; the subscription,
 * ledger, token use and billing details go with the user row. Invoices and credit notes are kept
 * as issued (the law keeps them; they hold the buyer's details as they were, and no link to the user row).
 */
export function createBillingAccountData(deps: {
  db: App['db'];
  queue: Pick<JobQueue, 'send'>;
  log: FastifyBaseLogger;
}): AccountDataPart {
  const repo = createBillingAccountDataRepository(deps.db);
  return {
    module: 'billing',
    async exportData(owner) {
      const [orders, subscription, ledger, tokenUse, customer, invoices] = await Promise.all([
        repo.ordersOf(owner.id),
        repo.subscriptionOf(owner.id),
        repo.ledgerOf(owner.id),
        repo.tokenUseOf(owner.id),
        repo.customerOf(owner.id),
        repo.invoicesOf(owner.id),
      ]);
      const numbers = new Map(invoices.map((invoice) => [invoice.id, invoice.number]));
      const orderInvoices = new Map(
        invoices.filter((invoice) => invoice.kind === 'invoice').map((invoice) => [invoice.orderId, invoice.number]),
      );
      return {
        billing: {
          subscription: subscription
            ? {
                plan: subscription.plan,
                period: subscription.period,
                status: subscription.status,
                current_period_end: subscription.currentPeriodEnd.toISOString(),
                cancel_at_period_end: subscription.cancelAtPeriodEnd,
                provider: subscription.provider,
                updated_at: subscription.updatedAt.toISOString(),
              }
            : null,
          orders: orders.map((order) => ({
            ...orderView(order, orderInvoices.get(order.id) ?? null),
            lines: order.lines,
            expires_at: iso(order.expiresAt),
          })),
          ledger: ledger.map((entry) => ({
            kind: entry.kind,
            delta: entry.delta,
            order_id: entry.orderId,
            reason: entry.reason,
            expires_at: iso(entry.expiresAt),
            created_at: entry.createdAt.toISOString(),
          })),
          billing_details: customer
            ? {
                country: customer.country,
                vat_number: customer.vatNumber,
                name: customer.name,
                address: customer.address,
                stripe_customer: customer.stripeCustomerId,
                updated_at: customer.updatedAt.toISOString(),
              }
            : null,
          invoices: invoices.map((invoice) => ({
            id: invoice.id,
            kind: invoice.kind,
            number: invoice.number,
            order_id: invoice.orderId,
            corrects_number: invoice.correctsInvoiceId ? (numbers.get(invoice.correctsInvoiceId) ?? null) : null,
            issued_at: invoice.issuedAt.toISOString(),
            currency: invoice.currency,
            seller: invoice.seller,
            buyer: invoice.buyer,
            lines: invoice.lines,
            net_cents: invoice.netCents,
            tax_rate_bp: invoice.taxRateBp,
            tax_cents: invoice.taxCents,
            total_cents: invoice.totalCents,
            tax_treatment: invoice.taxTreatment,
            payment: invoice.payment,
            reason: invoice.reason,
          })),
          token_use: tokenUse.map((use) => ({
            tokens: use.tokens,
            source: use.source,
            ref: use.ref,
            created_at: use.createdAt.toISOString(),
          })),
        },
      };
    },

    async beforeErasure(owner) {
      const subscription = await repo.subscriptionOf(owner.id);
      if (subscription?.provider !== 'stripe' || !subscription.providerSubscriptionId) return;
      if (subscription.status === 'cancelled') return;
      // Durable (retried with backoff): a provider away for a while still ends it.
      await deps.queue.send(CANCEL_REPLACED_JOB, { providerSubscriptionId: subscription.providerSubscriptionId });
      deps.log.info({ userId: owner.id }, 'subscription of a deleted account: ending it at the provider');
    },

    async erase(owner, tx) {
      await repo.anonymiseOrders(owner.id, tx);
      return undefined;
    },
  };
}
