import { billingMessages } from '@nuvem/contracts/billing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import {
  fetchCalls,
  jsonResponse,
  reply,
  sequence,
  stubLocationAssign,
  type FetchHandler,
} from '@/testing/mock-fetch.testing';
import { futureExpiry } from '../lib/card-input';
import { api, euros, named, order, renderBilling, sandboxSession } from './billing-fixtures.testing';
import { SandboxCheckoutPage } from './sandbox-checkout-page';

const sessionRoute = `GET ${api('/sandbox/sessions/sbx_1')}`;
const payRoute = `POST ${api('/sandbox/sessions/sbx_1/pay')}`;
const cancelRoute = `POST ${api('/sandbox/sessions/sbx_1/cancel')}`;
const orderRoute = `GET ${api('/orders/ord_1')}`;

function renderPage(routes: Record<string, FetchHandler> = {}) {
  return renderBilling(
    <SandboxCheckoutPage sessionId="sbx_1" />,
    { [sessionRoute]: reply(sandboxSession()), [orderRoute]: reply(order({ status: 'pending' })), ...routes },
    '/checkout/sandbox/sbx_1',
  );
}

type User = ReturnType<typeof renderPage>['user'];

async function fillCard(user: User, number: string) {
  const form = await screen.findByRole('form', { name: 'Pay with card' });
  const field = within(form).getByLabelText(/^Card number/);
  await user.clear(field);
  await user.type(field, number);
  await user.type(within(form).getByLabelText(/^Expiry/), '1230');
  await user.type(within(form).getByLabelText(/^CVC/), '123');
  await user.type(within(form).getByLabelText(/^Name on card/), 'Ana Silva');
  return form;
}

