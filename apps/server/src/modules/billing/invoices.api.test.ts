import { billingMessages, type InvoiceSummary, type TaxProfile } from '@nuvem/contracts/billing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.js';
import { billingInvoices } from '../../db/schema/billing-invoices.js';
import { registerVerifiedUser, testDriver, useTestApp, type TestUser } from '../../test/helper.testing.js';
import type { App } from '../../types.js';
import { asBrowser } from '../account/account.testing.js';
import { createBillingRepository } from './billing.repository.js';
import { paymentsClient, pdfText } from './billing.testing.js';

const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Ana Lima' };
const year = new Date().getUTCFullYear();

const seller = {
  name: 'Nuvem Cloud Lda',
  address: 'Rua Augusta 100, 1100-053 Lisboa',
  country: 'PT',
  vatNumber: 'PT509999999',
  email: 'faturas@nuvem.test',
};
const payments: AppConfig['payments'] = {
  provider: 'sandbox',
  currency: 'eur',
  checkoutTtlMinutes: 60,
  priceIds: {
    free: { monthly: 'price_sandbox_free_monthly' },
    starter: { monthly: 'price_sandbox_starter_monthly', yearly: 'price_sandbox_starter_yearly' },
    pro: { monthly: 'price_sandbox_pro_monthly', yearly: 'price_sandbox_pro_yearly' },
    enterprise: { monthly: 'price_sandbox_enterprise_monthly', yearly: 'price_sandbox_enterprise_yearly' },
  },
  stripe: null,
  planQuotas: true,
  seedDemoCoupon: false,
  seller,
};

function client(app: App, user: TestUser | null) {
  const api = paymentsClient(app, user);
  const cookie = user ? { cookie: `nuvem_session=${user.cookie}` } : {};
  return {
    ...api,
    /** Opens a checkout for the small token pack (or `body`), and pays it when `pay`. */
    async buy(body: object = { type: 'tokens', pack: 'small' }, pay = true) {
      const res = await api.checkout(body);
      expect(res.statusCode, res.body).toBe(200);
      const { url, orderId } = res.json<{ url: string; orderId: string }>();
      if (pay) {
        const paid = await api.call('POST', `/sandbox/sessions/${url.split('/').pop() ?? ''}/pay`, goodCard);
        expect(paid.statusCode, paid.body).toBe(200);
      }
      return orderId;
    },
    invoices: async () => {
      const res = await api.call('GET', '/invoices');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ invoices: InvoiceSummary[] }>().invoices;
    },
    /** A GET as a browser link makes it: the session cookie only. */
    download: (url: string) => app.inject({ method: 'GET', url: `/api/payments${url}`, headers: cookie }),
    taxProfile: (body: object) => asBrowser(app, user ?? { cookie: '' }).call('PUT', '/api/payments/tax-profile', body),
  };
}

