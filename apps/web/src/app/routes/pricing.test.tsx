import { pricingMessages } from '@nuvem/contracts/billing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCalls, mockFetch, reply, signedOutAuthRoutes } from '@/testing/mock-fetch.testing';
import { renderRoute } from '@/testing/render-route.testing';

const config = {
  provider: 'sandbox',
  currency: 'eur',
  priceIds: { pro: { monthly: 'price_pro_m', yearly: 'price_pro_y' } },
};

describe('the pricing routes', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['/pricing', 'Subscribe to the Pro plan', 'Please sign in to continue'],
    ['/planos', 'Subscrever o plano Pro', pricingMessages.signInRequired],
  ])(
    '%s sends a signed-out buyer to the sign-in page, which will return here',
    async (path, subscribeName, signInToast) => {
      const fetchSpy = mockFetch({ ...signedOutAuthRoutes, 'GET /api/payments/config': reply(config) });
      const { router } = renderRoute(path);
      const pro = await screen.findByRole('article', { name: 'Pro' });
      const subscribe = within(pro).getByRole('button', { name: subscribeName });
      await waitFor(() => expect(subscribe).toBeEnabled());
      await userEvent.click(subscribe);
      expect(await screen.findByText(signInToast)).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/login?redirect=${encodeURIComponent(path)}`,
      );
      expect(fetchCalls(fetchSpy, 'POST /api/payments/subscriptions/checkout')).toEqual([]);
    },
  );
});
