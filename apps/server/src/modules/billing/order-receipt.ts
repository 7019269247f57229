import { ORGANIZATION_QUERY } from '@nuvem/contracts/orgs';
import type { FastifyBaseLogger } from 'fastify';
import type { MailRecipient } from '../auth/mail-recipient.js';
import { mailLocale, type Mailer } from '../mail/mail.types.js';
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

/** Someone a workspace's receipt is mailed to. */
export interface ReceiptRecipient {
  userId: string;
  email: string;
  displayName: string | null;
  locale: string;
}

/**
 * Who gets an order's receipt: the member who placed it (while they have an account), else the
 * workspace's billing contacts (owners and billing members of an organisation; the person of a
 * personal workspace), as `contacts` names them.
 */
export async function receiptRecipients(
  order: Pick<BillingOrderRow, 'userId' | 'placedBy'>,
  deps: {
    recipient: (userId: string) => Promise<MailRecipient | null>;
    contacts: (workspaceId: string) => Promise<ReceiptRecipient[]>;
  },
): Promise<ReceiptRecipient[]> {
  if (order.placedBy) {
    const placer = await deps.recipient(order.placedBy);
    if (placer) return [{ userId: order.placedBy, ...placer }];
  }
  return deps.contacts(order.userId);
}

/**
 * The receipt for a paid order, mailed once per order and recipient (`order-paid:<orderId>`, with
 * `:<userId>` when the recipient is not the workspace's own person) in each one's language. Never
 * throws: a receipt that cannot be written is logged, the payment stands.
 */
export function createOrderReceipt(deps: {
  mail: Pick<Mailer, 'send' | 'link'>;
  recipients: (order: BillingOrderRow) => Promise<ReceiptRecipient[]>;
  log: FastifyBaseLogger;
}) {
  return async (order: BillingOrderRow): Promise<void> => {
    try {
      for (const to of await deps.recipients(order)) {
        // A personal workspace's id is its person's: anyone else is mailed about an organisation's order.
        const personal = to.userId === order.userId;
        await deps.mail.send({
          key: personal ? `order-paid:${order.id}` : `order-paid:${order.id}:${to.userId}`,
          template: 'order-receipt',
          to: to.email,
          userId: to.userId,
          content: orderReceiptMail(mailLocale(to.locale), {
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
            // The organisation's Billing page, whichever workspace the reader's browser last chose.
            billingUrl: personal
              ? deps.mail.link('/account/billing')
              : deps.mail.link('/account/billing', { [ORGANIZATION_QUERY]: order.userId }),
            receiptUrl: order.receiptUrl,
          }),
        });
      }
    } catch (error) {
      deps.log.error({ err: error, orderId: order.id }, 'the receipt could not be written');
    }
  };
}
