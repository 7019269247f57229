import type { ApiKeyStats } from '@nuvem/contracts/applications';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/sonner';
import { fetchCalls, jsonResponse, reply, type FetchHandler } from '@/testing/mock-fetch.testing';
import { countAxisCeiling } from '@/components/charts/axis';
import { describeUsage } from './analytics-chart';
import { AnalyticsTab } from './analytics-tab';
import {
  apiKey,
  application,
  keyList,
  renderWithProviders,
  statsReply,
  stubBrowserGaps,
} from './api-key-fixtures.testing';

const listRoute = 'GET /applications/app_1/keys';
const ci = apiKey();
const old = apiKey({
  id: 'key_2',
  name: 'Old laptop',
  created_at: '2026-03-01T00:00:00.000Z',
  revoked_at: '2026-03-02T00:00:00.000Z',
});

function days(count: number, fill: (i: number) => [number, number, number]): ApiKeyStats {
  const list = Array.from({ length: count }, (_, i) => {
    const [allowed, rate_limited, rejected] = fill(i);
    const date = new Date(Date.UTC(2026, 2, 1 + i)).toISOString().slice(0, 10);
    return { date, allowed, rate_limited, rejected };
  });
  const totals = list.reduce(
    (t, d) => ({
      allowed: t.allowed + d.allowed,
      rate_limited: t.rate_limited + d.rate_limited,
      rejected: t.rejected + d.rejected,
    }),
    { allowed: 0, rate_limited: 0, rejected: 0 },
  );
  return { days: list, totals };
}

const week = days(7, (i) => [10 * i, i === 6 ? 3 : 0, i === 5 ? 1 : 0]);
const month = days(30, (i) => [1000 + i, 0, 0]);

/** Stats per key and window, as the server would give them. */
function statsRoute(byKey: Record<string, Record<string, ApiKeyStats>>): FetchHandler {
  return (url) => {
    const keyId = url.pathname.split('/')[4] ?? '';
    const stats = byKey[keyId]?.[url.searchParams.get('days') ?? ''];
    return stats ? jsonResponse(statsReply(stats)) : jsonResponse({ success: false, error: 'Not found' }, 404);
  };
}

function renderTab(routes: Record<string, FetchHandler>, withApplication = true) {
  return renderWithProviders(<AnalyticsTab application={withApplication ? application : undefined} />, routes);
}

function totalsCard(label: string) {
  const totals = screen.getByRole('list', { name: /^Totals/ });
  const item = within(totals)
    .getAllByRole('listitem')
    .find((li) => li.textContent.startsWith(label));
  if (!item) throw new Error(`no ${label} card`);
  return item;
}

beforeEach(stubBrowserGaps);

afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('AnalyticsTab', () => {
  it('needs an application', () => {
    const { fetchSpy } = renderTab({}, false);
    expect(screen.getByText('No application selected')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks for a key when the application has none', async () => {
    renderTab({ [listRoute]: reply(keyList([])) });
    expect(await screen.findByText('Generate an API key to see its usage')).toBeInTheDocument();
  });

  it("charts the first active key's week, then 30 days on request", async () => {
    const { user, fetchSpy } = renderTab({
      [listRoute]: reply(keyList([old, ci])),
      'GET /applications/app_1/keys/key_1/stats': statsRoute({ key_1: { '7': week, '30': month } }),
    });
    expect(await screen.findByRole('combobox', { name: 'API key' })).toHaveTextContent('CI pipeline');
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveTextContent('Last 7 days');
    // Revoked keys are included (their history stays readable).
    expect(fetchCalls(fetchSpy, listRoute)[0]?.url).toContain('include_revoked=true');

    const chart = await screen.findByRole('img', { name: /^Requests per day, last 7 days/ });
    expect(chart).toHaveAccessibleName(
      'Requests per day, last 7 days: 214 in all (210 allowed, 3 rate limited, 1 rejected); busiest day Mar 7 with 63 requests',
    );
    expect(within(chart).getAllByTestId('usage-bar')).toHaveLength(7);
    expect(totalsCard('Allowed')).toHaveTextContent('210');
    expect(totalsCard('Rate limited')).toHaveTextContent('3');
    expect(totalsCard('Rejected')).toHaveTextContent('1');
    const table = screen.getByRole('table', { name: 'Requests per day, last 7 days', hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(8);

    await user.click(screen.getByRole('combobox', { name: 'Time range' }));
    await user.click(await screen.findByRole('option', { name: 'Last 30 days' }));
    expect(await screen.findByRole('img', { name: /^Requests per day, last 30 days/ })).toBeInTheDocument();
    expect(
      fetchCalls(fetchSpy, 'GET /applications/app_1/keys/key_1/stats').map((c) => new URL(c.url, 'http://x').search),
    ).toEqual(['?days=7', '?days=30']);
    expect(totalsCard('Allowed')).toHaveTextContent('30,435');
  });

  it('lists active keys first and follows the chosen key', async () => {
    const { user } = renderTab({
      [listRoute]: reply(keyList([old, ci])),
      'GET /applications/app_1/keys/key_1/stats': statsRoute({ key_1: { '7': week } }),
      'GET /applications/app_1/keys/key_2/stats': statsRoute({ key_2: { '7': days(7, () => [0, 0, 0]) } }),
    });
    await screen.findByRole('img', { name: /^Requests per day/ });
    await user.click(screen.getByRole('combobox', { name: 'API key' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['CI pipeline', 'Old laptop (revoked)']);
    await user.click(screen.getByRole('option', { name: 'Old laptop (revoked)' }));

    expect(await screen.findByText('No requests in this period')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Requests per day/ })).not.toBeInTheDocument();
    expect(totalsCard('Allowed')).toHaveTextContent('0');
  });

  it('says when the usage cannot be loaded', async () => {
    renderTab({
      [listRoute]: reply(keyList([ci])),
      'GET /applications/app_1/keys/key_1/stats': reply({ success: false, error: 'API key not found' }, 404),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The usage could not be loaded: API key not found');
  });
});

describe('usage chart helpers', () => {
  it('rounds the axis to whole, even steps', () => {
    expect(countAxisCeiling(0)).toBe(4);
    expect(countAxisCeiling(3)).toBe(4);
    expect(countAxisCeiling(63)).toBe(80);
    expect(countAxisCeiling(100)).toBe(100);
    expect(countAxisCeiling(1029)).toBe(2000);
  });

  it('describes an empty window', () => {
    expect(describeUsage(days(7, () => [0, 0, 0]).days, 'Last 7 days')).toBe(
      'Requests per day, last 7 days: no requests',
    );
  });
});
