import {
  containerListResponseSchema,
  containerMetricsResponseSchema,
  metricsHistoryResponseSchema,
  type Container,
} from '@nuvem/contracts/containers';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fetchCalls, mockFetch, reply } from '@/testing/mock-fetch.testing';
import { MetricsTab } from './metrics-tab';

function container(id: string, name: string, overrides: Partial<Container> = {}, metrics = {}): Container {
  return {
    id,
    name,
    description: null,
    status: 'running',
    status_reason: null,
    tier: 'small',
    template_id: '',
    driver: 'demo',
    ssh_command: `ssh root@10.0.0.${name.length}`,
    ip_address: '10.0.0.2',
    created_at: '2025-01-01T00:00:00.000Z',
    metrics: {
      cpu_usage: 10,
      memory_usage: 20,
      disk_usage: 30,
      network_rx_mb: 1,
      network_tx_mb: 1,
      processes: 5,
      ...metrics,
    },
    ...overrides,
  };
}

const web = container(
  'ctr_web',
  'web',
  {},
  { cpu_usage: 92, memory_usage: 45, disk_usage: 86, network_rx_mb: 12.3, network_tx_mb: 4.5, processes: 37 },
);
const db = container('ctr_db', 'db', {}, { cpu_usage: 30, memory_usage: 95, disk_usage: 84, processes: 12 });
const old = container(
  'ctr_old',
  'old',
  { status: 'stopped' },
  { cpu_usage: 0, memory_usage: 0, disk_usage: 0, network_rx_mb: 0, network_tx_mb: 0, processes: 0 },
);

function listReply(containers: Container[]) {
  return reply(
    containerListResponseSchema.parse({
      success: true,
      containers,
      total: containers.length,
      page: 1,
      per_page: 100,
      pages: 1,
    }),
  );
}

const webMetrics = reply(
  containerMetricsResponseSchema.parse({
    success: true,
    metrics: {
      cpu_usage: 42,
      memory_usage: 50,
      memory_used_mb: 512,
      memory_total_mb: 1024,
      disk_usage: 32.1,
      disk_used_gb: 3.21,
      disk_total_gb: 10,
      processes: 37,
      network_rx_mb: 12.3,
      network_tx_mb: 4.5,
    },
  }),
);

function historyReply(count: number) {
  const now = Date.now();
  return (url: URL) =>
    Response.json(
      metricsHistoryResponseSchema.parse({
        success: true,
        range: url.searchParams.get('range'),
        points: Array.from({ length: count }, (_, i) => ({
          at: new Date(now - (count - 1 - i) * 15_000).toISOString(),
          cpu_usage: 20 + i * 10,
          memory_usage: 50,
          disk_usage: 32,
          network_rx_mb: i,
          network_tx_mb: i / 2,
          processes: 37,
        })),
      }),
    );
}

