import { billingMessages, taxProfileSchema, type TaxProfile } from '@nuvem/contracts/billing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { personalWorkspace, setActingWorkspace } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { fetchCalls, reply, sequence, stubLocationAssign, type FetchHandler } from '@/testing/mock-fetch.testing';
import { account, api, euros, order, renderBilling } from './billing-fixtures.testing';
import { BillingPage } from './billing-page';

function taxProfile(overrides: Partial<TaxProfile> = {}): TaxProfile {
  return taxProfileSchema.parse({
    country: null,
    vat_number: null,
    name: null,
    address: null,
    tax_rate_bp: 2300,
    tax_treatment: 'domestic',
    vat_number_checked_online: false,
    prices_include_vat: false,
    ...overrides,
  });
}

const proAccount = account({
  plan: 'pro',
  period: 'yearly',
  status: 'active',
  renews_at: '2027-03-05T10:00:00.000Z',
  balances: { tokens: 20, consultation: 3, development: 1 },
  key_tier: 'premium',
  containers: { limit: 25, tiers: ['small', 'medium', 'large'] },
});

function renderPage(routes: Record<string, FetchHandler> = {}) {
  return renderBilling(
    <BillingPage />,
    {
      [`GET ${api('/account')}`]: reply(proAccount),
      [`GET ${api('/orders')}`]: reply({ orders: [] }),
      [`GET ${api('/tax-profile')}`]: reply(taxProfile()),
      [`GET ${api('/invoices')}`]: reply({ invoices: [] }),
      ...routes,
    },
    '/account/billing',
  );
}

