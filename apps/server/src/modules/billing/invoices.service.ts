import { billingMessages, type InvoiceSummary } from '@nuvem/contracts/billing';
import { taxOf } from '@nuvem/contracts/tax';
import { z } from 'zod';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { createAuthRepository } from '../auth/auth.repository.js';
import { taxTreatmentOf } from './account.service.js';
import type { BillingContext } from './billing-context.js';
import type { BillingOrderRow } from './billing.repository.js';
import { customersRepository } from './customers.repository.js';
import {
  invoiceFileName,
  renderInvoicePdf,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceParty,
} from './invoice-pdf.js';
import { invoicesRepository, type BillingDatabase, type BillingInvoiceRow } from './invoices.repository.js';

/** The series of each kind of document (Portuguese practice: FT invoices, NC credit notes). */
export const invoiceSeries = { invoice: 'FT', credit_note: 'NC' } as const;

/** 'FT 2026/7': the number as printed. */
export function invoiceNumber(series: string, year: number, sequence: number): string {
  return `${series} ${String(year)}/${String(sequence)}`;
}

const partySchema = z.object({
  name: z.string().nullable().catch(null),
  address: z.string().nullable().catch(null),
  country: z.string().nullable().catch(null),
  vatNumber: z.string().nullable().catch(null),
  email: z.string().nullable().catch(null),
});
const linesSchema = z.array(
  z.object({ description: z.string(), quantity: z.number(), unitCents: z.number(), amountCents: z.number() }),
);
const paymentSchema = z.object({
  provider: z.string(),
  reference: z.string().nullable().catch(null),
  paidAt: z.string().nullable().catch(null),
});

/** A stored row as the PDF prints it (its JSON columns parsed, not cast). */
export function invoiceDocumentOf(row: BillingInvoiceRow, correctsNumber: string | null): InvoiceDocument {
  return {
    kind: row.kind === 'credit_note' ? 'credit_note' : 'invoice',
    number: row.number,
    issuedAt: row.issuedAt,
    currency: row.currency,
    seller: partySchema.parse(row.seller),
    buyer: partySchema.parse(row.buyer),
    lines: linesSchema.parse(row.lines),
    netCents: row.netCents,
    taxRateBp: row.taxRateBp,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    taxTreatment: taxTreatmentOf(row.taxTreatment),
    payment: paymentSchema.parse(row.payment),
    reason: row.reason,
    correctsNumber,
  };
}

/**
 * The lines of an order's invoice, net of VAT: what was bought, then what was taken off (coupon,
 * unused time of the replaced plan, account credit), each no more than what was left to pay, so
 * the lines add up to the order's net amount.
 */
export function orderLines(order: BillingOrderRow, replacedInvoiceNumber: string | null): InvoiceLine[] {
  const lines: InvoiceLine[] = [
    { description: order.description, quantity: 1, unitCents: order.subtotalCents, amountCents: order.subtotalCents },
  ];
  let left = order.subtotalCents;
  const deduct = (description: string, cents: number) => {
    const amount = Math.min(Math.max(0, cents), Math.max(0, left));
    if (amount === 0) return;
    left -= amount;
    lines.push({ description, quantity: 1, unitCents: -amount, amountCents: -amount });
  };
  deduct(`Desconto / Discount${order.couponCode ? ` (${order.couponCode})` : ''}`, order.discountCents);
  deduct(
    `Crédito do tempo não usado do plano substituído / Credit for the unused time of the replaced plan${
      replacedInvoiceNumber ? ` (${replacedInvoiceNumber})` : ''
    }`,
    order.prorationCents,
  );
  deduct('Crédito da conta / Account credit', order.creditAppliedCents);
  return lines;
}

/**
 * Invoices and credit notes: one invoice per paid order, numbered gap-free per series and year in
 * the paying transaction; a credit note for the unused time a plan change credited, or a refund.
 * The seller's and buyer's details are copied in: the documents are kept, unchanged, after the
 * buyer's account is deleted.
 */
