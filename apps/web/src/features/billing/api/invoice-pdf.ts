import { invoicePdfPath, orderInvoicePdfPath } from '@nuvem/contracts/billing';
import { env } from '@/config/env';

/*
 * The PDFs are plain GETs below /api/payments that the browser downloads itself (a link, not a
 * fetch): the session cookie authenticates them, and another account's answers 404.
 */

/** GET /invoices/:id/pdf: an invoice or a credit note. */
export function invoicePdfUrl(invoiceId: string): string {
  return `${env.paymentsApiUrl}${invoicePdfPath(invoiceId)}`;
}

/** GET /orders/:id/invoice.pdf: a paid order's invoice. */
export function orderInvoicePdfUrl(orderId: string): string {
  return `${env.paymentsApiUrl}${orderInvoicePdfPath(orderId)}`;
}
