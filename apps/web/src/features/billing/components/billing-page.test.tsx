import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCalls, reply, sequence, type FetchHandler } from '@/testing/mock-fetch';
import { account, api, euros, order, renderBilling } from './billing-test-fixtures';
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

  it('lists the orders with a receipt or a link to the order', async () => {
    renderPage({
      [`GET ${api('/orders')}`]: reply({
        orders: [
          order({
            id: 'ord_2',
            description: 'Pro — yearly',
            total_cents: 99000,
            receipt_url: 'https://pay.example/r/2',
          }),
          order({ id: 'ord_1', status: 'pending', paid_at: null }),
        ],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Your orders, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Pro — yearly');
    expect(within(rows[0]!).getByText(euros(99000, 'en'))).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'View receipt: Pro — yearly' })).toHaveAttribute(
      'href',
      'https://pay.example/r/2',
    );
    expect(within(rows[1]!).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: /^Details/ })).toHaveAttribute('href', '/success?order=ord_1');
  });

  it('cancels the subscription at period end after a confirmation', async () => {
    const cancelled = { ...proAccount, cancel_at_period_end: true };
    const { user, fetchSpy } = renderPage({
      [`GET ${api('/account')}`]: sequence(reply(proAccount), reply(cancelled)),
      [`POST ${api('/subscriptions/cancel')}`]: reply(cancelled),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent('Your Pro plan stays active until March 5, 2027 and will not renew.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    expect(fetchCalls(fetchSpy, `POST ${api('/subscriptions/cancel')}`)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Your Pro subscription ends on March 5, 2027.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
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
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Service unavailable');
  });
});
