import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { fetchCalls, reply, sequence, type FetchHandler } from '@/testing/mock-fetch.testing';
import { account, api, euros, order, renderBilling } from './billing-fixtures.testing';
import { BillingPage } from './billing-page';

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
      ...routes,
    },
    '/account/billing',
  );
}

describe('BillingPage', () => {
  afterEach(() => vi.restoreAllMocks());

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
            description: 'Pro — yearly',
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
    expect(cells(0).getByRole('rowheader')).toHaveTextContent('Pro — yearly');
    expect(cells(0).getByText(euros(99000, 'en'))).toBeInTheDocument();
    expect(cells(0).getByRole('link', { name: 'View receipt: Pro — yearly' })).toHaveAttribute(
      'href',
      'https://pay.example/r/2',
    );
    // Paid without the provider's receipt: the order's own page is the receipt, under the same words.
    expect(cells(1).getByText('Paid')).toBeInTheDocument();
    const own = cells(1).getByRole('link', { name: 'View receipt: Tokens Extra — Medium (20M tokens)' });
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