describe('BillingPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the plan, what it unlocks and the balances', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(await within(plan).findByText('Pro')).toBeInTheDocument();
    expect(within(plan).getByText('Active')).toBeInTheDocument();
    expect(within(plan).getByText('Yearly')).toBeInTheDocument();
    expect(within(plan).getByText('Renews on').nextSibling).toHaveTextContent('March 5, 2027');
    expect(within(plan).getByText('API key tier').nextSibling).toHaveTextContent('premium');
    expect(within(plan).getByText('Up to 25 containers')).toBeInTheDocument();
    expect(within(plan).getByText('small, medium, large')).toBeInTheDocument();
    const balances = screen.getByRole('region', { name: 'Balances' });
    expect(within(balances).getByText('20M tokens')).toBeInTheDocument();
    expect(within(balances).getByText('3 hours')).toBeInTheDocument();
    expect(within(balances).getByText('1 hour')).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Sandbox payments' })).toBeInTheDocument();
    expect(await screen.findByText('No orders yet.')).toBeInTheDocument();
  });

  it("lists the orders: a paid one's receipt, and plainly what the others were", async () => {
    renderPage({
      [`GET ${api('/orders')}`]: reply({
        orders: [
          order({
            id: 'ord_2',
            kind: 'subscription',
            description: 'Plano Pro (anual)',
            addon_type: null,
            pack: null,
            quantity: null,
            plan: 'pro',
            period: 'yearly',
            total_cents: 99000,
            provider: 'stripe',
            receipt_url: 'https://pay.example/r/2',
          }),
          order({ id: 'ord_1' }),
          order({ id: 'ord_3', status: 'pending', paid_at: null, failure_reason: 'card_declined' }),
          order({ id: 'ord_4', status: 'expired', paid_at: null, failure_reason: 'cancelled by the buyer' }),
          order({ id: 'ord_5', status: 'expired', paid_at: null }),
          order({ id: 'ord_6', status: 'failed', paid_at: null, failure_reason: 'checkout could not be created' }),
        ],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Your orders, newest first' });
    expect(within(table).getByRole('columnheader', { name: 'Receipt' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: number) => within(rows[row]!);
    expect(cells(0).getByRole('rowheader')).toHaveTextContent('Pro plan (yearly)');
    expect(cells(0).getByText(euros(99000, 'en'))).toBeInTheDocument();
    expect(cells(0).getByRole('link', { name: 'View receipt: Pro plan (yearly)' })).toHaveAttribute(
      'href',
      'https://pay.example/r/2',
    );
    // Paid without the provider's receipt: the order's own page is the receipt, under the same words.
    expect(cells(1).getByText('Paid')).toBeInTheDocument();
    const own = cells(1).getByRole('link', { name: 'View receipt: Extra Tokens: Medium pack (20M tokens)' });
    expect(own).toHaveAttribute('href', '/success?order=ord_1');
    expect(own).toHaveTextContent('View receipt');
    // Not paid: said so, with the reason, and no receipt (nothing was charged).
    expect(cells(2).getByText('Not paid yet')).toBeInTheDocument();
    expect(cells(2).getByText('The card was declined')).toBeInTheDocument();
    expect(cells(2).queryByRole('link')).not.toBeInTheDocument();
    expect(cells(2).getByText('No receipt: not charged')).toBeInTheDocument();
    expect(cells(3).getByText('Cancelled')).toBeInTheDocument();
    expect(cells(3).queryByText(/cancelled by the buyer/i)).not.toBeInTheDocument();
    expect(cells(4).getByText('Expired — not charged')).toBeInTheDocument();
    expect(cells(5).getByText('Failed — not charged')).toBeInTheDocument();
    expect(cells(5).getByText('The checkout could not be created')).toBeInTheDocument();
    expect(within(table).queryByText('Details')).not.toBeInTheDocument();
  });

  it('shows the current period, the live allowances with when they expire, and account credit', async () => {
    renderPage({
      [`GET ${api('/account')}`]: reply({
        ...proAccount,
        period: 'monthly',
        period_start: '2026-03-05T10:00:00.000Z',
        renews_at: '2026-04-05T10:00:00.000Z',
        balances: { tokens: 30, consultation: 3, development: 0 },
        allowances: [
          {
            kind: 'tokens',
            amount: 30,
            plan: 'pro',
            period_start: '2026-03-05T10:00:00.000Z',
            expires_at: '2026-04-05T10:00:00.000Z',
          },
          {
            kind: 'consultation',
            amount: 3,
            plan: 'pro',
            period_start: '2026-03-05T10:00:00.000Z',
            expires_at: '2026-04-05T10:00:00.000Z',
          },
        ],
        credit_cents: 12100,
      }),
    });
    const plan = await screen.findByRole('region', { name: 'Your plan' });
    expect(await within(plan).findByTestId('billing-current-period')).toHaveTextContent(
      'March 5, 2026 – April 5, 2026',
    );
    const balances = screen.getByRole('region', { name: 'Balances' });
    const allowances = within(balances).getByRole('list', { name: 'Included with your plan' });
    expect(
      within(allowances)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '30M tokens from the Pro plan, expires April 5, 2026',
      '3 hours of consultation from the Pro plan, expires April 5, 2026',
    ]);
    expect(within(balances).getByText('Account credit').nextSibling).toHaveTextContent(euros(12100, 'en'));
    // Without a Stripe customer there is no customer portal to open.
    expect(screen.queryByRole('button', { name: 'Manage cards and invoices' })).not.toBeInTheDocument();
  });

  it("opens Stripe's customer portal, coming back to this page", async () => {
    const assign = stubLocationAssign();
    const { user, fetchSpy } = renderPage({
      [`GET ${api('/account')}`]: reply({ ...proAccount, provider: 'stripe', customer_portal: true }),
      [`POST ${api('/customer-portal')}`]: reply({ url: 'https://billing.stripe.com/p/session/test_1' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Manage cards and invoices' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'));
    expect(fetchCalls(fetchSpy, `POST ${api('/customer-portal')}`).map((call) => call.body)).toEqual([
      { returnUrl: `${window.location.origin}/account/billing` },
    ]);
  });

  it('says so when the customer portal cannot be opened', async () => {
    const { user } = renderPage({
      [`GET ${api('/account')}`]: reply({ ...proAccount, provider: 'stripe', customer_portal: true }),
      [`POST ${api('/customer-portal')}`]: reply(
        { success: false, error: billingMessages.noStripeCustomer, code: 'NO_STRIPE_CUSTOMER' },
        409,
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Manage cards and invoices' }));
    expect(await screen.findByText('The customer portal could not be opened')).toBeInTheDocument();
    expect(screen.getByText(billingMessages.noStripeCustomer)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage cards and invoices' })).toBeEnabled();
  });

  it('shows the VAT and the invoice of each order, the invoice as a PDF download', async () => {
    renderPage({
      [`GET ${api('/orders')}`]: reply({
        orders: [
          order({ id: 'ord_2', description: 'Pro — monthly', invoice_number: 'FT 2026/7' }),
          order({
            id: 'ord_3',
            tax_rate_bp: 0,
            tax_cents: 0,
            tax_treatment: 'reverse_charge',
            total_cents: 5000,
            invoice_number: 'FT 2026/8',
          }),
          order({ id: 'ord_4', status: 'expired', paid_at: null }),
        ],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Your orders, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: number) => within(rows[row]!);
    expect(within(table).getByRole('columnheader', { name: 'VAT' })).toBeInTheDocument();
    expect(cells(0).getByText(`${euros(1150, 'en')} (23%)`)).toBeInTheDocument();
    expect(cells(0).getByRole('link', { name: 'Download invoice FT 2026/7 (PDF)' })).toHaveAttribute(
      'href',
      '/api/payments/orders/ord_2/invoice.pdf',
    );
    expect(cells(1).getByText('Reverse charge')).toBeInTheDocument();
    expect(cells(2).queryByRole('link')).not.toBeInTheDocument();
    expect(cells(2).getByText('No invoice')).toBeInTheDocument();
  });

  it('lists the invoices and credit notes, each with its PDF', async () => {
    renderPage({
      [`GET ${api('/invoices')}`]: reply({
        invoices: [
          {
            id: 'inv_2',
            kind: 'credit_note',
            number: 'NC 2026/1',
            order_id: 'ord_1',
            corrects_number: 'FT 2026/1',
            issued_at: '2026-03-20T10:00:00.000Z',
            net_cents: 18000,
            tax_cents: 4140,
            total_cents: 22140,
            currency: 'eur',
            reason: 'Unused time of Starter (yearly)',
          },
          {
            id: 'inv_1',
            kind: 'invoice',
            number: 'FT 2026/1',
            order_id: 'ord_1',
            corrects_number: null,
            issued_at: '2026-01-10T10:00:00.000Z',
            net_cents: 23200,
            tax_cents: 5336,
            total_cents: 28536,
            currency: 'eur',
            reason: null,
          },
        ],
      }),
    });
    const region = await screen.findByRole('region', { name: 'Invoices' });
    const list = await within(region).findByRole('list', { name: 'Your invoices and credit notes, newest first' });
    const [credit, invoice] = within(list).getAllByRole('listitem');
    expect(credit).toHaveTextContent('NC 2026/1');
    expect(credit).toHaveTextContent('Credit note');
    expect(credit).toHaveTextContent('Corrects FT 2026/1');
    expect(credit).toHaveTextContent(`−${euros(22140, 'en')}`);
    expect(within(credit!).getByRole('link', { name: 'Download NC 2026/1 (PDF)' })).toHaveAttribute(
      'href',
      '/api/payments/invoices/inv_2/pdf',
    );
    expect(invoice).toHaveTextContent('Invoice');
    expect(invoice).toHaveTextContent(euros(28536, 'en'));
    expect(invoice).toHaveTextContent(`VAT ${euros(5336, 'en')}`);
    expect(within(invoice!).getByRole('link', { name: 'Download FT 2026/1 (PDF)' })).toHaveAttribute(
      'href',
      '/api/payments/invoices/inv_1/pdf',
    );
  });

  describe('billing details', () => {
    const putRoute = `PUT ${api('/tax-profile')}`;

    it('says what VAT applies, that VAT numbers are checked for format only, and saves the details', async () => {
      const saved = taxProfile({
        country: 'DE',
        vat_number: 'DE123456789',
        name: 'Muster GmbH',
        address: 'Hauptstraße 1, Berlin',
        tax_rate_bp: 0,
        tax_treatment: 'reverse_charge',
      });
      const { user, fetchSpy } = renderPage({ [putRoute]: reply(saved) });
      const form = await screen.findByRole('form', { name: 'Billing details' });
      const region = screen.getByRole('region', { name: 'Billing details' });
      expect(within(region).getByTestId('billing-vat-treatment')).toHaveTextContent('23% (national rate)');
      expect(region).toHaveTextContent('Plan and add-on prices exclude VAT; it is added at checkout.');
      const vatNumber = within(form).getByLabelText('VAT number (businesses)');
      expect(vatNumber).toHaveAccessibleDescription(
        "Checked for its format only: the EU's VIES register cannot be reached from here.",
      );

      await user.selectOptions(within(form).getByLabelText(/^Country/), 'DE');
      await user.type(vatNumber, 'de 123 456 789');
      await user.type(within(form).getByLabelText('Name or company'), 'Muster GmbH');
      await user.type(within(form).getByLabelText('Address'), 'Hauptstraße 1, Berlin');
      await user.click(within(form).getByRole('button', { name: 'Save billing details' }));

      expect(await screen.findByText('Billing details saved.')).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, putRoute).map((call) => call.body)).toEqual([
        { country: 'DE', vatNumber: 'de 123 456 789', name: 'Muster GmbH', address: 'Hauptstraße 1, Berlin' },
      ]);
      // The server's writing of the number, and what it now means for VAT.
      await waitFor(() => expect(vatNumber).toHaveValue('DE123456789'));
      expect(within(region).getByTestId('billing-vat-treatment')).toHaveTextContent(
        'None charged: reverse charge (Autoliquidação)',
      );
    });

    it('puts problems beside their fields: a country to choose, a VAT number of the wrong format', async () => {
      const { user, fetchSpy } = renderPage();
      const form = await screen.findByRole('form', { name: 'Billing details' });
      await user.type(within(form).getByLabelText('VAT number (businesses)'), '12345');
      await user.click(within(form).getByRole('button', { name: 'Save billing details' }));
      expect(await within(form).findByText('Choose the country you are billed in.')).toBeInTheDocument();
      expect(within(form).getByLabelText(/^Country/)).toHaveFocus();

      await user.selectOptions(within(form).getByLabelText(/^Country/), 'PT');
      await user.click(within(form).getByRole('button', { name: 'Save billing details' }));
      const vatNumber = within(form).getByLabelText('VAT number (businesses)');
      await waitFor(() =>
        expect(vatNumber).toHaveAccessibleDescription(
          expect.stringContaining("This is not a VAT number of PT: it starts PT and follows that country's format."),
        ),
      );
      await user.selectOptions(within(form).getByLabelText(/^Country/), 'US');
      await user.click(within(form).getByRole('button', { name: 'Save billing details' }));
      expect(
        await within(form).findByText('VAT numbers are for businesses in the EU; leave it empty for another country.'),
      ).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, putRoute)).toEqual([]);
    });

    it("shows the server's refusal of a field beside it", async () => {
      const { user } = renderPage({
        [putRoute]: reply(
          {
            success: false,
            error: 'Validation failed',
            code: 'VALIDATION_ERROR',
            details: [{ path: 'body.vatNumber', code: 'custom', message: 'This VAT number is not accepted.' }],
          },
          400,
        ),
      });
      const form = await screen.findByRole('form', { name: 'Billing details' });
      await user.selectOptions(within(form).getByLabelText(/^Country/), 'PT');
      await user.type(within(form).getByLabelText('VAT number (businesses)'), 'PT123456789');
      await user.click(within(form).getByRole('button', { name: 'Save billing details' }));
      expect(await within(form).findByText('This VAT number is not accepted.')).toBeInTheDocument();
      expect(within(form).getByLabelText('VAT number (businesses)')).toHaveFocus();
    });

    it('is in Portuguese too, with the countries named in Portuguese', async () => {
      await act(() => i18n.changeLanguage('pt-PT'));
      renderPage({ [`GET ${api('/tax-profile')}`]: reply(taxProfile({ country: 'PT' })) });
      const form = await screen.findByRole('form', { name: 'Dados de faturação' });
      expect(within(form).getByLabelText(/^País/)).toHaveDisplayValue('Portugal');
      expect(within(form).getByRole('option', { name: 'Alemanha' })).toBeInTheDocument();
      expect(within(form).getByLabelText('Número de IVA (empresas)')).toHaveAccessibleDescription(
        'Só o formato é verificado: o registo VIES da UE não está acessível a partir daqui.',
      );
    });
  });

  it('cancels the subscription at period end after a confirmation', async () => {
    const cancelled = { ...proAccount, cancel_at_period_end: true };
    const { user, fetchSpy } = renderPage({
      [`GET ${api('/account')}`]: sequence(reply(proAccount), reply(cancelled)),
      [`POST ${api('/subscriptions/cancel')}`]: reply(cancelled),
    });
    const opener = await screen.findByRole('button', { name: 'Cancel subscription' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent('Your Pro plan stays active until March 5, 2027 and will not renew.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    expect(fetchCalls(fetchSpy, `POST ${api('/subscriptions/cancel')}`)).toEqual([]);
    // Closing the dialog gives the focus back to the button that opened it, by Escape too.
    await waitFor(() => expect(opener).toHaveFocus());
    await user.click(opener);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Your Pro subscription ends on March 5, 2027.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // The button is gone with the subscription's renewal: the focus is on what happened.
    await waitFor(() => expect(screen.getByText(/Your Pro subscription is cancelled/)).toHaveFocus());
    expect(fetchCalls(fetchSpy, `POST ${api('/subscriptions/cancel')}`)).toHaveLength(1);
    expect(screen.getByText('Cancels at period end')).toBeInTheDocument();
    expect(screen.getByText('Ends on')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('shows a viewer of an organisation its billing with no button to change it, and says why', async () => {
    setActingWorkspace({ organisationId: 'wsp_acme', permissions: ['billing:read'], role: 'viewer' });
    try {
      renderPage({ [`GET ${api('/account')}`]: reply({ ...proAccount, customer_portal: true }) });
      const plan = await screen.findByRole('region', { name: 'Your plan' });
      expect(await within(plan).findByText('Pro')).toBeInTheDocument();
      expect(
        screen.getByText(/^Your role \(Viewer\) can see this organisation's billing, but cannot buy, change or cancel/),
      ).toBeInTheDocument();
      expect(within(plan).queryByRole('button')).not.toBeInTheDocument();
      expect(within(plan).queryByRole('link', { name: 'Change plan' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Buy add-ons' })).not.toBeInTheDocument();
      const details = await screen.findByRole('form', { name: 'Billing details' });
      expect(await within(details).findByRole('combobox', { name: /Country/ })).toBeDisabled();
      expect(within(details).queryByRole('button')).not.toBeInTheDocument();
    } finally {
      setActingWorkspace(personalWorkspace);
    }
  });

  it('offers no cancellation on the Free plan, and says when loading fails', async () => {
    renderPage({
      [`GET ${api('/account')}`]: reply(account()),
      [`GET ${api('/orders')}`]: reply({ success: false, error: 'Service unavailable' }, 503),
    });
    expect(await screen.findByText('Free')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Your orders could not be loaded.');
    expect(alert).toHaveTextContent('Service unavailable');
  });

  it("says in its own words that the billing details could not be loaded, with the server's reason", async () => {
    const { user, fetchSpy } = renderPage({
      [`GET ${api('/account')}`]: reply({ success: false, error: 'Boom', code: 'INTERNAL' }, 500),
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('Your billing details could not be loaded.')).toBeInTheDocument();
    expect(within(alert).getByText('Boom')).toBeInTheDocument();
    const calls = fetchCalls(fetchSpy, `GET ${api('/account')}`).length;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetchCalls(fetchSpy, `GET ${api('/account')}`).length).toBeGreaterThan(calls));
  });

  it('says it in Portuguese too', async () => {
    await act(() => i18n.changeLanguage('pt-PT'));
    renderPage({ [`GET ${api('/account')}`]: reply({ success: false, error: 'Boom', code: 'INTERNAL' }, 500) });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Não foi possível carregar os dados de faturação.');
    expect(alert).toHaveTextContent('Boom');
  });
});
