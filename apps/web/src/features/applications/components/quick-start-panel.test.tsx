import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/sonner';
import { reply, type FetchHandler } from '@/testing/mock-fetch.testing';
import { apiKey, application, keyList, renderWithProviders, stubBrowserGaps } from './api-key-fixtures.testing';
import { QuickStartPanel } from './quick-start-panel';

const listRoute = 'GET /applications/app_1/keys';
const url = `${window.location.origin}/api/v1/containers`;

function renderPanel(routes: Record<string, FetchHandler>, withApplication = true) {
  return renderWithProviders(
    <MemoryRouter>
      <QuickStartPanel application={withApplication ? application : undefined} />
    </MemoryRouter>,
    routes,
  );
}

function example() {
  return screen.getByLabelText('Example request');
}

beforeEach(stubBrowserGaps);

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('QuickStartPanel', () => {
  it("shows a curl call with the active key's prefix, its tier and the rate-limit headers", async () => {
    const { user } = renderPanel({
      [listRoute]: reply(keyList([apiKey({ rate_limit_tier: 'premium' })])),
    });
    expect(screen.getByRole('region', { name: 'Quick start' })).toBeInTheDocument();
    expect(await screen.findByText(`curl -H "Authorization: Bearer nuv_AbCdEfGh…" ${url}`)).toBeInTheDocument();
    expect(screen.getByText(/it was shown once, when the key was created/)).toBeInTheDocument();
    expect(screen.getByText(/premium tier \(600 requests a minute by default\)/)).toBeInTheDocument();
    expect(screen.getByText('RateLimit-Remaining')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy command' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(`curl -H "Authorization: Bearer nuv_AbCdEfGh…" ${url}`);
    expect(await screen.findByRole('button', { name: 'Copy command' })).toHaveTextContent('Copied!');
  });

  it('lets the user choose among several active keys, skipping expired ones', async () => {
    const { user } = renderPanel({
      [listRoute]: reply(
        keyList([
          apiKey(),
          apiKey({
            id: 'key_2',
            name: 'Deploy bot',
            key_prefix: 'nuv_Deploy99',
            created_at: '2026-01-01T00:00:00.000Z',
          }),
          apiKey({ id: 'key_3', name: 'Demo', key_prefix: 'nuv_Expired0', expires_at: '2020-01-01T00:00:00.000Z' }),
        ]),
      ),
    });
    const select = await screen.findByRole('combobox', { name: 'Key for the example' });
    expect(select).toHaveTextContent('CI pipeline');
    await user.click(select);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'CI pipeline (nuv_AbCdEfGh)',
      'Deploy bot (nuv_Deploy99)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Deploy bot (nuv_Deploy99)' }));
    expect(example()).toHaveTextContent(`curl -H "Authorization: Bearer nuv_Deploy99…" ${url}`);
  });

  it('uses a placeholder and says to generate a key when there is none', async () => {
    const { user } = renderPanel({ [listRoute]: reply(keyList([])) });
    expect(
      await screen.findByText('Generate an API key in the API Keys tab, then put it in place of nuv_your_key.'),
    ).toBeInTheDocument();
    expect(example()).toHaveTextContent(`curl -H "Authorization: Bearer nuv_your_key" ${url}`);
    // A new key's tier is the plan's: the panel says so, where the plan is, and which plan gives which.
    const panel = within(screen.getByRole('region', { name: 'Quick start' }));
    expect(panel.getByText(/New keys get the tier of your plan; your plan is on the/)).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'Billing page' })).toHaveAttribute('href', '/account/billing');
    expect(panel.queryByText(/standard tier/)).not.toBeInTheDocument();
    const toggle = panel.getByRole('button', { name: 'Which tier does each plan give?' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Free and Starter: standard (60 requests a minute by default)',
      'Pro: premium (600 requests a minute by default)',
      'Enterprise: enterprise (6,000 requests a minute by default)',
    ]);
    expect(panel.getByText(/Whatever the tier, every reply carries/)).toBeInTheDocument();
  });

  it('works without an application', () => {
    const { fetchSpy } = renderPanel({}, false);
    expect(example()).toHaveTextContent(`curl -H "Authorization: Bearer nuv_your_key" ${url}`);
    expect(screen.getByText(/Create an application and generate an API key/)).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
