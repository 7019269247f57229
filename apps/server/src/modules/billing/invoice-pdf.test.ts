import { describe, expect, it } from 'vitest';
import { invoiceFileName, renderInvoicePdf, vatLabel, type InvoiceDocument } from './invoice-pdf.js';
import { invoiceNumber, orderLines } from './invoices.service.js';
import type { BillingOrderRow } from './billing.repository.js';
import { pdfText } from './billing.testing.js';

const invoice: InvoiceDocument = {
  kind: 'invoice',
  number: 'FT 2026/7',
  issuedAt: new Date('2026-03-02T10:00:00Z'),
  currency: 'eur',
  seller: {
    name: 'Nuvem Lda',
    address: 'Rua Augusta 1, Lisboa',
    country: 'PT',
    vatNumber: 'PT500000000',
    email: 'billing@nuvem.test',
  },
  buyer: {
    name: 'Acme GmbH',
    address: 'Hauptstrasse 5, Berlin',
    country: 'DE',
    vatNumber: 'DE123456789',
    email: 'ana@example.com',
  },
  lines: [
    { description: 'Pro (monthly)', quantity: 1, unitCents: 9900, amountCents: 9900 },
    { description: 'Desconto / Discount (TEN)', quantity: 1, unitCents: -990, amountCents: -990 },
  ],
  netCents: 8910,
  taxRateBp: 0,
  taxCents: 0,
  totalCents: 8910,
  taxTreatment: 'reverse_charge',
  payment: { provider: 'sandbox', reference: 'pi_sandbox_1', paidAt: '2026-03-02T10:00:00.000Z' },
  reason: null,
  correctsNumber: null,
};

describe('invoice PDF', () => {
  it('prints the number, both parties, the lines, the VAT line, the total and the payment', async () => {
    const pdf = await renderInvoicePdf(invoice);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf);
    expect(text).toContain('Fatura / Invoice');
    expect(text).toContain('FT 2026/7');
    expect(text).toContain('2026-03-02');
    for (const field of ['Nuvem Lda', 'Rua Augusta 1, Lisboa', 'PT500000000', 'billing@nuvem.test']) {
      expect(text).toContain(field);
    }
    for (const field of ['Acme GmbH', 'Hauptstrasse 5, Berlin', 'DE123456789', 'ana@example.com']) {
      expect(text).toContain(field);
    }
    expect(text).toMatch(/Pro \(monthly\)\s+1\s+€99\.00\s+€99\.00/);
    expect(text).toMatch(/Discount \(TEN\)\s+1\s+-€9\.90\s+-€9\.90/);
    expect(text).toMatch(/Base tributável \/ Net amount\s+€89\.10/);
    expect(text).toMatch(/Autoliquidação \/ Reverse charge.*\s+€0\.00/);
    expect(text).toMatch(/Total\s+€89\.10/);
    expect(text).toContain('Sandbox (test payment)');
    expect(text).toContain('pi_sandbox_1');
  });

  it('prints names in Greek, Cyrillic and Polish as written (the font is embedded)', async () => {
    const buyer = { ...invoice.buyer, name: 'Παπαδόπουλος Α.Ε. / Иван Łukasz', address: 'Οδός Ερμού 1, Αθήνα' };
    const text = await pdfText(await renderInvoicePdf({ ...invoice, buyer }));
    expect(text).toContain('Παπαδόπουλος Α.Ε. / Иван Łukasz');
    expect(text).toContain('Οδός Ερμού 1, Αθήνα');
  });

  it('prints a credit note with the invoice it corrects and why', async () => {
    const text = await pdfText(
      await renderInvoicePdf({
        ...invoice,
        kind: 'credit_note',
        number: 'NC 2026/1',
        correctsNumber: 'FT 2026/7',
        reason: 'Unused time of Starter (yearly)',
        lines: [{ description: 'Unused time of Starter (yearly)', quantity: 1, unitCents: 5000, amountCents: 5000 }],
        netCents: 5000,
        taxRateBp: 2300,
        taxCents: 1150,
        totalCents: 6150,
        taxTreatment: 'domestic',
      }),
    );
    expect(text).toContain('Nota de crédito / Credit note');
    expect(text).toContain('NC 2026/1');
    expect(text).toContain('Corrects invoice FT 2026/7');
    expect(text).toContain('Reason: Unused time of Starter (yearly)');
    expect(text).toMatch(/IVA 23% \/ VAT 23%\s+€11\.50/);
    expect(text).toMatch(/Total credited\s+€61\.50/);
  });

  it('names each VAT treatment and the download file', () => {
    expect(vatLabel('domestic', 2300, 'PT')).toBe('IVA 23% / VAT 23%');
    expect(vatLabel('oss', 1900, 'DE')).toBe('IVA 19% (DE, OSS) / VAT 19%');
    expect(vatLabel('reverse_charge', 0, 'DE')).toContain('Autoliquidação / Reverse charge');
    expect(vatLabel('outside_eu', 0, 'US')).toContain('Outside the scope of EU VAT');
    expect(invoiceNumber('FT', 2026, 1)).toBe('FT 2026/1');
    expect(invoiceFileName('FT 2026/1')).toBe('FT-2026-1.pdf');
    expect(invoiceFileName('NC 2027/120')).toBe('NC-2027-120.pdf');
  });
});

describe('invoice lines of an order', () => {
  const order = {
    description: 'Pro (monthly)',
    subtotalCents: 9900,
    discountCents: 990,
    couponCode: 'TEN',
    prorationCents: 3000,
    creditAppliedCents: 500,
    netCents: 5410,
  } as BillingOrderRow;

  it('lists the purchase, then the discount, the unused time and the account credit, adding up to the net', () => {
    const lines = orderLines(order, 'FT 2026/1');
    expect(lines.map((line) => line.amountCents)).toEqual([9900, -990, -3000, -500]);
    expect(lines[2]?.description).toContain('FT 2026/1');
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(order.netCents);
  });

  it('takes off no more than was left to pay', () => {
    const lines = orderLines({ ...order, prorationCents: 20_000, creditAppliedCents: 0, netCents: 0 }, null);
    expect(lines.map((line) => line.amountCents)).toEqual([9900, -990, -8910]);
    expect(orderLines({ ...order, discountCents: 0, prorationCents: 0, creditAppliedCents: 0 }, null)).toHaveLength(1);
  });
});
