import { containerListResponseSchema, containerSchema, type Container } from '@nuvem/contracts/containers';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '@/components/ui/sonner';
import { createQueryClient } from '@/lib/query-client';
import { fetchCalls, mockFetch, reply, sequence, type FetchHandler } from '@/testing/mock-fetch.testing';
import { ContainersTab } from './containers-tab';

const DAY = 24 * 3600 * 1000;

function container(overrides: Partial<Container> = {}): Container {
  return containerSchema.parse({
    id: 'ctr_1',
    name: 'web-1',
    description: null,
    status: 'running',
    status_reason: null,
    tier: 'small',
    template_id: 'nodejs-18',
    driver: 'demo',
    ssh_command: 'ssh -p 2201 root@203.0.113.7',
    ip_address: '10.0.0.5',
    created_at: new Date(Date.now() - 3 * DAY).toISOString(),
    metrics: { cpu_usage: 12, memory_usage: 55.5, disk_usage: 90, network_rx_mb: 1, network_tx_mb: 2, processes: 20 },
    ...overrides,
  });
}

function listReply(containers: Container[], { total = containers.length, page = 1, pages = 1 } = {}) {
  return containerListResponseSchema.parse({ success: true, containers, total, page, per_page: 10, pages });
}

const listRoute = 'GET /api/v1/containers';

