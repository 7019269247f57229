import type { MailContent, MailLocale } from '../mail.types.js';
import { greeting, moment, money } from './format.js';

/** A receipt's figures, from the paid order (billing module). */
export interface ReceiptData {
  name: string | null;
  orderId: string;
  /** What was bought, as the order describes it. */
  description: string;
  /** The graduated bands of a custom quantity (none for a pack or a plan). */
  lines: { units: number; unitCents: number; amountCents: number }[];
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  /** Unused time of a replaced plan, and account credit, taken off before VAT. */
  prorationCents: number;
  creditAppliedCents: number;
  netCents: number;
  taxRateBp: number;
  taxCents: number;
  /** domestic | oss | reverse_charge | outside_eu */
  taxTreatment: string;
  totalCents: number;
  currency: string;
  paidAt: Date;
  /** The account's billing page (orders and plan). */
  billingUrl: string;
  /** The payment provider's own receipt (Stripe), when there is one. */
  receiptUrl: string | null;
}

/** The receipt mailed when an order is paid. */
export function orderReceiptMail(locale: MailLocale, data: ReceiptData): MailContent {
  const m = (cents: number) => money(locale, cents, data.currency);
  const bands = data.lines.map((line) => `${String(line.units)} × ${m(line.unitCents)} = ${m(line.amountCents)}`);
  const pt = locale === 'pt-PT';
  const rate = `${String(data.taxRateBp / 100)}%`;
  // A plan change's credit beyond the new price is not lost: the buyer is told where it went.
  const creditLeft = Math.max(0, data.prorationCents - Math.max(0, data.subtotalCents - data.discountCents));
  const vatLine =
    data.taxTreatment === 'reverse_charge'
      ? pt
        ? 'IVA: autoliquidação (o adquirente liquida o IVA)'
        : 'VAT: reverse charge (the buyer accounts for the VAT)'
      : data.taxTreatment === 'outside_eu'
        ? pt
          ? 'IVA: não aplicável (fora da UE)'
          : 'VAT: not applicable (outside the EU)'
        : `${pt ? 'IVA' : 'VAT'} ${rate}: ${m(data.taxCents)}`;
  const totals = [
    `Subtotal: ${m(data.subtotalCents)}`,
    ...(data.discountCents > 0
      ? [`${pt ? 'Desconto' : 'Discount'}${data.couponCode ? ` (${data.couponCode})` : ''}: −${m(data.discountCents)}`]
      : []),
    ...(data.prorationCents > 0
      ? [
          `${pt ? 'Crédito do plano anterior (tempo não usado)' : 'Credit for unused time of the previous plan'}: −${m(data.prorationCents)}`,
        ]
      : []),
    ...(data.creditAppliedCents > 0
      ? [`${pt ? 'Crédito da conta' : 'Account credit'}: −${m(data.creditAppliedCents)}`]
      : []),
    ...(creditLeft > 0
      ? [
          `${pt ? 'Fica como crédito na conta (para as próximas cobranças do plano)' : 'Kept as account credit (for the next plan charges)'}: ${m(creditLeft)}`,
        ]
      : []),
    `${pt ? 'Valor sem IVA' : 'Net amount'}: ${m(data.netCents)}`,
    vatLine,
    `${pt ? 'Total pago' : 'Total paid'}: ${m(data.totalCents)}`,
  ].join('\n');
  const item = [data.description, ...bands].join('\n');

  if (pt) {
    return {
      subject: `O seu recibo Nuvem: ${m(data.totalCents)}`,
      greeting: greeting(locale, data.name),
      paragraphs: [
        'Obrigado pelo seu pagamento. Este é o seu recibo.',
        `Encomenda: ${data.orderId}\nData: ${moment(locale, data.paidAt)}`,
        item,
        totals,
        ...(data.receiptUrl ? [`O recibo do fornecedor de pagamentos: ${data.receiptUrl}`] : []),
      ],
      action: { label: 'Ver as suas encomendas', url: data.billingUrl },
      footer: 'Guarde esta mensagem para os seus registos.',
    };
  }
  return {
    subject: `Your Nuvem receipt: ${m(data.totalCents)}`,
    greeting: greeting(locale, data.name),
    paragraphs: [
      'Thank you for your payment. This is your receipt.',
      `Order: ${data.orderId}\nDate: ${moment(locale, data.paidAt)}`,
      item,
      totals,
      ...(data.receiptUrl ? [`The payment provider's receipt: ${data.receiptUrl}`] : []),
    ],
    action: { label: 'See your orders', url: data.billingUrl },
    footer: 'Keep this message for your records.',
  };
}
