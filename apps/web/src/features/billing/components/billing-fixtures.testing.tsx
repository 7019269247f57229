import {
  accountResponseSchema,
  orderSchema,
  paymentsConfigSchema,
  sandboxSessionSchema,
  type BillingAccount,
  type Order,
  type PaymentsConfig,
  type SandboxSession,
} from '@nuvem/contracts/billing';
import { formatMoney } from '@nuvem/contracts/pricing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from '@/components/ui/sonner';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch, type FetchHandler } from '@/testing/mock-fetch.testing';

// Shared by this feature's component tests (not a test itself: vitest only runs *.test.*).

export const api = (path: string) => `/api/payments${path}`;

export const sandboxConfig: PaymentsConfig = paymentsConfigSchema.parse({
  provider: 'sandbox',
  currency: 'eur',
  priceIds: {
    free: { monthly: 'price_sandbox_free_monthly' },
    starter: { monthly: 'price_sandbox_starter_monthly', yearly: 'price_sandbox_starter_yearly' },
    pro: { monthly: 'price_sandbox_pro_monthly', yearly: 'price_sandbox_pro_yearly' },
    enterprise: { monthly: 'price_sandbox_enterprise_monthly', yearly: 'price_sandbox_enterprise_yearly' },
  },
});

export function account(overrides: Partial<BillingAccount> = {}): BillingAccount {
  return accountResponseSchema.parse({
    plan: 'free',
    period: null,
    status: null,
    renews_at: null,
    period_start: null,
    cancel_at_period_end: false,
    balances: { tokens: 0, consultation: 0, development: 0 },
    allowances: [],
    credit_cents: 0,
    customer_portal: false,
    key_tier: 'standard',
    containers: { limit: 3, tiers: ['small', 'medium'] },
    provider: 'sandbox',
    ...overrides,
  });
}

export function order(overrides: Partial<Order> = {}): Order {
  return orderSchema.parse({
    id: 'ord_1',
    kind: 'addon',
    // Stored in pt-PT, as the server stores it; a page names it from the codes in its own language.
    description: 'Tokens Extra: pack Medium (20M tokens)',
    addon_type: 'tokens',
    pack: 'medium',
    quantity: 20,
    plan: null,
    period: null,
    coupon_code: null,
    subtotal_cents: 5000,
    discount_cents: 0,
    total_cents: 6150,
    currency: 'eur',
    status: 'paid',
    provider: 'sandbox',
    purpose: 'purchase',
    proration_cents: 0,
    credit_applied_cents: 0,
    net_cents: 5000,
    tax_rate_bp: 2300,
    tax_cents: 1150,
    tax_treatment: 'domestic',
    // Only a paid order has an invoice.
    invoice_number: (overrides.status ?? 'paid') === 'paid' ? 'FT 2026/1' : null,
    failure_reason: null,
    created_at: '2026-03-05T10:00:00.000Z',
    paid_at: '2026-03-05T10:01:00.000Z',
    receipt_url: null,
    ...overrides,
  });
}

export function sandboxSession(overrides: Partial<SandboxSession> = {}): SandboxSession {
  return sandboxSessionSchema.parse({
    id: 'sbx_1',
    order_id: 'ord_1',
    description: 'Tokens Extra — Medium (20M tokens)',
    email: 'ana@example.com',
    subtotal_cents: 5000,
    discount_cents: 1000,
    proration_cents: 0,
    credit_applied_cents: 0,
    net_cents: 4000,
    tax_rate_bp: 2300,
    tax_cents: 920,
    total_cents: 4920,
    tax_treatment: 'domestic',
    currency: 'eur',
    status: 'pending',
    cancel_url: 'http://localhost:3000/pricing',
    ...overrides,
  });
}

/**
 * Money as the pricing page writes it ('29,00 €'), with the no-break space as a plain one: the
 * way Testing Library's text matchers read the page.
 */
export const euros = (cents: number, locale = 'pt-PT') => formatMoney(cents, 'eur', locale).replace(/\s/g, ' ');

/** An accessible-name matcher that reads any space (a no-break one in money too) as a space. */
export const named = (text: string) => (name: string) => name.replace(/\s/g, ' ') === text;

/** Money exactly as written (for textContent). */
export const eurosText = (cents: number, locale = 'pt-PT') => formatMoney(cents, 'eur', locale);

/** Shows where the router is, so a test can see a redirect to sign-in. */
function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders `element` at `path` in a memory router (with a sign-in page and the other billing
 * addresses as stand-ins), the query client and the toaster; `fetch` answers `routes`.
 */
export function renderBilling(element: ReactElement, routes: Record<string, FetchHandler>, path = '/pricing') {
  const fetchSpy = mockFetch(routes);
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0] ?? path, element },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, fetchSpy, router, user: userEvent.setup() };
}