function renderTab(list: FetchHandler, routes: Record<string, FetchHandler> = {}) {
  const user = userEvent.setup();
  const onCreate = vi.fn();
  const fetchSpy = mockFetch({
    [listRoute]: list,
    'GET /api/v1/containers/templates': reply({
      success: true,
      templates: [
        { id: '', name: 'Ubuntu 24.04' },
        { id: 'nodejs-18', name: 'Node.js 18' },
      ],
    }),
    ...routes,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContainersTab onCreate={onCreate} />
      <Toaster />
    </QueryClientProvider>,
  );
  const listQueries = () =>
    fetchCalls(fetchSpy, listRoute).map((call) => new URL(call.url, window.location.origin).searchParams.toString());
  return { user, onCreate, fetchSpy, listQueries };
}

beforeEach(() => {
  toast.dismiss();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ContainersTab', () => {
  it('lists each container with its status, tier, template, address, age, usage and ssh command', async () => {
    renderTab(
      reply(
        listReply([
          container(),
          container({
            id: 'ctr_2',
            name: 'db-1',
            status: 'error',
            status_reason: 'The instance failed to start',
            tier: 'large',
            template_id: '',
            ip_address: null,
          }),
        ]),
      ),
    );
    const list = await screen.findByRole('list', { name: 'Containers' });
    const [web, db] = within(list).getAllByRole('listitem');

    const webRow = within(web!);
    expect(webRow.getByRole('heading', { name: 'web-1' })).toBeInTheDocument();
    expect(webRow.getByText('running')).toBeInTheDocument();
    expect(webRow.getByText('Small')).toBeInTheDocument();
    expect(webRow.getByText('Node.js 18')).toBeInTheDocument();
    expect(webRow.getByText('10.0.0.5')).toBeInTheDocument();
    expect(webRow.getByText('3 days ago')).toBeInTheDocument();
    expect(webRow.getByText('12.0%')).toHaveClass('text-success');
    expect(webRow.getByText('55.5%')).toHaveClass('text-warning');
    expect(webRow.getByText('90.0%')).toHaveClass('text-destructive');
    expect(webRow.getByText('ssh -p 2201 root@203.0.113.7')).toBeInTheDocument();
    expect(webRow.getByRole('button', { name: 'Actions for web-1' })).toBeInTheDocument();

    const dbRow = within(db!);
    expect(dbRow.getByText('error')).toHaveAttribute('title', 'The instance failed to start');
    expect(dbRow.getByText('The instance failed to start')).toBeInTheDocument();
    expect(dbRow.getByText('Large')).toBeInTheDocument();
    expect(dbRow.getByText('Ubuntu 24.04')).toBeInTheDocument();
    expect(dbRow.getByText('—')).toBeInTheDocument();

    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it("says the address is pending instead of naming the portal's own host", async () => {
    const fallback = { ssh_command: 'ssh root@127.0.0.1', ip_address: null };
    const { user } = renderTab(
      reply(listReply([container(fallback), container({ ...fallback, id: 'ctr_2', name: 'db-1', status: 'stopped' })])),
    );
    const list = await screen.findByRole('list', { name: 'Containers' });
    const [web, db] = within(list).getAllByRole('listitem');
    expect(within(web!).getByText('address pending')).toBeInTheDocument();
    expect(within(db!).getByText('no address while not running')).toBeInTheDocument();
    expect(list).not.toHaveTextContent('127.0.0.1');

    // Nothing to copy meanwhile.
    await user.click(within(web!).getByRole('button', { name: 'Actions for web-1' }));
    expect(await screen.findByRole('menuitem', { name: 'Copy SSH command' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows a spinner on a container that is starting', async () => {
    renderTab(reply(listReply([container({ status: 'starting' })])));
    const row = (await screen.findAllByRole('listitem'))[0]!;
    expect(within(row).getByRole('status')).toHaveTextContent('Working on web-1');
  });

  it('pages with Previous and Next, asking for page 2', async () => {
    const { user, listQueries } = renderTab((url) =>
      url.searchParams.get('page') === '2'
        ? Response.json(listReply([container({ id: 'ctr_11', name: 'app-11' })], { total: 11, page: 2, pages: 2 }))
        : Response.json(listReply([container()], { total: 11, page: 1, pages: 2 })),
    );
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(listQueries()).toEqual(['page=1&per_page=10']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'app-11' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(listQueries()).toContain('page=2&per_page=10');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'web-1' })).toBeInTheDocument();
  });

  it('filters by status from page 1', async () => {
    const { user, listQueries } = renderTab((url) =>
      url.searchParams.get('status') === 'stopped'
        ? Response.json(listReply([]))
        : Response.json(listReply([container()], { total: 11, pages: 2 })),
    );
    await screen.findByRole('heading', { name: 'web-1' });
    const filter = screen.getByRole('combobox', { name: 'Filter by status' });
    expect(filter).toHaveTextContent('All statuses');
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Stopped' }));
    expect(await screen.findByText('No stopped containers.')).toBeInTheDocument();
    expect(listQueries().at(-1)).toBe('page=1&per_page=10&status=stopped');
    // The filter stays, so the user can go back: this is not the first-run empty state.
    expect(screen.queryByText('No Containers Yet')).not.toBeInTheDocument();
  });

  it('invites to create the first container when there are none', async () => {
    const { user, onCreate } = renderTab(reply(listReply([])));
    expect(await screen.findByRole('heading', { name: 'No Containers Yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Container' }));
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('says once when the list cannot be loaded, and retries on demand', async () => {
    const { user } = renderTab(
      sequence(reply({ success: false, error: 'Forbidden', code: 'FORBIDDEN' }, 403), reply(listReply([container()]))),
    );
    expect(await screen.findByText('Failed to load containers')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The containers could not be loaded: Forbidden');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'web-1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByText('Failed to load containers')).toHaveLength(1);
  });

  it('moves back a page when the last container of a page is deleted', async () => {
    let deleted = false;
    const { user, listQueries } = renderTab(
      (url) => {
        if (url.searchParams.get('page') === '2' && !deleted) {
          return Response.json(
            listReply([container({ id: 'ctr_11', name: 'app-11' })], { total: 11, page: 2, pages: 2 }),
          );
        }
        return Response.json(listReply([container()], { total: deleted ? 10 : 11, page: 1, pages: deleted ? 1 : 2 }));
      },
      {
        'DELETE /api/v1/containers/ctr_11': () => {
          deleted = true;
          return Response.json({ success: true, message: 'Container deleted' });
        },
      },
    );
    await screen.findByText('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'app-11' });

    await user.click(screen.getByRole('button', { name: 'Actions for app-11' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete container app-11?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Container deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: /Your containers/ })).toHaveFocus());
    expect(listQueries().at(-1)).toBe('page=1&per_page=10');
  });
});