describe(`invoices and credit notes, on ${testDriver}`, () => {
  const t = useTestApp({ config: { payments } });

  it('issues a numbered invoice for a paid order, with seller, buyer, VAT and payment, as a PDF', async () => {
    const ana = await registerVerifiedUser(t.app);
    const api = client(t.app, ana);
    const profile = await api.taxProfile({ country: 'PT', name: 'Ana Lima', address: 'Rua do Ouro 5, Porto' });
    expect(profile.statusCode, profile.body).toBe(200);
    const orderId = await api.buy();
    const order = await api.order(orderId);
    expect(order).toMatchObject({ status: 'paid', tax_rate_bp: 2300, tax_treatment: 'domestic' });

    const [invoice, ...others] = await api.invoices();
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      order_id: orderId,
      corrects_number: null,
      net_cents: order.net_cents,
      tax_cents: order.tax_cents,
      total_cents: order.total_cents,
      currency: 'eur',
    });
    expect(invoice?.number).toMatch(new RegExp(`^FT ${String(year)}/\\d+$`));
    const number = invoice?.number ?? '';

    const res = await api.download(`/orders/${orderId}/invoice.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${number.replace(/[ /]/g, '-')}.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(number);
    for (const field of [seller.name, seller.address, seller.vatNumber, seller.email]) expect(text).toContain(field);
    for (const field of ['Ana Lima', 'Rua do Ouro 5, Porto', ana.email]) expect(text).toContain(field);
    expect(text).toContain(order.description);
    const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
    expect(text).toMatch(new RegExp(`IVA 23% / VAT 23%\\s+${euros(order.tax_cents)}`));
    expect(text).toMatch(new RegExp(`Total\\s+${euros(order.total_cents)}`));
    expect(text).toContain(`pi_sandbox_${orderId.slice(4)}`);

    // The same document by its id.
    const byId = await api.download(`/invoices/${invoice?.id ?? ''}/pdf`);
    expect(byId.statusCode).toBe(200);
    expect(await pdfText(byId.rawPayload)).toContain(number);
  });

  it('says reverse charge for an EU business elsewhere, with no VAT', async () => {
    const ana = await registerVerifiedUser(t.app);
    const api = client(t.app, ana);
    const profile = await api.taxProfile({ country: 'DE', vatNumber: 'DE 123 456 789', name: 'Acme GmbH' });
    expect(profile.json<TaxProfile>()).toMatchObject({ tax_treatment: 'reverse_charge', tax_rate_bp: 0 });
    const orderId = await api.buy();
    const order = await api.order(orderId);
    expect(order).toMatchObject({ tax_cents: 0, tax_treatment: 'reverse_charge', total_cents: order.net_cents });
    const text = await pdfText((await api.download(`/orders/${orderId}/invoice.pdf`)).rawPayload);
    expect(text).toContain('DE123456789');
    expect(text).toMatch(/Autoliquidação \/ Reverse charge.*\s+€0\.00/);
  });

  it('issues each invoice once: a replayed fulfilment or a second call changes nothing', async () => {
    const ana = await registerVerifiedUser(t.app);
    const api = client(t.app, ana);
    const orderId = await api.buy();
    expect(await t.app.billing.fulfil(orderId, { providerRef: 'pi_again', receiptUrl: null })).toBeNull();
    const repo = createBillingRepository(t.app.db);
    const order = await repo.findOrder(orderId);
    if (!order) throw new Error('order missing');
    const again = await repo.transaction((_tx, db) =>
      t.app.billing.parts.invoices.issueForOrder(db, order, new Date()),
    );
    const rows = await t.app.db.select().from(billingInvoices).where(eq(billingInvoices.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(again).toMatchObject({ id: rows[0]?.id });
  });

  it('issues a credit note correcting an invoice, once per order that caused it', async () => {
    const ana = await registerVerifiedUser(t.app);
    const api = client(t.app, ana);
    const orderId = await api.buy();
    const repo = createBillingRepository(t.app.db);
    const order = await repo.findOrder(orderId);
    if (!order) throw new Error('order missing');
    const credit = { order, netCents: 300, reason: 'Unused time of the pack', byOrderId: 'ord_later' };
    const issue = () =>
      repo.transaction((_tx, db) => t.app.billing.parts.invoices.issueCreditNote(db, credit, new Date()));
    const note = await issue();
    expect(note).toMatchObject({ kind: 'credit_note', netCents: 300, taxRateBp: 2300, taxCents: 69, totalCents: 369 });
    expect(note?.number).toMatch(new RegExp(`^NC ${String(year)}/\\d+$`));
    expect((await issue())?.id).toBe(note?.id);

    const listed = await api.invoices();
    const invoiceNumber = listed.find((row) => row.kind === 'invoice')?.number;
    expect(listed.filter((row) => row.kind === 'credit_note')).toEqual([
      expect.objectContaining({
        id: note?.id,
        number: note?.number,
        corrects_number: invoiceNumber,
        total_cents: 369,
        reason: 'Unused time of the pack',
      }),
    ]);
    const text = await pdfText((await api.download(`/invoices/${note?.id ?? ''}/pdf`)).rawPayload);
    expect(text).toContain('Nota de crédito / Credit note');
    expect(text).toContain(`Corrects invoice ${invoiceNumber ?? ''}`);
    expect(text).toMatch(/Total credited\s+€3\.69/);
  });

  it("shows no one another user's invoices, and no invoice for an unpaid order", async () => {
    const ana = await registerVerifiedUser(t.app);
    const bia = await registerVerifiedUser(t.app);
    const anas = client(t.app, ana);
    const bias = client(t.app, bia);
    const paid = await anas.buy();
    const [invoice] = await anas.invoices();
    const unpaid = await anas.buy({ type: 'tokens', pack: 'medium' }, false);

    expect(await bias.invoices()).toEqual([]);
    const other = await bias.download(`/orders/${paid}/invoice.pdf`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect((await bias.download(`/invoices/${invoice?.id ?? ''}/pdf`)).statusCode).toBe(404);
    const none = await anas.download(`/orders/${unpaid}/invoice.pdf`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'NO_INVOICE', error: billingMessages.noInvoice });
    expect((await anas.download('/invoices/inv_missing/pdf')).statusCode).toBe(404);

    const anonymous = client(t.app, null);
    expect((await anonymous.call('GET', '/invoices')).statusCode).toBe(401);
    expect((await anonymous.download(`/orders/${paid}/invoice.pdf`)).statusCode).toBe(401);
  });

  it('exports the billing details and invoices, and keeps the invoices when the account is deleted', async () => {
    const ana = await registerVerifiedUser(t.app);
    const api = client(t.app, ana);
    await api.taxProfile({ country: 'FR', name: 'Ana Lima', address: '1 rue de Rivoli, Paris' });
    const orderId = await api.buy();
    const [invoice] = await api.invoices();

    const exported = await asBrowser(t.app, ana).call('GET', '/account/export');
    expect(exported.statusCode, exported.body).toBe(200);
    const billing = exported.json<{
      billing: { billing_details: unknown; invoices: unknown[]; orders: { id: string; invoice_number: string }[] };
    }>().billing;
    expect(billing.billing_details).toMatchObject({ country: 'FR', name: 'Ana Lima', vat_number: null });
    expect(billing.invoices).toEqual([
      expect.objectContaining({ number: invoice?.number, order_id: orderId, tax_treatment: 'oss', tax_rate_bp: 2000 }),
    ]);
    expect(billing.orders.find((order) => order.id === orderId)?.invoice_number).toBe(invoice?.number);

    const deleted = await asBrowser(t.app, ana).call('POST', '/account/delete', {
      password: ana.password,
      confirm: ana.email,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const kept = await t.app.db.select().from(billingInvoices).where(eq(billingInvoices.userId, ana.id));
    expect(kept.map((row) => row.number)).toEqual([invoice?.number]);
    expect(kept[0]?.buyer).toMatchObject({ name: 'Ana Lima', country: 'FR', email: ana.email });
  });
});
