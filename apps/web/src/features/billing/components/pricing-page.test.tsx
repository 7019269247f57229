import { pricingMessages } from '@nuvem/contracts/billing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { personalWorkspace, setActingWorkspace } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { fetchCalls, jsonResponse, reply, stubLocationAssign, type FetchHandler } from '@/testing/mock-fetch.testing';
import { account, api, euros, eurosText, renderBilling, sandboxConfig } from './billing-fixtures.testing';
import { PricingPage, type PricingSession } from './pricing-page';

/** The quantity a mocked quote was asked for. */
function quantityOf(init: RequestInit | undefined): number {
  return (JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { quantity: number }).quantity;
}

const signedIn: PricingSession = { signedIn: true, email: 'ana@example.com' };
const signedOut: PricingSession = { signedIn: false };

const checkoutReply = { url: '/checkout/sandbox/sbx_1', orderId: 'ord_1' };

function renderPage(session: PricingSession, routes: Record<string, FetchHandler> = {}, path = '/planos') {
  return renderBilling(
    <PricingPage session={session} />,
    {
      [`GET ${api('/config')}`]: reply(sandboxConfig),
      [`GET ${api('/account')}`]: reply(account()),
      [`POST ${api('/payments/pricing/calculate')}`]: (_url, init) => {
        const body = { quantity: quantityOf(init) };
        return jsonResponse({
          currency: 'eur',
          description: 'custom',
          subtotalCents: body.quantity * 300,
          percentOff: 0,
          discountCents: 0,
          totalCents: body.quantity * 300,
          lines: [
            { from: 1, to: body.quantity, units: body.quantity, unitCents: 300, amountCents: body.quantity * 300 },
          ],
        });
      },
      ...routes,
    },
    path,
  );
}

/** A reply the test lets go of when it wants (to look at the page while a call runs). */
function held() {
  let release: (response: Response) => void = () => {};
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { handler: (() => promise) satisfies FetchHandler, release };
}

const card = (name: string) => screen.getByRole('article', { name });
const toast = (text: string) => screen.findByText(text, {}, { timeout: 3000 });
const checkoutCalls = (spy: ReturnType<typeof renderPage>['fetchSpy']) => [
  ...fetchCalls(spy, `POST ${api('/subscriptions/checkout')}`),
  ...fetchCalls(spy, `POST ${api('/payments/pricing/checkout')}`),
];