describe('SandboxCheckoutPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the order, the e-mail, the sandbox label and the test cards', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Sandbox payments' })).toHaveTextContent(/no real charge/);
    // Said once, in the note (not again in a badge beside the title).
    expect(screen.getAllByText('Sandbox payments')).toHaveLength(1);
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Tokens Extra — Medium (20M tokens)')).toBeInTheDocument();
    expect(within(summary).getByText(euros(5000, 'en'))).toBeInTheDocument();
    expect(within(summary).getByText(`−${euros(1000, 'en')}`)).toBeInTheDocument();
    // VAT is added to the price after the discount: 23% of 40 € is 9.20 €.
    expect(within(summary).getByTestId('charge-net')).toHaveTextContent(`Net amount${euros(4000, 'en')}`);
    expect(within(summary).getByTestId('charge-vat')).toHaveTextContent(`VAT (23%)${euros(920, 'en')}`);
    expect(within(summary).getByTestId('charge-total')).toHaveTextContent(`Total due${euros(4920, 'en')}`);
    expect(within(summary).getByText('ana@example.com')).toBeInTheDocument();
    const cards = screen.getByRole('complementary', { name: 'Test cards' });
    expect(cards).toHaveTextContent('4242 4242 4242 4242 — payment succeeds');
    expect(cards).toHaveTextContent('4000 0000 0000 0002 — card is declined');
    expect(screen.getByRole('button', { name: 'Cancel and go back' })).toBeEnabled();
    // An add-on is bought once: no word of renewal.
    expect(within(summary).queryByText(/renews/)).not.toBeInTheDocument();
  });

  it('shows the credit for the unused time of the replaced plan, account credit, and a reverse charge', async () => {
    renderPage({
      [sessionRoute]: reply(
        sandboxSession({
          description: 'Plano Pro (mensal)',
          subtotal_cents: 9900,
          discount_cents: 0,
          proration_cents: 6000,
          credit_applied_cents: 900,
          net_cents: 3000,
          tax_rate_bp: 0,
          tax_cents: 0,
          tax_treatment: 'reverse_charge',
          total_cents: 3000,
        }),
      ),
    });
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByTestId('charge-subtotal')).toHaveTextContent(`Subtotal${euros(9900, 'en')}`);
    expect(within(summary).queryByTestId('charge-discount')).not.toBeInTheDocument();
    expect(within(summary).getByTestId('charge-proration')).toHaveTextContent(
      `Credit for unused time−${euros(6000, 'en')}`,
    );
    expect(within(summary).getByTestId('charge-credit')).toHaveTextContent(`Account credit−${euros(900, 'en')}`);
    expect(within(summary).getByTestId('charge-vat')).toHaveTextContent('VAT (reverse charge)');
    expect(within(summary).getByText(/^Autoliquidação \/ Reverse charge: no VAT is charged/)).toBeInTheDocument();
    expect(within(summary).getByTestId('charge-total')).toHaveTextContent(`Total due${euros(3000, 'en')}`);
  });

  it('says a subscription renews every period until cancelled', async () => {
    renderPage({
      [sessionRoute]: reply(sandboxSession({ description: 'Plano Pro (anual)', subtotal_cents: 99000 })),
      [orderRoute]: reply(
        order({
          kind: 'subscription',
          plan: 'pro',
          period: 'yearly',
          addon_type: null,
          quantity: null,
          status: 'pending',
        }),
      ),
    });
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(
      await within(summary).findByText('A subscription: it renews every year until you cancel it.'),
    ).toBeInTheDocument();
  });

  it('closes the order on the server when the buyer cancels, then goes back to pricing', async () => {
    let release: (response: Response) => void = () => {};
    const { user, fetchSpy } = renderPage({
      // Asked again, the session would say it is closed now: going back must not depend on the form.
      [sessionRoute]: sequence(reply(sandboxSession()), reply(sandboxSession({ status: 'expired' }))),
      [cancelRoute]: () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel and go back' }));
    expect(screen.getByRole('button', { name: 'Cancelling…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Pay/ })).toBeDisabled();
    expect(fetchCalls(fetchSpy, cancelRoute)).toHaveLength(1);
    release(jsonResponse({ url: 'http://localhost:3000/pricing' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/pricing$/);
    expect(fetchCalls(fetchSpy, payRoute)).toEqual([]);
  });

  it('still goes back when the checkout cannot be closed, and says it will expire', async () => {
    const { user } = renderPage({
      [cancelRoute]: reply({ success: false, error: 'Service unavailable' }, 503),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel and go back' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/pricing$/);
    expect(await screen.findByText('The checkout could not be closed; it will expire by itself.')).toBeInTheDocument();
  });

  it('writes the card number in groups of four and checks the card before paying', async () => {
    const { user, fetchSpy } = renderPage();
    const form = await screen.findByRole('form', { name: 'Pay with card' });
    const number = within(form).getByLabelText(/^Card number/);
    await user.type(number, '4242424242424241');
    expect(number).toHaveValue('4242 4242 4242 4241');
    await user.type(within(form).getByLabelText(/^Expiry/), '0120');
    expect(within(form).getByLabelText(/^Expiry/)).toHaveValue('01/20');
    await user.click(within(form).getByRole('button', { name: /^Pay/ }));
    expect(number).toHaveAccessibleDescription('Enter the full card number as printed on the card.');
    expect(within(form).getByLabelText(/^Expiry/)).toHaveAccessibleDescription('This card has expired.');
    expect(within(form).getByLabelText(/^CVC/)).toHaveAccessibleDescription('Enter the 3 or 4 digit security code.');
    expect(within(form).getByLabelText(/^Name on card/)).toHaveAccessibleDescription('Enter the name on the card.');
    expect(fetchCalls(fetchSpy, payRoute)).toEqual([]);
  });

  it('shows a decline on the form, lets the user retry, and goes to the result on success', async () => {
    const assign = stubLocationAssign();
    let answer: FetchHandler = reply(
      { success: false, error: billingMessages.cardDeclined, code: 'card_declined' },
      402,
    );
    const { user, fetchSpy } = renderPage({ [payRoute]: (url, init) => answer(url, init) });
    const form = await fillCard(user, '4000 0000 0000 0002');
    await user.click(within(form).getByRole('button', { name: `Pay ${euros(4920, 'en')}` }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(fetchCalls(fetchSpy, payRoute)[0]?.body).toEqual({
      cardNumber: '4000000000000002',
      expiry: '12/30',
      cvc: '123',
      name: 'Ana Silva',
    });

    let release: (response: Response) => void = () => {};
    answer = () =>
      new Promise<Response>((resolve) => {
        release = resolve;
      });
    await user.click(screen.getByRole('button', { name: 'Use the test card 4242 4242 4242 4242' }));
    expect(within(form).getByLabelText(/^Card number/)).toHaveValue('4242 4242 4242 4242');
    await user.click(within(form).getByRole('button', { name: /^Pay/ }));
    expect(within(form).getByRole('button', { name: 'Processing…' })).toBeDisabled();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    release(jsonResponse({ url: 'http://localhost:3000/success?order=ord_1' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/success?order=ord_1'));
    expect(fetchCalls(fetchSpy, payRoute).at(-1)?.body).toMatchObject({ cardNumber: '4242424242424242' });
  });

  it("fills the whole form with a test card's Use, so one click then Pay works", async () => {
    const assign = stubLocationAssign();
    const { user, fetchSpy } = renderPage({
      [sessionRoute]: sequence(reply(sandboxSession()), reply(sandboxSession({ status: 'paid' }))),
      [payRoute]: reply({ url: 'http://localhost:3000/success?order=ord_1' }),
    });
    const form = await screen.findByRole('form', { name: 'Pay with card' });
    await user.click(screen.getByRole('button', { name: 'Use the test card 4242 4242 4242 4242' }));
    expect(within(form).getByLabelText(/^Card number/)).toHaveValue('4242 4242 4242 4242');
    expect(within(form).getByLabelText(/^Expiry/)).toHaveValue(futureExpiry());
    expect(within(form).getByLabelText(/^CVC/)).toHaveValue('123');
    expect(within(form).getByLabelText(/^Name on card/)).toHaveValue('Test Buyer');
    await user.click(within(form).getByRole('button', { name: /^Pay/ }));
    await waitFor(() =>
      expect(fetchCalls(fetchSpy, payRoute)[0]?.body).toEqual({
        cardNumber: '4242424242424242',
        expiry: futureExpiry(),
        cvc: '123',
        name: 'Test Buyer',
      }),
    );
    // Paid: the browser goes to the result page (the form is not swapped for 'Already paid' first).
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/success?order=ord_1'));
    expect(screen.queryByRole('heading', { name: 'Already paid' })).not.toBeInTheDocument();
  });

  it('keeps a name already given when a test card is used', async () => {
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Pay with card' });
    await user.type(within(form).getByLabelText(/^Name on card/), 'Ana Silva');
    await user.click(screen.getByRole('button', { name: 'Use the test card 4000 0000 0000 0002' }));
    expect(within(form).getByLabelText(/^Name on card/)).toHaveValue('Ana Silva');
    expect(within(form).getByLabelText(/^Card number/)).toHaveValue('4000 0000 0000 0002');
  });

  it("puts the server's field problems beside their fields", async () => {
    const { user } = renderPage({
      [payRoute]: reply(
        {
          success: false,
          error: billingMessages.cardIncomplete,
          code: 'VALIDATION_ERROR',
          details: [{ path: 'body.cardNumber', message: billingMessages.cardIncomplete, code: 'custom' }],
        },
        400,
      ),
    });
    const form = await fillCard(user, '4242424242424242');
    await user.click(within(form).getByRole('button', { name: /^Pay/ }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Card number/)).toHaveAccessibleDescription(billingMessages.cardIncomplete),
    );
    expect(within(form).queryByText(/declined/)).not.toBeInTheDocument();
  });

  it("puts the provider's card refusals beside their fields, in the language in use", async () => {
    const { user } = renderPage({
      [payRoute]: reply(
        { success: false, error: "Your card's expiration date is in the past.", code: 'expired_card' },
        400,
      ),
    });
    const form = await fillCard(user, '4242424242424242');
    await user.click(within(form).getByRole('button', { name: /^Pay/ }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Expiry/)).toHaveAccessibleDescription('This card has expired.'),
    );
    expect(within(form).getByLabelText(/^Expiry/)).toHaveFocus();
  });

  it('says when the checkout is already paid, closed or unknown', async () => {
    const { unmount } = renderPage({ [sessionRoute]: reply(sandboxSession({ status: 'paid' })) });
    expect(await screen.findByRole('heading', { name: 'Already paid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the order' })).toHaveAttribute('href', '/success?order=ord_1');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();

    renderPage({ [sessionRoute]: reply(sandboxSession({ status: 'expired' })) });
    expect(await screen.findByRole('heading', { name: 'This checkout is closed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says when the checkout does not exist', async () => {
    renderPage({ [sessionRoute]: reply({ success: false, error: 'Not found', code: 'NOT_FOUND' }, 404) });
    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to pricing' })).toHaveAttribute('href', '/pricing');
  });

  it('follows the language: Portuguese labels and money', async () => {
    await act(() => i18n.changeLanguage('pt-PT'));
    renderPage();
    const form = await screen.findByRole('form', { name: 'Pagar com cartão' });
    expect(within(form).getByLabelText(/^Número do cartão/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: named(`Pagar ${euros(4920)}`) })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Resumo da encomenda' });
    expect(within(summary).getByTestId('charge-vat')).toHaveTextContent(`IVA (23%)${euros(920)}`);
    expect(within(summary).getByTestId('charge-total')).toHaveTextContent(`Total a pagar${euros(4920)}`);
  });
});