function renderTab(props: { initialContainerId?: string } = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MetricsTab {...props} />
    </QueryClientProvider>,
  );
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  // jsdom has no pointer capture or scrolling, which the Select primitive uses.
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('MetricsTab', () => {
  it('shows the alert banner, the Real-time badge, fleet averages and the per-container table', async () => {
    mockFetch({ 'GET /api/v1/containers': listReply([web, db, old]) });
    renderTab();

    expect(screen.getByText('Alerts trigger when CPU > 80%, Memory > 90%, or Disk > 85%')).toBeInTheDocument();
    expect(screen.getByText('Real-time')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Container' })).toHaveTextContent('All Containers');
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveTextContent('Last Hour');

    const table = await screen.findByRole('table', { name: 'Metrics per container' });
    // Averages over the two running containers; the stopped one reports zeros.
    const cpu = screen.getByRole('group', { name: 'Average CPU' });
    expect(cpu).toHaveTextContent('61.0%');
    expect(cpu).toHaveTextContent('Across 2 running containers');
    expect(within(cpu).getByRole('meter', { name: 'Average CPU' })).toHaveAttribute('aria-valuenow', '61');
    expect(screen.getByRole('group', { name: 'Average Memory' })).toHaveTextContent('70.0%');
    expect(screen.getByRole('group', { name: 'Average Disk' })).toHaveTextContent('85.0%');
    expect(screen.getByRole('group', { name: 'Total Network' })).toHaveTextContent('18.8 MB');

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Container', 'Status', 'CPU', 'Memory', 'Disk', 'Network', 'Processes']);
    const webRow = within(table).getByRole('row', { name: /^web/ });
    const cells = within(webRow).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      'running',
      '92.0% (above threshold)',
      '45.0%',
      '86.0% (above threshold)',
      '12.3 MB received, 4.5 MB sent',
      '37',
    ]);
    const webCpu = within(webRow).getByText('92.0%');
    expect(webCpu).toHaveAttribute('data-colour', 'red');
    expect(webCpu).toHaveClass('font-bold', 'text-destructive');
    expect(within(webRow).getByText('45.0%')).toHaveAttribute('data-colour', 'green');
    expect(within(webRow).getByText('45.0%')).not.toHaveClass('font-bold');

    const dbRow = within(table).getByRole('row', { name: /^db/ });
    expect(within(dbRow).getByText('95.0%')).toHaveClass('font-bold');
    expect(within(dbRow).getByText('30.0%')).toHaveAttribute('data-colour', 'green');
    // Red (80 and over) but not above the disk threshold (85): coloured, not highlighted.
    expect(within(dbRow).getByText('84.0%')).toHaveAttribute('data-colour', 'red');
    expect(within(dbRow).getByText('84.0%')).not.toHaveClass('font-bold');
    expect(within(table).getByRole('row', { name: /^old/ })).toHaveTextContent('stopped');
  });

  it('switches to one container: its cards, its charts, and the range it asks for', async () => {
    const spy = mockFetch({
      'GET /api/v1/containers': listReply([web, db]),
      'GET /api/v1/containers/ctr_web/metrics': webMetrics,
      'GET /api/v1/containers/ctr_web/metrics/history': historyReply(4),
    });
    renderTab();
    await screen.findByRole('table', { name: 'Metrics per container' });

    await choose('Container', 'web');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'CPU Usage' })).toHaveTextContent('42.0%');
    expect(screen.getByRole('group', { name: 'Memory' })).toHaveTextContent('512 / 1,024 MB');
    expect(screen.getByRole('group', { name: 'Disk' })).toHaveTextContent('3.2 / 10.0 GB');
    expect(screen.getByRole('group', { name: 'Active Processes' })).toHaveTextContent('37');
    expect(screen.getByRole('meter', { name: 'CPU Usage' })).toHaveAttribute('data-colour', 'green');
    expect(screen.getByRole('meter', { name: 'Memory' })).toHaveAttribute('data-colour', 'yellow');

    const cpuChart = await screen.findByRole('img', { name: /^CPU usage, last hour:/ });
    expect(cpuChart).toHaveAccessibleName(
      expect.stringMatching(/min 20\.0%, average 35\.0%, max 50\.0%, latest 50\.0% at .*; alert threshold 80%$/),
    );
    expect(screen.getByRole('img', { name: /^Memory usage, last hour:.*alert threshold 90%$/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Disk usage, last hour:.*alert threshold 85%$/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Network traffic/ })).toBeInTheDocument();
    expect(fetchCalls(spy, 'GET /api/v1/containers/ctr_web/metrics/history').at(-1)?.url).toMatch(/\?range=1h$/);

    await choose('Time range', 'Last 7 Days');
    expect(await screen.findByRole('img', { name: /^CPU usage, last 7 days:/ })).toBeInTheDocument();
    expect(fetchCalls(spy, 'GET /api/v1/containers/ctr_web/metrics/history').at(-1)?.url).toMatch(/\?range=7d$/);

    await choose('Container', 'All Containers');
    expect(await screen.findByRole('table', { name: 'Metrics per container' })).toBeInTheDocument();
    // Four Recharts charts drawn twice (two ranges) take a few seconds in jsdom.
  }, 20_000);

  it('opens a container from the table, and says honestly when its range has no samples', async () => {
    mockFetch({
      'GET /api/v1/containers': listReply([web, db]),
      'GET /api/v1/containers/ctr_db/metrics': webMetrics,
      'GET /api/v1/containers/ctr_db/metrics/history': historyReply(0),
    });
    renderTab();
    const table = await screen.findByRole('table', { name: 'Metrics per container' });
    await userEvent.click(within(table).getByRole('button', { name: 'db' }));
    expect(screen.getByRole('combobox', { name: 'Container' })).toHaveTextContent('db');
    expect(
      await screen.findByText(
        'No samples in this range yet — a point is stored every 15 seconds while the container runs',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('starts on the container it is given', async () => {
    mockFetch({
      'GET /api/v1/containers': listReply([web, db]),
      'GET /api/v1/containers/ctr_web/metrics': webMetrics,
      'GET /api/v1/containers/ctr_web/metrics/history': historyReply(2),
    });
    renderTab({ initialContainerId: 'ctr_web' });
    expect(await screen.findByRole('group', { name: 'CPU Usage' })).toHaveTextContent('42.0%');
    expect(screen.getByRole('combobox', { name: 'Container' })).toHaveTextContent('web');
  });

  it('says when there are no containers', async () => {
    mockFetch({ 'GET /api/v1/containers': listReply([]) });
    renderTab();
    expect(await screen.findByText('No containers to show metrics for')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('only logs a metrics failure and keeps showing what it has', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({
      'GET /api/v1/containers': listReply([web]),
      'GET /api/v1/containers/ctr_web/metrics': reply({ success: false, error: 'Forbidden', code: 'FORBIDDEN' }, 403),
      'GET /api/v1/containers/ctr_web/metrics/history': historyReply(3),
    });
    renderTab({ initialContainerId: 'ctr_web' });
    expect(await screen.findByRole('img', { name: /^CPU usage, last hour:/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('The metrics of ctr_web could not be loaded', expect.any(Error)),
    );
    expect(screen.getByRole('group', { name: 'CPU Usage' })).toHaveTextContent('—');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Forbidden/)).not.toBeInTheDocument();
  });
});