export function createInvoices(ctx: BillingContext) {
  const { config, log } = ctx;

  function seller(): InvoiceParty {
    const { name, address, country, vatNumber, email } = config.payments.seller;
    return { name, address, country, vatNumber, email };
  }

  /**
   * The buyer as the order was priced (country, VAT number) with the workspace's name and address
   * on file now; without them, the name and address of the member who placed it (a personal
   * workspace's is its person's; a renewal has none: the workspace's details alone).
   */
  async function buyerOf(db: BillingDatabase, order: BillingOrderRow): Promise<InvoiceParty> {
    // Read on the paying transaction: on PGlite another query would wait for it to end.
    const [customer, user] = await Promise.all([
      customersRepository(db).findCustomer(order.userId),
      createAuthRepository(db).findUserById(order.placedBy ?? order.userId),
    ]);
    return {
      // The name given for invoices, else the account's own.
      name: customer?.name ?? user?.displayName ?? null,
      address: customer?.address ?? null,
      country: order.buyerCountry ?? customer?.country ?? null,
      vatNumber: order.buyerVatNumber,
      email: user?.email ?? null,
    };
  }

  async function numbered(db: BillingDatabase, kind: 'invoice' | 'credit_note', at: Date) {
    const series = invoiceSeries[kind];
    const year = at.getUTCFullYear();
    const sequence = await invoicesRepository(db).nextSequence(series, year);
    return { kind, series, year, sequence, number: invoiceNumber(series, year, sequence) };
  }

  /**
   * Issues the invoice of an order that has just been paid, in the paying transaction (`db`):
   * once per order (a replayed fulfilment finds it and does nothing). Free orders get one too.
   */
  async function issueForOrder(db: BillingDatabase, order: BillingOrderRow, at: Date): Promise<BillingInvoiceRow> {
    const invoices = invoicesRepository(db);
    const existing = await invoices.findForOrder(order.id, 'invoice');
    if (existing) return existing;
    const replaced = order.prorationOfOrderId ? await invoices.findForOrder(order.prorationOfOrderId, 'invoice') : null;
    const lines = orderLines(order, replaced?.number ?? null);
    const linesNet = lines.reduce((sum, line) => sum + line.amountCents, 0);
    if (linesNet !== order.netCents) {
      log.warn({ orderId: order.id, linesNet, netCents: order.netCents }, 'invoice lines differ from the order net');
    }
    const row = await invoices.insert({
      id: newId('invoice'),
      ...(await numbered(db, 'invoice', at)),
      userId: order.userId,
      orderId: order.id,
      correctsInvoiceId: null,
      issuedAt: at,
      currency: order.currency,
      seller: seller(),
      buyer: await buyerOf(db, order),
      lines,
      netCents: order.netCents,
      taxRateBp: order.taxRateBp,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      taxTreatment: order.taxTreatment,
      payment: { provider: order.provider, reference: order.providerRef, paidAt: (order.paidAt ?? at).toISOString() },
      reason: null,
    });
    log.info({ orderId: order.id, invoiceId: row.id, number: row.number }, 'invoice issued');
    return row;
  }

  /**
   * Issues a credit note correcting the invoice of `order` (a plan whose unused time was credited,
   * or a refund): `netCents` is the credited amount before VAT (VAT at the corrected invoice's
   * rate). Once per corrected invoice and `byOrderId` (the order that caused it); nothing when
   * there is nothing to credit.
   */
  async function issueCreditNote(
    db: BillingDatabase,
    credit: { order: BillingOrderRow; netCents: number; reason: string; byOrderId: string },
    at: Date,
  ): Promise<BillingInvoiceRow | null> {
    const { order, reason, byOrderId } = credit;
    const netCents = Math.max(0, Math.round(credit.netCents));
    if (netCents === 0) return null;
    const invoices = invoicesRepository(db);
    const corrected = await invoices.findForOrder(order.id, 'invoice');
    const existing = await invoices.findCreditNote(byOrderId, corrected?.id ?? null);
    if (existing) return existing;
    const taxRateBp = corrected?.taxRateBp ?? order.taxRateBp;
    const taxCents = taxOf(netCents, taxRateBp);
    const row = await invoices.insert({
      id: newId('invoice'),
      ...(await numbered(db, 'credit_note', at)),
      userId: order.userId,
      orderId: byOrderId,
      correctsInvoiceId: corrected?.id ?? null,
      issuedAt: at,
      currency: corrected?.currency ?? order.currency,
      seller: seller(),
      // The corrected invoice's buyer: a credit note names the parties of the invoice it corrects.
      buyer: corrected ? partySchema.parse(corrected.buyer) : await buyerOf(db, order),
      lines: [{ description: reason, quantity: 1, unitCents: netCents, amountCents: netCents }],
      netCents,
      taxRateBp,
      taxCents,
      totalCents: netCents + taxCents,
      taxTreatment: corrected?.taxTreatment ?? order.taxTreatment,
      payment: { provider: order.provider, reference: byOrderId, paidAt: null },
      reason,
    });
    log.info({ orderId: order.id, byOrderId, invoiceId: row.id, number: row.number }, 'credit note issued');
    return row;
  }

  return { issueForOrder, issueCreditNote };
}

