import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { fetchCalls, reply, sequence, type FetchHandler } from '@/testing/mock-fetch.testing';
import { ORDER_POLL_MS } from '../api/get-order';
import { api, euros, order, renderBilling } from './billing-fixtures.testing';
import { CheckoutResultPage } from './checkout-result-page';

const orderRoute = `GET ${api('/orders/ord_1')}`;

function renderPage(orderId: string | null, routes: Record<string, FetchHandler> = {}) {
  return renderBilling(<CheckoutResultPage orderId={orderId} />, routes, '/success');
}

describe('CheckoutResultPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('shows what was bought, read from the server', async () => {
    renderPage('ord_1', {
      [orderRoute]: reply(
        order({
          subtotal_cents: 5000,
          discount_cents: 1000,
          net_cents: 4000,
          tax_cents: 920,
          total_cents: 4920,
          coupon_code: 'NUVEM20',
          invoice_number: 'FT 2026/3',
        }),
      ),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('Extra Tokens: Medium pack (20M tokens)')).toBeInTheDocument();
    expect(screen.getByText('Discount (NUVEM20)')).toBeInTheDocument();
    expect(screen.getByText('VAT (23%)').nextSibling).toHaveTextContent(euros(920, 'en'));
    expect(screen.getByText('Total').nextSibling).toHaveTextContent(euros(4920, 'en'));
    expect(screen.getByRole('link', { name: 'Download invoice FT 2026/3 (PDF)' })).toHaveAttribute(
      'href',
      '/api/payments/orders/ord_1/invoice.pdf',
    );
    expect(screen.getByText('Paid', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Billing' })).toHaveAttribute('href', '/account/billing');
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute('href', '/pricing');
  });

  it('shows a plan change whole: the price, the credit for unused time, what is kept as credit, the net and VAT', async () => {
    renderPage('ord_1', {
      [orderRoute]: reply(
        order({
          subtotal_cents: 9900,
          discount_cents: 0,
          proration_cents: 29000,
          net_cents: 0,
          tax_cents: 0,
          total_cents: 0,
        }),
      ),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByText('Subtotal').nextSibling).toHaveTextContent(euros(9900, 'en'));
    expect(screen.getByText('Credit for unused time').nextSibling).toHaveTextContent(euros(29000, 'en'));
    expect(screen.getByText('Kept as account credit, for the next plan charges').nextSibling).toHaveTextContent(
      euros(19100, 'en'),
    );
    expect(screen.getByText('Net amount').nextSibling).toHaveTextContent(euros(0, 'en'));
  });

  it('asks again while the provider (Stripe) is confirming the order, until the payment is confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchSpy } = renderPage('ord_1', {
      [orderRoute]: sequence(
        reply(order({ status: 'pending', paid_at: null, provider: 'stripe' })),
        reply(order({ status: 'pending', paid_at: null, provider: 'stripe' })),
        reply(order({ provider: 'stripe' })),
      ),
    });
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(screen.getByText('Pending', { selector: 'span' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS));
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, orderRoute)).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 3));
    expect(fetchCalls(fetchSpy, orderRoute)).toHaveLength(3);
  });

  it('stops asking after a few times and offers to check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchSpy, user } = renderPage('ord_1', {
      [orderRoute]: reply(order({ status: 'pending', paid_at: null, provider: 'stripe' })),
    });
    await screen.findByRole('heading', { name: 'Confirming your payment…' });
    for (let i = 0; i < 12; i++) await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS));
    const calls = fetchCalls(fetchSpy, orderRoute).length;
    expect(calls).toBeGreaterThan(3);
    expect(calls).toBeLessThanOrEqual(12);
    expect(screen.getByText(/taking longer than usual/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(fetchCalls(fetchSpy, orderRoute)).toHaveLength(calls + 1));
  });

  it('calls a pending sandbox order unpaid, and does not promise an update', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchSpy } = renderPage('ord_1', {
      [orderRoute]: reply(order({ status: 'pending', paid_at: null, failure_reason: 'card_declined' })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not paid yet' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'This order has not been paid, and nothing was charged. To buy it, start again from the pricing page.',
    );
    expect(screen.queryByText(/confirming/i)).not.toBeInTheDocument();
    expect(screen.getByText('Not paid yet', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('Reason').nextSibling).toHaveTextContent('The card was declined');
    await act(() => vi.advanceTimersByTimeAsync(ORDER_POLL_MS * 3));
    expect(fetchCalls(fetchSpy, orderRoute)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
  });

  it('says a checkout the buyer cancelled, or one that expired, was not charged', async () => {
    const { unmount } = renderPage('ord_1', {
      [orderRoute]: reply(order({ status: 'expired', paid_at: null, failure_reason: 'cancelled by the buyer' })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout cancelled' })).toBeInTheDocument();
    expect(screen.getByText('You cancelled the checkout; nothing was charged.')).toBeInTheDocument();
    expect(screen.getByText('Cancelled', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByText('Reason')).not.toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();

    renderPage('ord_1', { [orderRoute]: reply(order({ status: 'expired', paid_at: null })) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout expired' })).toBeInTheDocument();
    expect(screen.getByText('Expired — not charged', { selector: 'span' })).toBeInTheDocument();
  });

  it('says when there is no order, or it is not found', async () => {
    const { unmount, fetchSpy } = renderPage(null);
    expect(screen.getByRole('heading', { level: 1, name: 'No order to show' })).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    unmount();
    vi.restoreAllMocks();
    renderPage('ord_1', { [orderRoute]: reply({ success: false, error: 'Not found', code: 'NOT_FOUND' }, 404) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
  });

  it('shows a failed payment and speaks Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt-PT'));
    renderPage('ord_1', { [orderRoute]: reply(order({ status: 'failed', paid_at: null })) });
    expect(await screen.findByRole('heading', { name: 'O pagamento falhou' })).toBeInTheDocument();
    expect(screen.getByText('O pagamento não foi concluído e nada foi cobrado.')).toBeInTheDocument();
    expect(screen.getByText('Falhado — não cobrado', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para a faturação' })).toBeInTheDocument();
  });
});
