import { billingMessages } from '@nuvem/contracts/billing';
import { errorResponseSchema } from '@nuvem/contracts/common';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import type { JobQueue } from '../../plugins/app/queue.js';
import type { BillingRepository } from './billing.repository.js';
import { invoicesRepository } from './invoices.repository.js';
import type { BillingService } from './billing.service.js';

export const STRIPE_EVENT_JOB = 'billing.stripe-event';

/** The parts of a Stripe event the portal reads (the SDK's types change with each API version). */
interface StripeEventJob {
  id: string;
  type: string;
  object: Record<string, unknown>;
}

/**
 * The envelope the portal relies on. The signature proves Stripe sent the bytes, not that they have
 * this shape (a test or forged-secret event, a new API version): anything else is a 400.
 */
const stripeEventSchema = z.object({
  id: z
    .string()
    .max(255)
    .regex(/^evt_[A-Za-z0-9_]+$/),
  type: z
    .string()
    .max(200)
    .regex(/^[a-z0-9_.]+$/),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** Whether a NUL hides in any key or string (PostgreSQL's text and jsonb refuse it). Iterative: no deep recursion. */
function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      stack.push(...(item as unknown[]));
    } else if (item && typeof item === 'object') {
      for (const [key, inner] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' ? text((value as { id?: unknown }).id) : null;
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/**
 * POST /api/payments/webhooks/stripe: the raw body (no JSON parser touches it) is verified with
 * STRIPE_WEBHOOK_SECRET, then its shape checked (400 INVALID_EVENT); a replayed event id is
 * acknowledged and ignored; the event is handled as a job on the queue (retried if the handler
 * fails), its id recorded once the job is queued, and Stripe gets its 200 at once.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  stripe: Stripe | null;
  webhookSecret: string | null;
  repo: BillingRepository;
  queue: JobQueue;
  /** Each delivery's outcome (metrics): queued, duplicate, bad_signature, invalid_event. */
  onDelivery?: (outcome: 'queued' | 'duplicate' | 'bad_signature' | 'invalid_event') => void;
}> = async (app, { stripe, webhookSecret, repo, queue, onDelivery = () => {} }) => {
  // This scope only: the body stays the bytes Stripe signed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => {
      done(null, body);
    },
  );

  app.post(
    '/webhooks/stripe',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['payments'],
        hide: true,
        response: {
          200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      if (!stripe || !webhookSecret) throw AppError.notFound('Stripe is not configured', 'NOT_FOUND');
      const signature = request.headers['stripe-signature'];
      const body = request.body;
      if (typeof signature !== 'string' || !Buffer.isBuffer(body)) {
        onDelivery('bad_signature');
        throw AppError.badRequest(billingMessages.webhookSignature, 'INVALID_SIGNATURE');
      }
      let signed: unknown;
      try {
        signed = stripe.webhooks.constructEvent(body, signature, webhookSecret);
      } catch (error) {
        request.log.warn({ err: error }, 'stripe webhook refused: bad signature');
        onDelivery('bad_signature');
        throw AppError.badRequest(billingMessages.webhookSignature, 'INVALID_SIGNATURE');
      }
      const parsed = stripeEventSchema.safeParse(signed);
      if (!parsed.success || containsNul(parsed.data.data.object)) {
        request.log.warn({ issues: parsed.error?.issues.slice(0, 5) }, 'stripe webhook refused: malformed event');
        onDelivery('invalid_event');
        throw AppError.badRequest(billingMessages.invalidEvent, 'INVALID_EVENT');
      }
      const event = parsed.data;
      if (await repo.webhookEventSeen(event.id)) {
        request.log.info({ eventId: event.id, type: event.type }, 'stripe event replayed: ignored');
        onDelivery('duplicate');
        return { received: true as const, duplicate: true };
      }
      const job: StripeEventJob = { id: event.id, type: event.type, object: event.data.object };
      // Queued first, recorded second: an event that could not be queued (a 5xx) is not taken for a
      // replay when Stripe retries it; one queued twice by racing deliveries is handled idempotently.
      await queue.send(STRIPE_EVENT_JOB, job);
      await repo.recordWebhookEvent(event.id, event.type);
      request.log.info({ eventId: event.id, type: event.type }, 'stripe event queued');
      onDelivery('queued');
      return { received: true as const, duplicate: false };
    },
  );
};

/**
 * Handles one verified Stripe event: a paid checkout session goes through the one fulfilment
 * (after checking it is the portal's order at the portal's price), an expired or failed one closes
 * its order, and invoices and subscription changes move the plan's period and state.
 */
export function createStripeEventHandler(deps: {
  service: BillingService;
  repo: BillingRepository;
  log: FastifyBaseLogger;
}) {
  const { service, repo, log } = deps;

  /** The Stripe customer a checkout made or used: the account's from now on (its portal, its next checkouts). */
  async function rememberCustomer(userId: string, session: Record<string, unknown>): Promise<void> {
    const customer = idOf(session.customer);
    if (customer && /^cus_[A-Za-z0-9]+$/.test(customer)) await repo.customers.setStripeCustomer(userId, customer);
  }

  /**
   * A refund made at Stripe (its dashboard or API): the charge's `amount_refunded` (what has been
   * refunded so far, VAT included; Stripe no longer lists the refunds in the event) beyond what
   * credit notes already gave back gets a credit note correcting the order's invoice, at its VAT
   * rate. Under the buyer's lock, so events handled at once, or again, credit nothing twice.
   */
  async function refunded(charge: Record<string, unknown>): Promise<string> {
    const paymentIntent = idOf(charge.payment_intent);
    const metadataOrder = text(record(charge.metadata).order_id);
    const order =
      (paymentIntent ? await repo.findOrderByProviderRef(paymentIntent) : undefined) ??
      (metadataOrder ? await repo.findOrder(metadataOrder) : undefined);
    if (order?.status !== 'paid') return 'refund of no paid order';
    const refundedTotal = charge.amount_refunded;
    if (typeof refundedTotal !== 'number' || !Number.isInteger(refundedTotal) || refundedTotal <= 0) {
      return 'no refund to credit';
    }
    const chargeId = text(charge.id) ?? 'charge';
    return repo.transaction(async (tx, db) => {
      await tx.lockUser(order.userId);
      const invoices = invoicesRepository(db);
      const invoice = await invoices.findForOrder(order.id, 'invoice');
      if (!invoice) return 'refund of an order without an invoice';
      const due = Math.min(refundedTotal, invoice.totalCents) - (await invoices.creditedTotal(invoice.id));
      if (due <= 0) return 'refund already credited';
      const netCents = Math.round((due * 10_000) / (10_000 + invoice.taxRateBp));
      await service.parts.invoices.issueCreditNote(
        db,
        {
          order,
          netCents,
          reason: `Reembolso / Refund (${chargeId})`,
          // One note per refunded total reached: the key of this step of the charge's refunds.
          byOrderId: `${order.id}:refunded:${String(refundedTotal)}`,
        },
        new Date(),
      );
      return 'credit note issued';
    });
  }

  return async function handle(job: StripeEventJob): Promise<string> {
    const object = job.object;
    let outcome: string;
    switch (job.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const paid = object.payment_status === 'paid' || object.payment_status === 'no_payment_required';
        if (!paid) {
          // A bank debit: the money follows (async_payment_succeeded or _failed); keep the order open.
          const waiting = text(object.id);
          const order = waiting ? await service.orderForSession(waiting) : undefined;
          if (order) {
            await rememberCustomer(order.userId, object);
            await service.markAwaitingPayment(order.id);
          }
          outcome = 'awaiting payment';
          break;
        }
        const sessionId = text(object.id);
        const order = sessionId ? await service.orderForSession(sessionId) : undefined;
        const reference = text(object.client_reference_id);
        if (!order || (reference !== null && reference !== order.id)) {
          log.error({ eventId: job.id, sessionId }, 'stripe session paid for no order of the portal: refused');
          outcome = 'refused: unknown order';
          break;
        }
        await rememberCustomer(order.userId, object);
        // The portal's price, not Stripe's, is the truth: a session for another amount is refused.
        // With Stripe Tax, Stripe decides the VAT: the amount before it must be the order's net.
        const automaticTax = record(object.automatic_tax).enabled === true;
        const total = object.amount_total;
        const tax = record(object.total_details).amount_tax;
        const amount = automaticTax && typeof total === 'number' && typeof tax === 'number' ? total - tax : total;
        const expected = automaticTax ? order.netCents : order.totalCents;
        const currency = text(object.currency);
        if (amount !== expected || currency?.toLowerCase() !== order.currency) {
          log.error(
            { eventId: job.id, orderId: order.id, amount, currency, expected, automaticTax },
            'stripe session paid another price than the order: refused',
          );
          outcome = 'refused: price mismatch';
          break;
        }
        const subscriptionId = idOf(object.subscription);
        const paidOrder = await service.fulfil(order.id, {
          providerRef: idOf(object.payment_intent) ?? idOf(object.invoice),
          receiptUrl: null,
          subscriptionId,
          currentPeriodEnd: null,
        });
        outcome = paidOrder ? 'fulfilled' : 'already fulfilled';
        break;
      }
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const sessionId = text(object.id);
        const order = sessionId ? await service.orderForSession(sessionId) : undefined;
        if (order) {
          await service.closeOrder(
            order.id,
            job.type === 'checkout.session.expired' ? 'expired' : 'failed',
            job.type === 'checkout.session.expired' ? null : 'payment failed',
          );
        }
        outcome = order ? 'closed' : 'unknown order';
        break;
      }
      case 'invoice.paid': {
        const subscriptionId = invoiceSubscription(object);
        const periodEnd = invoicePeriodEnd(object);
        if (subscriptionId && periodEnd && object.billing_reason !== 'subscription_create') {
          await service.subscriptionChanged(subscriptionId, { kind: 'renewed', currentPeriodEnd: periodEnd });
          outcome = 'renewed';
        } else outcome = 'ignored';
        break;
      }
      case 'invoice.payment_failed': {
        const subscriptionId = invoiceSubscription(object);
        if (subscriptionId) await service.subscriptionChanged(subscriptionId, { kind: 'past_due' });
        outcome = 'past due';
        break;
      }
      case 'customer.subscription.deleted': {
        const subscriptionId = text(object.id);
        if (subscriptionId) await service.subscriptionChanged(subscriptionId, { kind: 'ended' });
        outcome = 'ended';
        break;
      }
      case 'customer.subscription.updated': {
        const subscriptionId = text(object.id);
        if (subscriptionId && typeof object.cancel_at_period_end === 'boolean') {
          await service.subscriptionChanged(subscriptionId, {
            kind: 'cancel_at_period_end',
            value: object.cancel_at_period_end,
          });
        }
        outcome = 'updated';
        break;
      }
      case 'charge.refunded': {
        outcome = await refunded(object);
        break;
      }
      default:
        outcome = 'ignored';
    }
    await repo.markWebhookProcessed(job.id, job.type);
    log.info({ eventId: job.id, type: job.type, outcome }, 'stripe event handled');
    return outcome;
  };
}

/** The subscription an invoice bills (older API versions: `subscription`; newer: under `parent`). */
function invoiceSubscription(invoice: Record<string, unknown>): string | null {
  const direct = idOf(invoice.subscription);
  if (direct) return direct;
  const details = record(record(invoice.parent).subscription_details);
  return idOf(details.subscription);
}

/** The end of the period an invoice's first line covers (null when it is not a plausible time). */
function invoicePeriodEnd(invoice: Record<string, unknown>): Date | null {
  const lines = record(invoice.lines).data;
  const first = Array.isArray(lines) ? record(lines[0]) : {};
  const end = record(first.period).end;
  // Unix seconds, whole, between 2000 and 2200: anything else is not a period end.
  if (typeof end !== 'number' || !Number.isInteger(end) || end < 946_684_800 || end > 7_258_118_400) return null;
  return new Date(end * 1000);
}
