import type { FastifyBaseLogger } from 'fastify';
import type { MailRecipient } from '../auth/mail-recipient.js';
import type { Mailer } from '../mail/mail.types.js';
import { orderReceiptMail } from '../mail/templates/orders.js';
import type { BillingOrderRow } from './billing.repository.js';

type Line = { units: number; unitCents: number; amountCents: number };

function bandLines(value: unknown): Line[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (line): line is Line =>
      typeof line === 'object' &&
      line !== null &&
      typeof (line as Line).units === 'number' &&
      typeof (line as Line).unitCents === 'number' &&
      typeof (line as Line).amountCents === 'number',
  );
}

/**
 * The receipt for a paid order, mailed once per order (`order-paid:<orderId>`) in the buyer's
 * language. Never throws: a receipt that cannot be written is logged, the payment stands.
 */
export function createOrderReceipt(deps: {
  mail: Pick<Mailer, 'send' | 'link'>;
  recipient: (userId: string) => Promise<MailRecipient | null>;
  log: FastifyBaseLogger;
}) {
  return async (order: BillingOrderRow): Promise<void> => {
    try {
      const to = await deps.recipient(order.userId);
      if (!to) return;
      await deps.mail.send({
        key: `order-paid:${order.id}`,
        template: 'order-receipt',
        to: to.email,
        userId: order.userId,
        content: orderReceiptMail(to.locale, {
          name: to.displayName,
          orderId: order.id,
          description: order.description,
          lines: bandLines(order.lines),
          subtotalCents: order.subtotalCents,
          discountCents: order.discountCents,
          couponCode: order.couponCode,
          prorationCents: order.prorationCents,
          creditAppliedCents: order.creditAppliedCents,
          netCents: order.netCents,
          taxRateBp: order.taxRateBp,
          taxCents: order.taxCents,
          taxTreatment: order.taxTreatment,
          totalCents: order.totalCents,
          currency: order.currency,
          paidAt: order.paidAt ?? new Date(),
          billingUrl: deps.mail.link('/account/billing'),
          receiptUrl: order.receiptUrl,
        }),
      });
    } catch (error) {
      deps.log.error({ err: error, orderId: order.id }, 'the receipt could not be written');
    }
  };
}