describe('PricingPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the four plans in Portuguese, monthly then yearly (yearly / 12 and the saving)', async () => {
    const { user } = renderPage(signedOut);
    expect(screen.getByRole('heading', { level: 1, name: 'Planos Nuvem' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Free', 'Starter', 'Pro', 'Enterprise']),
    );
    expect(await within(card('Starter')).findByText(euros(2900))).toBeInTheDocument();
    expect(within(card('Pro')).getByText('Mais popular')).toBeInTheDocument();
    expect(within(card('Starter')).queryByText('Mais popular')).not.toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Pagamentos de teste' })).toHaveTextContent('4242 4242 4242 4242');

    await user.click(screen.getByRole('switch', { name: /Anual/ }));
    expect(screen.getByText('20% OFF')).toBeInTheDocument();
    const starter = within(card('Starter'));
    expect(starter.getByText(euros(2417))).toBeInTheDocument(); // 290 / 12
    expect(starter.getByText(`Faturado anualmente: ${euros(29000)}`)).toBeInTheDocument();
    expect(starter.getByText(`Poupa ${euros(5800)} por ano`)).toBeInTheDocument(); // 12 x 29 - 290
    expect(within(card('Enterprise')).getByText(`Poupa ${euros(39800)} por ano`)).toBeInTheDocument();
    expect(within(card('Free')).queryByText(/Faturado anualmente/)).not.toBeInTheDocument();
  });

  it('stays in Portuguese when the portal is in English', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage(signedOut);
    expect(screen.getByRole('main')).toHaveAttribute('lang', 'pt-PT');
    expect(screen.getByRole('tab', { name: 'Tokens Extra' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Horas de Consultoria' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Horas de Desenvolvimento' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add-ons Personalizados' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tem um Código de Cupão?' })).toBeInTheDocument();
  });

  it("follows the reader's language on /pricing: English texts, English money, the sign-in toast in English", async () => {
    const { user } = renderPage(signedOut, {}, '/pricing');
    expect(screen.getByRole('main')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Nuvem Plans' })).toBeInTheDocument();
    const starter = within(card('Starter'));
    expect(await starter.findByText('€29.00')).toBeInTheDocument();
    expect(starter.getByText('For personal projects and small teams')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('Extra tokens at €0.04 per 1000 tokens')).toBeInTheDocument();
    expect(screen.queryByText(/por mês|utilizadores|Para equipas/)).not.toBeInTheDocument();

    const subscribe = within(card('Pro')).getByRole('button', { name: 'Subscribe to the Pro plan' });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await user.click(subscribe);
    expect(await toast('Please sign in to continue')).toBeInTheDocument();
    expect(screen.queryByText(pricingMessages.signInRequired)).not.toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?redirect=%2Fpricing');
  });

  it('is in Portuguese on /pricing for a reader of Portuguese, with the same figures', async () => {
    await act(() => i18n.changeLanguage('pt-PT'));
    renderPage(signedOut, {}, '/pricing');
    expect(screen.getByRole('main')).toHaveAttribute('lang', 'pt-PT');
    expect(await within(card('Starter')).findByText(euros(2900))).toBeInTheDocument();
    expect(within(card('Starter')).getByText('Para projetos pessoais e pequenas equipas')).toBeInTheDocument();
  });

  it('activates Free with a toast and no call', async () => {
    const { user, fetchSpy } = renderPage(signedIn);
    await user.click(await within(card('Free')).findByRole('button', { name: 'Começar grátis' }));
    expect(await toast(pricingMessages.freeActivated)).toBeInTheDocument();
    expect(checkoutCalls(fetchSpy)).toEqual([]);
  });

  it('sends a signed-out buyer to sign-in, back to this page, without a call', async () => {
    const { user, fetchSpy } = renderPage(signedOut, {}, '/planos');
    const subscribe = await within(card('Pro')).findByRole('button', { name: 'Subscrever o plano Pro' });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await user.click(subscribe);
    expect(await toast(pricingMessages.signInRequired)).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?redirect=%2Fplanos');
    expect(checkoutCalls(fetchSpy)).toEqual([]);
    expect(fetchCalls(fetchSpy, `GET ${api('/account')}`)).toEqual([]);
  });

  it('sends the buyer to sign-in when the server says the session is gone (401)', async () => {
    const { user } = renderPage(signedIn, {
      [`POST ${api('/payments/pricing/checkout')}`]: reply(
        { success: false, error: pricingMessages.signInRequired, code: 'UNAUTHENTICATED' },
        401,
      ),
    });
    const buy = await screen.findByRole('button', { name: 'Comprar o pacote Medium (20M tokens)' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    expect(await toast(pricingMessages.signInRequired)).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?redirect=%2Fplanos');
  });

  it("subscribes with the period's price id, shows the plan as processing, and goes to the checkout", async () => {
    const assign = stubLocationAssign();
    const checkout = held();
    const { user, fetchSpy } = renderPage(signedIn, { [`POST ${api('/subscriptions/checkout')}`]: checkout.handler });
    await user.click(screen.getByRole('switch', { name: /Anual/ }));
    const subscribe = await within(card('Pro')).findByRole('button', { name: 'Subscrever o plano Pro' });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await user.click(subscribe);

    const processing = within(card('Pro')).getByRole('button', { name: 'A processar o plano Pro…' });
    expect(processing).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Comprar o pacote Medium (20M tokens)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Comprar 10M tokens/ })).toBeDisabled();

    expect(fetchCalls(fetchSpy, `POST ${api('/subscriptions/checkout')}`).map((call) => call.body)).toEqual([
      {
        priceId: 'price_sandbox_pro_yearly',
        plan: 'pro',
        period: 'yearly',
        customerEmail: 'ana@example.com',
        successUrl: `${window.location.origin}/success`,
        cancelUrl: `${window.location.origin}/pricing`,
      },
    ]);
    checkout.release(jsonResponse(checkoutReply));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${window.location.origin}/checkout/sandbox/sbx_1`));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Comprar o pacote Medium (20M tokens)' })).toBeEnabled(),
    );
  });

  it('refuses a plan and period without a price id', async () => {
    const { user, fetchSpy } = renderPage(signedIn, {
      [`GET ${api('/config')}`]: reply({ ...sandboxConfig, priceIds: { ...sandboxConfig.priceIds, enterprise: {} } }),
    });
    const subscribe = await within(card('Enterprise')).findByRole('button', { name: 'Subscrever o plano Enterprise' });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await user.click(subscribe);
    expect(await toast(pricingMessages.priceIdMissing)).toBeInTheDocument();
    expect(checkoutCalls(fetchSpy)).toEqual([]);
  });

  it('says so when the checkout reply has no url', async () => {
    const assign = stubLocationAssign();
    const { user } = renderPage(signedIn, {
      [`POST ${api('/subscriptions/checkout')}`]: reply({ url: '', orderId: 'ord_1' }),
    });
    const subscribe = await within(card('Starter')).findByRole('button', { name: 'Subscrever o plano Starter' });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await user.click(subscribe);
    expect(await toast(pricingMessages.noCheckoutUrl)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says so when the checkout reply lacks the url field altogether', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderPage(signedIn, {
      [`POST ${api('/payments/pricing/checkout')}`]: reply({ orderId: 'ord_1' }),
    });
    const buy = await screen.findByRole('button', { name: 'Comprar o pacote Small (5M tokens)' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    expect(await toast(pricingMessages.noCheckoutUrl)).toBeInTheDocument();
  });

  it('shows the fallbacks with the reason when a checkout fails', async () => {
    const { user } = renderPage(signedIn, {
      [`POST ${api('/subscriptions/checkout')}`]: reply(
        { success: false, error: 'This coupon is not valid for this plan', code: 'COUPON_PLAN' },
        400,
      ),
      [`POST ${api('/payments/pricing/checkout')}`]: reply({}, 500),
    });
    const subscribe = await within(card('Pro')).findByRole('button', { name: 'Subscrever o plano Pro' });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await user.click(subscribe);
    expect(await toast(pricingMessages.subscriptionFallback)).toBeInTheDocument();
    expect(screen.getByText('This coupon is not valid for this plan')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Horas de Consultoria' }));
    await user.click(screen.getByRole('button', { name: 'Comprar o pacote Basic (3 horas)' }));
    expect(await toast(pricingMessages.addonFallback)).toBeInTheDocument();
    expect(screen.getByText(pricingMessages.checkoutFailed)).toBeInTheDocument();
  });

  it('shows the prices but sells nothing when the payments configuration cannot be had', async () => {
    const { user } = renderPage(signedIn, {
      [`GET ${api('/config')}`]: reply({ success: false, error: 'Bad request' }, 400),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/Não é possível contactar os pagamentos/);
    expect(within(card('Pro')).getByText(euros(9900))).toBeInTheDocument();
    expect(within(card('Pro')).getByRole('button', { name: 'Subscrever o plano Pro' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Comprar o pacote Medium (20M tokens)' })).toBeDisabled();
    // Free needs no payment: it still works.
    await user.click(within(card('Free')).getByRole('button', { name: 'Começar grátis' }));
    expect(await toast(pricingMessages.freeActivated)).toBeInTheDocument();
  });

  it('marks the current plan of a signed-in user', async () => {
    renderPage(signedIn, {
      [`GET ${api('/account')}`]: reply(
        account({ plan: 'pro', period: 'monthly', status: 'active', renews_at: '2026-06-01T00:00:00.000Z' }),
      ),
    });
    const pro = within(card('Pro'));
    expect(await pro.findByText('Plano atual', { selector: 'span' })).toBeInTheDocument();
    expect(pro.getByRole('button', { name: 'Plano atual' })).toBeDisabled();
    // The Free card of a paying user is a way to manage the subscription, not the current plan.
    const free = within(card('Free'));
    expect(free.getByRole('link', { name: 'Gerir subscrição' })).toHaveAttribute('href', '/account/billing');
    expect(free.queryByText('Plano atual')).not.toBeInTheDocument();
    expect(screen.getAllByText('Plano atual', { selector: 'span' })).toHaveLength(1);
    expect(within(card('Starter')).getByRole('button', { name: 'Subscrever o plano Starter' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'O meu plano e encomendas' })).toHaveAttribute('href', '/account/billing');
  });

  it('offers a viewer of an organisation no buy button, and says why in Portuguese', async () => {
    setActingWorkspace({
      organisationId: 'wsp_acme',
      permissions: ['billing:read', 'containers:read'],
      role: 'viewer',
    });
    try {
      renderPage(signedIn);
      expect(await within(card('Starter')).findByText(euros(2900))).toBeInTheDocument();
      // Said at the top, and again above the add-ons.
      expect(
        screen.getAllByText(
          'A sua função (Leitor) não permite comprar para esta organização: um proprietário, um administrador ou um membro de faturação pode fazê-lo.',
        ),
      ).toHaveLength(2);
      expect(within(card('Starter')).queryByRole('button')).not.toBeInTheDocument();
      expect(within(card('Free')).queryByRole('button')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Comprar/ })).not.toBeInTheDocument();
      // Reading stays: the link to the organisation's plan and orders.
      expect(screen.getByRole('link', { name: 'O meu plano e encomendas' })).toBeInTheDocument();
    } finally {
      setActingWorkspace(personalWorkspace);
    }
  });

  it('says before paying that another plan replaces the current one today', async () => {
    const { user } = renderPage(signedIn, {
      [`GET ${api('/account')}`]: reply(
        account({ plan: 'pro', period: 'monthly', status: 'active', renews_at: '2026-06-01T12:00:00.000Z' }),
      ),
    });
    const replace =
      'O seu plano Pro mensal termina quando o novo começar: o plano Starter mensal começa hoje. O tempo que falta do plano atual é descontado proporcionalmente.';
    const starter = await within(card('Starter')).findByRole('button', { name: 'Subscrever o plano Starter' });
    expect(await within(card('Starter')).findByText(replace)).toBeInTheDocument();
    expect(starter).toHaveAccessibleDescription(replace);
    expect(within(card('Enterprise')).getByText(/o plano Enterprise mensal começa hoje/)).toBeInTheDocument();
    // The plan and period one has, and the Free card, say nothing of the kind.
    expect(within(card('Pro')).queryByText(/termina quando/)).not.toBeInTheDocument();
    expect(within(card('Free')).queryByText(/termina quando/)).not.toBeInTheDocument();

    // The same plan yearly replaces the month paid for today too, its unused time credited.
    await user.click(screen.getByRole('switch', { name: /Anual/ }));
    expect(within(card('Pro')).getByText(/o plano Pro anual começa hoje/)).toBeInTheDocument();
    expect(within(card('Starter')).getByText(/o plano Starter anual começa hoje/)).toBeInTheDocument();
  });

  it('says that prices exclude VAT', async () => {
    renderPage(signedOut);
    expect(screen.getByTestId('pricing-vat-note')).toHaveTextContent(
      'Preços sem IVA; o IVA do seu país é somado no checkout.',
    );
  });

  describe('a plan change', () => {
    const starterYearly = account({
      plan: 'starter',
      period: 'yearly',
      status: 'active',
      period_start: '2026-01-10T09:00:00.000Z',
      renews_at: '2027-01-10T09:00:00.000Z',
    });
    const preview = {
      plan: 'pro',
      period: 'monthly',
      currency: 'eur',
      replaces: { plan: 'starter', period: 'yearly', ends_at: '2027-01-10T09:00:00.000Z' },
      subtotal_cents: 9900,
      discount_cents: 0,
      proration_cents: 22000,
      credit_applied_cents: 0,
      net_cents: 0,
      tax_rate_bp: 2300,
      tax_cents: 0,
      tax_treatment: 'domestic',
      total_cents: 0,
      credit_left_cents: 12100,
      period_start: '2026-01-20T09:00:00.000Z',
      period_end: '2026-02-20T09:00:00.000Z',
    };
    const previewRoute = `GET ${api('/subscriptions/preview')}`;
    const checkoutRoute = `POST ${api('/subscriptions/checkout')}`;

    async function openPreview(routes: Record<string, FetchHandler> = {}) {
      const view = renderPage(signedIn, {
        [`GET ${api('/account')}`]: reply(starterYearly),
        [previewRoute]: reply(preview),
        [checkoutRoute]: reply(checkoutReply),
        ...routes,
      });
      const subscribe = await within(card('Pro')).findByRole('button', { name: 'Subscrever o plano Pro' });
      await waitFor(() => expect(subscribe).toBeEnabled());
      // The account is read: the card says it replaces the current plan.
      await within(card('Pro')).findByText(/termina quando o novo começar/);
      await view.user.click(subscribe);
      return {
        ...view,
        subscribe,
        dialog: await screen.findByRole('alertdialog', { name: 'Mudar para o plano Pro mensal?' }),
      };
    }

    it('shows what it costs today before the checkout: credit for the unused time, VAT, credit left', async () => {
      const assign = stubLocationAssign();
      const { user, fetchSpy, dialog } = await openPreview();
      expect(dialog).toHaveTextContent('O seu plano Starter anual termina hoje; o tempo que não usou é creditado.');
      expect(await within(dialog).findByTestId('charge-subtotal')).toHaveTextContent(`Subtotal${euros(9900)}`);
      expect(within(dialog).getByTestId('charge-proration')).toHaveTextContent(
        `Crédito do tempo não usado do plano Starter anual−${euros(22000)}`,
      );
      expect(within(dialog).getByTestId('charge-vat')).toHaveTextContent(`IVA (23%)${euros(0)}`);
      expect(within(dialog).getByTestId('charge-total')).toHaveTextContent(`A pagar hoje${euros(0)}`);
      expect(within(dialog).getByTestId('plan-change-credit-left')).toHaveTextContent(
        `${euros(12100)} fica como crédito na conta para as próximas cobranças.`,
      );
      expect(dialog).toHaveTextContent('Novo período: 20 de janeiro de 2026 – 20 de fevereiro de 2026');
      expect(new URL(fetchCalls(fetchSpy, previewRoute)[0]!.url, window.location.origin).search).toBe(
        '?plan=pro&period=monthly',
      );
      // Nothing is bought until the buyer goes on.
      expect(fetchCalls(fetchSpy, checkoutRoute)).toEqual([]);

      await user.click(within(dialog).getByRole('button', { name: 'Continuar para o checkout' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith(`${window.location.origin}/checkout/sandbox/sbx_1`));
      expect(fetchCalls(fetchSpy, checkoutRoute).map((call) => call.body)).toEqual([
        expect.objectContaining({ priceId: 'price_sandbox_pro_monthly', plan: 'pro', period: 'monthly' }),
      ]);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });

    it('is left with Cancel or Escape, nothing bought and the focus back on the plan', async () => {
      const { user, fetchSpy, dialog, subscribe } = await openPreview();
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      await waitFor(() => expect(subscribe).toHaveFocus());

      await user.keyboard('{Enter}');
      const again = await screen.findByRole('alertdialog');
      await within(again).findByTestId('charge-total');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      await waitFor(() => expect(subscribe).toHaveFocus());
      expect(fetchCalls(fetchSpy, checkoutRoute)).toEqual([]);
    });

    it('still lets the buyer go on when the figures cannot be had (the checkout shows them)', async () => {
      const assign = stubLocationAssign();
      const { user, dialog } = await openPreview({
        [previewRoute]: reply({ success: false, error: 'Service unavailable' }, 503),
      });
      expect(await within(dialog).findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
        'Não foi possível calcular o valor agora; o checkout mostra-o antes de pagar.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Continuar para o checkout' }));
      await waitFor(() => expect(assign).toHaveBeenCalled());
    });
  });

  it('says Stripe prorates the plan it replaces', async () => {
    renderPage(signedIn, {
      [`GET ${api('/config')}`]: reply({ ...sandboxConfig, provider: 'stripe' }),
      [`GET ${api('/account')}`]: reply(
        account({ plan: 'starter', period: 'yearly', status: 'active', renews_at: '2027-01-01T00:00:00.000Z' }),
      ),
    });
    expect(
      await within(card('Pro')).findByText(
        'O seu plano Starter anual termina quando o novo começar: o plano Pro mensal começa hoje. O tempo que falta do plano atual é descontado proporcionalmente.',
      ),
    ).toBeInTheDocument();
    expect(within(card('Starter')).getByText(/o plano Starter mensal começa hoje/)).toBeInTheDocument();
  });

  it('writes the extra-token prices as money', async () => {
    renderPage(signedOut);
    expect(await within(card('Pro')).findByText(`Tokens extra a ${euros(4)} por 1000 tokens`)).toBeInTheDocument();
    expect(
      within(card('Enterprise')).getByText(`Tokens extra a ${euros(3)} por 1000 tokens (25% de desconto)`),
    ).toBeInTheDocument();
  });

  it('keeps the period, the add-on tab and the coupon in its address, through sign-in and back', async () => {
    const { user, router, fetchSpy } = renderPage(signedOut, {
      [`POST ${api('/coupons/validate')}`]: reply({
        valid: true,
        code: 'NUVEM20',
        percentOff: 20,
        description: '20% de desconto',
        plan: null,
      }),
    });
    await user.click(screen.getByRole('switch', { name: /Anual/ }));
    await user.click(screen.getByRole('tab', { name: 'Horas de Consultoria' }));
    await user.type(screen.getByLabelText('Código de cupão'), 'nuvem20{Enter}');
    expect(await screen.findByText('NUVEM20: 20% de desconto')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?period=yearly&tab=consultation&coupon=NUVEM20'));

    const buy = screen.getByRole('button', { name: 'Comprar o pacote Basic (3 horas)' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/login?redirect=${encodeURIComponent('/planos?period=yearly&tab=consultation&coupon=NUVEM20')}`,
    );
    expect(fetchCalls(fetchSpy, `POST ${api('/coupons/validate')}`)).toHaveLength(1);
  });

  it('comes back with them: the period and tab as they were, the coupon checked again and applied', async () => {
    const { fetchSpy } = renderPage(
      signedIn,
      {
        [`POST ${api('/coupons/validate')}`]: reply({
          valid: true,
          code: 'NUVEM20',
          percentOff: 20,
          description: '20% de desconto',
          plan: null,
        }),
      },
      '/planos?period=yearly&tab=consultation&coupon=NUVEM20',
    );
    expect(screen.getByRole('switch', { name: /Anual/ })).toBeChecked();
    expect(screen.getByRole('tab', { name: 'Horas de Consultoria' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('NUVEM20: 20% de desconto')).toBeInTheDocument();
    expect(within(card('Pro')).getByText(`Com NUVEM20: ${euros(79200)} por ano`)).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, `POST ${api('/coupons/validate')}`).map((call) => call.body)).toEqual([
      { code: 'NUVEM20' },
    ]);
    // Applied as it was, without announcing it again.
    expect(screen.queryByText(pricingMessages.couponApplied(20))).not.toBeInTheDocument();
  });

  it('says so when the coupon it comes back with no longer holds, and leaves it in the field', async () => {
    const { router } = renderPage(
      signedOut,
      {
        [`POST ${api('/coupons/validate')}`]: reply(
          { success: false, error: 'Invalid coupon', code: 'INVALID_COUPON' },
          404,
        ),
      },
      '/planos?coupon=OLD10',
    );
    expect(await toast(pricingMessages.couponInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Código de cupão')).toHaveValue('OLD10');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows where the focus is on the add-on tab panel', async () => {
    const { user } = renderPage(signedOut);
    await user.click(screen.getByRole('tab', { name: 'Tokens Extra' }));
    await user.tab();
    const panel = screen.getByRole('tabpanel', { name: 'Tokens Extra' });
    expect(panel).toHaveFocus();
    expect(panel).toHaveClass('focus-visible:ring-2', 'focus-visible:ring-ring');
  });

  describe('coupon', () => {
    const valid = reply({ valid: true, code: 'NUVEM20', percentOff: 20, description: '20% de desconto', plan: null });

    it('is applied upper-cased, shows its discount on the prices, and goes to checkout', async () => {
      const assign = stubLocationAssign();
      const checkout = held();
      const { user, fetchSpy } = renderPage(signedIn, {
        [`POST ${api('/coupons/validate')}`]: valid,
        [`POST ${api('/payments/pricing/checkout')}`]: checkout.handler,
      });
      const apply = screen.getByRole('button', { name: 'Aplicar' });
      expect(apply).toBeDisabled();
      await user.type(screen.getByLabelText('Código de cupão'), 'nuvem20');
      await user.click(apply);
      expect(await toast(pricingMessages.couponApplied(20))).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, `POST ${api('/coupons/validate')}`).map((call) => call.body)).toEqual([
        { code: 'NUVEM20' },
      ]);
      expect(screen.getByText('NUVEM20: 20% de desconto')).toBeInTheDocument();
      // Medium: 50,00 € -> 40,00 €; Pro monthly: 99,00 € -> 79,20 €.
      const medium = screen.getByRole('article', { name: 'Medium' });
      expect(within(medium).getByText(euros(4000))).toBeInTheDocument();
      expect(within(card('Pro')).getByText(`Com NUVEM20: ${euros(7920)} por mês`)).toBeInTheDocument();

      await user.click(within(medium).getByRole('button', { name: /Comprar o pacote Medium/ }));
      expect(fetchCalls(fetchSpy, `POST ${api('/payments/pricing/checkout')}`).map((call) => call.body)).toEqual([
        {
          type: 'tokens',
          pack: 'medium',
          couponCode: 'NUVEM20',
          customerEmail: 'ana@example.com',
          successUrl: `${window.location.origin}/success`,
          cancelUrl: `${window.location.origin}/pricing`,
        },
      ]);
      checkout.release(jsonResponse(checkoutReply));
      await waitFor(() => expect(assign).toHaveBeenCalled());
    });

    it('is removed, with the focus back in the code field', async () => {
      const { user, router } = renderPage(signedOut, { [`POST ${api('/coupons/validate')}`]: valid });
      await user.type(screen.getByLabelText('Código de cupão'), 'NUVEM20{Enter}');
      await user.click(await screen.findByRole('button', { name: 'Remover cupão' }));
      expect(screen.queryByText('NUVEM20: 20% de desconto')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Código de cupão')).toHaveFocus();
      await waitFor(() => expect(router.state.location.search).toBe(''));
    });

    it('asks for a code when it is blank, and disables Apply while checking', async () => {
      const validation = held();
      const { user, fetchSpy } = renderPage(signedOut, { [`POST ${api('/coupons/validate')}`]: validation.handler });
      const input = screen.getByLabelText('Código de cupão');
      await user.type(input, '   ');
      await user.click(screen.getByRole('button', { name: 'Aplicar' }));
      expect(await toast(pricingMessages.couponEmpty)).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, `POST ${api('/coupons/validate')}`)).toEqual([]);

      await user.clear(input);
      await user.type(input, 'nuvem20{Enter}');
      expect(screen.getByRole('button', { name: 'A verificar…' })).toBeDisabled();
      validation.release(jsonResponse({ valid: true, code: 'NUVEM20', percentOff: 20, description: '', plan: null }));
      expect(await toast(pricingMessages.couponApplied(20))).toBeInTheDocument();
    });

    it('is cleared by an invalid code, and by a failed check (with the fallback)', async () => {
      let answer: FetchHandler = valid;
      const { user } = renderPage(signedIn, { [`POST ${api('/coupons/validate')}`]: (url, init) => answer(url, init) });
      const input = screen.getByLabelText('Código de cupão');
      await user.type(input, 'NUVEM20{Enter}');
      expect(await screen.findByText('NUVEM20: 20% de desconto')).toBeInTheDocument();

      answer = reply({ success: false, error: pricingMessages.couponInvalid, code: 'INVALID_COUPON' }, 404);
      await user.type(input, 'OUTRO{Enter}');
      expect(await toast(pricingMessages.couponInvalid)).toBeInTheDocument();
      expect(screen.queryByText('NUVEM20: 20% de desconto')).not.toBeInTheDocument();
      expect(within(screen.getByRole('article', { name: 'Medium' })).getByText(euros(5000))).toBeInTheDocument();

      answer = valid;
      await user.clear(input);
      await user.type(input, 'NUVEM20{Enter}');
      expect(await screen.findByText('NUVEM20: 20% de desconto')).toBeInTheDocument();
      answer = reply({}, 503);
      await user.type(input, 'NUVEM20{Enter}');
      expect(await toast(pricingMessages.couponFallback)).toBeInTheDocument();
      expect(screen.queryByText('NUVEM20: 20% de desconto')).not.toBeInTheDocument();
    });

    it('refuses a code that cannot be one without asking the server', async () => {
      const { user, fetchSpy } = renderPage(signedOut);
      await user.type(screen.getByLabelText('Código de cupão'), 'não é código{Enter}');
      expect(await toast(pricingMessages.couponInvalid)).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, `POST ${api('/coupons/validate')}`)).toEqual([]);
    });
  });

  describe('custom quantity', () => {
    it("shows an instant estimate, then the server's quote and its bands, as the slider moves", async () => {
      const { user, fetchSpy } = renderPage(signedIn, {
        [`POST ${api('/payments/pricing/calculate')}`]: (_url, init) => {
          const quantity = quantityOf(init);
          // A figure the local bands would not give, to tell the server's quote apart.
          return jsonResponse({
            currency: 'eur',
            description: `${quantity}M tokens`,
            subtotalCents: 99_900,
            percentOff: 0,
            discountCents: 0,
            totalCents: 99_900,
            lines: [
              { from: 1, to: 10, units: 10, unitCents: 300, amountCents: 3000 },
              { from: 11, to: quantity, units: quantity - 10, unitCents: 280, amountCents: (quantity - 10) * 280 },
            ],
          });
        },
      });
      const slider = screen.getByRole('slider', { name: 'Milhões de tokens' });
      expect(slider).toHaveAttribute('aria-valuemin', '1');
      expect(slider).toHaveAttribute('aria-valuemax', '500');
      expect(slider).toHaveAttribute('aria-valuenow', '10');

      slider.focus();
      await user.keyboard('{ArrowRight}{ArrowRight}');
      expect(slider).toHaveAttribute('aria-valuetext', '12M tokens');
      // At once: the local estimate of 12 (10 x 3,00 + 2 x 2,80 = 35,60 €).
      expect(screen.getByText(euros(3560))).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^Comprar 12M tokens/ })).toBeInTheDocument();
      // Then the server's quote for 12, once the slider rests.
      expect(await screen.findByText(euros(99_900))).toBeInTheDocument();
      const calls = fetchCalls(fetchSpy, `POST ${api('/payments/pricing/calculate')}`).map((call) => call.body);
      expect(calls.at(-1)).toEqual({ type: 'tokens', quantity: 12 });
      expect(calls).not.toContainEqual({ type: 'tokens', quantity: 11 });
      const bands = screen.getByRole('table', { name: /Preço de 12M tokens/ });
      expect(
        within(bands)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual([
        'EscalãoPreço unitárioValor',
        `1–10 (10)${eurosText(300)}${eurosText(3000)}`,
        `11–12 (2)${eurosText(280)}${eurosText(560)}`,
      ]);
    });

    it('buys a typed quantity of consultation hours', async () => {
      stubLocationAssign();
      const { user, fetchSpy } = renderPage(signedIn, {
        [`POST ${api('/payments/pricing/checkout')}`]: reply(checkoutReply),
      });
      await user.click(screen.getByRole('tab', { name: 'Horas de Consultoria' }));
      const field = screen.getByRole('spinbutton', { name: 'Horas de consultoria' });
      await user.clear(field);
      await user.type(field, '250');
      await user.tab();
      expect(screen.getByRole('slider', { name: 'Horas de consultoria' })).toHaveAttribute('aria-valuenow', '100');
      const buy = screen.getByRole('button', { name: /^Comprar 100 horas/ });
      await waitFor(() => expect(buy).toBeEnabled());
      await user.click(buy);
      await waitFor(() =>
        expect(fetchCalls(fetchSpy, `POST ${api('/payments/pricing/checkout')}`)[0]?.body).toMatchObject({
          type: 'consultation',
          quantity: 100,
        }),
      );
    });
  });
});
