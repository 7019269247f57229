import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { formatRate, type TaxTreatment } from '@nuvem/contracts/tax';
import PDFDocument from 'pdfkit';

/**
 * DejaVu Sans (the dejavu-fonts-ttf package), embedded: names and addresses in any European script
 * (Greek, Cyrillic, Polish Ł…) print as written, which the standard PDF fonts cannot do.
 */
const fonts = (() => {
  const folder = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return {
    regular: readFileSync(join(folder, 'DejaVuSans.ttf')),
    bold: readFileSync(join(folder, 'DejaVuSans-Bold.ttf')),
  };
})();

/** A party on the document, as it was when the document was issued. */
export interface InvoiceParty {
  name: string | null;
  address: string | null;
  country: string | null;
  vatNumber: string | null;
  email: string | null;
}

/** A line, net of VAT; a credit (discount, unused time, account credit) is negative. */
export interface InvoiceLine {
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

export interface InvoicePayment {
  provider: string;
  reference: string | null;
  paidAt: string | null;
}

/** Everything printed on an invoice or credit note. */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: Date;
  currency: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  netCents: number;
  taxRateBp: number;
  taxCents: number;
  totalCents: number;
  taxTreatment: TaxTreatment;
  payment: InvoicePayment;
  /** Why a credit note was issued. */
  reason: string | null;
  /** The number of the invoice a credit note corrects. */
  correctsNumber: string | null;
}

/** 'FT 2026/7' -> 'FT-2026-7.pdf': the download's file name. */
export function invoiceFileName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}.pdf`;
}

export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** The VAT line's label: the rate, and why there is none when there is none. */
export function vatLabel(treatment: TaxTreatment, rateBp: number, buyerCountry: string | null): string {
  const rate = formatRate(rateBp);
  switch (treatment) {
    case 'reverse_charge':
      return 'IVA 0% - Autoliquidação / Reverse charge (art. 196 Directive 2006/112/EC)';
    case 'outside_eu':
      return 'IVA 0% - Não sujeito: fora da UE / Outside the scope of EU VAT';
    case 'oss':
      return `IVA ${rate}% (${buyerCountry ?? 'EU'}, OSS) / VAT ${rate}%`;
    case 'domestic':
      return `IVA ${rate}% / VAT ${rate}%`;
  }
}

const providerNames: Record<string, string> = { sandbox: 'Sandbox (test payment)', stripe: 'Stripe' };

function partyLines(party: InvoiceParty): string[] {
  return [
    party.name,
    party.address,
    party.country ? `Country: ${party.country}` : null,
    party.vatNumber ? `NIF / VAT number: ${party.vatNumber}` : null,
    party.email,
  ].filter((line): line is string => Boolean(line));
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The document as a PDF (A4, DejaVu Sans embedded): pure, from the stored document alone. */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const title = invoice.kind === 'invoice' ? 'Fatura / Invoice' : 'Nota de crédito / Credit note';
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${title} ${invoice.number}`, Author: invoice.seller.name ?? undefined },
  });
  doc.registerFont('Sans', fonts.regular);
  doc.registerFont('Sans-Bold', fonts.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const left = 50;
  const width = doc.page.width - 100;

  doc.font('Sans-Bold').fontSize(18).text(title, left, 50);
  doc.fontSize(14).text(invoice.number);
  doc
    .font('Sans')
    .fontSize(10)
    .text(`Data / Date: ${day(invoice.issuedAt)}`);
  if (invoice.correctsNumber) doc.text(`Corrige a fatura / Corrects invoice ${invoice.correctsNumber}`);
  if (invoice.reason) doc.text(`Motivo / Reason: ${invoice.reason}`);

  const partiesTop = doc.y + 16;
  const column = width / 2 - 10;
  doc.font('Sans-Bold').text('Vendedor / Seller', left, partiesTop, { width: column });
  doc.font('Sans').text(partyLines(invoice.seller).join('\n'), { width: column });
  const sellerBottom = doc.y;
  doc.font('Sans-Bold').text('Cliente / Buyer', left + column + 20, partiesTop, { width: column });
  doc.font('Sans').text(partyLines(invoice.buyer).join('\n'), { width: column });
  let y = Math.max(sellerBottom, doc.y) + 20;

  const cols = { description: left, quantity: left + 290, unit: left + 330, amount: left + 420 };
  const header = (text: string, x: number, w: number, align: 'left' | 'right') =>
    doc.text(text, x, y, { width: w, align });
  doc.font('Sans-Bold');
  header('Descrição / Description', cols.description, 280, 'left');
  header('Qtd.', cols.quantity, 35, 'right');
  header('Preço / Unit', cols.unit, 85, 'right');
  header('Valor / Amount', cols.amount, width - 420, 'right');
  y = doc.y + 4;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 6;
  doc.font('Sans');
  for (const line of invoice.lines) {
    const top = y;
    doc.text(line.description, cols.description, top, { width: 280 });
    const bottom = doc.y;
    doc.text(String(line.quantity), cols.quantity, top, { width: 35, align: 'right' });
    doc.text(money(line.unitCents), cols.unit, top, { width: 85, align: 'right' });
    doc.text(money(line.amountCents), cols.amount, top, { width: width - 420, align: 'right' });
    y = Math.max(bottom, doc.y) + 4;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 8;

  const total = (label: string, amount: string, bold = false) => {
    doc.font(bold ? 'Sans-Bold' : 'Sans');
    doc.text(label, left, y, { width: width - 120 });
    const bottom = doc.y;
    doc.text(amount, left + width - 120, y, { width: 120, align: 'right' });
    y = Math.max(bottom, doc.y) + 4;
  };
  total('Base tributável / Net amount', money(invoice.netCents));
  total(vatLabel(invoice.taxTreatment, invoice.taxRateBp, invoice.buyer.country), money(invoice.taxCents));
  total(invoice.kind === 'invoice' ? 'Total' : 'Total creditado / Total credited', money(invoice.totalCents), true);

  y += 12;
  doc.font('Sans').fontSize(9);
  const provider = providerNames[invoice.payment.provider] ?? invoice.payment.provider;
  const paid =
    invoice.kind === 'invoice'
      ? `Pago / Paid: ${invoice.payment.paidAt ? day(new Date(invoice.payment.paidAt)) : day(invoice.issuedAt)} via ${provider}`
      : `Creditado na conta / Credited to the account (${provider})`;
  doc.text(paid, left, y, { width });
  if (invoice.payment.reference) doc.text(`Referência / Reference: ${invoice.payment.reference}`, { width });
  doc.text(`Moeda / Currency: ${invoice.currency.toUpperCase()}`, { width });

  doc.end();
  return done;
}