export type Invoices = ReturnType<typeof createInvoices>;

/** The invoice number of each paid order that has one (orders show `invoice_number`). */
export async function invoiceNumbers(db: BillingDatabase, orderIds: string[]): Promise<Map<string, string>> {
  return invoicesRepository(db).invoiceNumbersOfOrders(orderIds);
}

/** What the Billing page reads: the workspace's documents and their PDFs (its members only). */
export function createInvoiceViews(db: BillingDatabase) {
  const invoices = invoicesRepository(db);

  async function list(userId: string): Promise<InvoiceSummary[]> {
    const rows = await invoices.listForUser(userId);
    const corrected = await invoices.numbersOf(
      rows.flatMap((row) => (row.correctsInvoiceId ? [row.correctsInvoiceId] : [])),
    );
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind === 'credit_note' ? 'credit_note' : 'invoice',
      number: row.number,
      order_id: row.orderId,
      corrects_number: row.correctsInvoiceId ? (corrected.get(row.correctsInvoiceId) ?? null) : null,
      issued_at: row.issuedAt.toISOString(),
      net_cents: row.netCents,
      tax_cents: row.taxCents,
      total_cents: row.totalCents,
      currency: row.currency,
      reason: row.reason,
    }));
  }

  async function pdfOf(row: BillingInvoiceRow): Promise<{ fileName: string; pdf: Buffer }> {
    const correctsNumber = row.correctsInvoiceId
      ? ((await invoices.numbersOf([row.correctsInvoiceId])).get(row.correctsInvoiceId) ?? null)
      : null;
    return {
      fileName: invoiceFileName(row.number),
      pdf: await renderInvoicePdf(invoiceDocumentOf(row, correctsNumber)),
    };
  }

  /** The PDF of an order's invoice: another user's order is answered like a missing one; an unpaid one has none. */
  async function orderInvoicePdf(userId: string, orderId: string) {
    const order = await invoices.findOrder(orderId);
    if (order?.userId !== userId) throw AppError.notFound('Order not found', 'ORDER_NOT_FOUND');
    const row = await invoices.findForOrder(orderId, 'invoice');
    if (!row || row.userId !== userId) throw AppError.notFound(billingMessages.noInvoice, 'NO_INVOICE');
    return pdfOf(row);
  }

  /** The PDF of any of the account's invoices or credit notes. */
  async function invoicePdf(userId: string, invoiceId: string) {
    const row = await invoices.findById(invoiceId);
    if (row?.userId !== userId) throw AppError.notFound('Invoice not found', 'INVOICE_NOT_FOUND');
    return pdfOf(row);
  }

  return { list, orderInvoicePdf, invoicePdf };
}
