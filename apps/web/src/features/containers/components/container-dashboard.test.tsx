import {
  containerListResponseSchema,
  containerSchema,
  containerSummaryResponseSchema,
  type Container,
  type ContainerSummary,
} from '@nuvem/contracts/containers';
import { rolePermissions, type Role } from '@nuvem/contracts/orgs';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/sonner';
import { i18n } from '@/lib/i18n';
import {
  fetchCalls,
  jsonResponse,
  mockFetch,
  reply,
  signedOutAuthRoutes,
  type FetchHandler,
} from '@/testing/mock-fetch.testing';
import { renderRoute } from '@/testing/render-route.testing';

// The wizard and the Metrics tab are tested on their own; here they stand in as what they show.
vi.mock('./create-container-wizard', () => ({
  CreateContainerWizard: ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) =>
    open ? (
      <div role="dialog" aria-label="Create wizard">
        <button type="button" onClick={() => onOpenChange(false)}>
          Close wizard
        </button>
      </div>
    ) : null,
}));
vi.mock('./metrics-tab', () => ({
  MetricsTab: ({ initialContainerId }: { initialContainerId?: string }) => (
    <p>Metrics of {initialContainerId ?? 'all containers'}</p>
  ),
}));

const ana = {
  id: 'usr_1',
  email: 'ana@example.com',
  created_at: '2025-01-01T00:00:00.000Z',
  email_verified: true,
  user_metadata: { display_name: 'Ana', avatar_url: null },
};

function container(overrides: Partial<Container> = {}): Container {
  return containerSchema.parse({
    id: 'ctr_1',
    name: 'web-1',
    description: null,
    status: 'running',
    status_reason: null,
    tier: 'small',
    template_id: '',
    driver: 'demo',
    ssh_command: 'ssh -p 2201 root@203.0.113.7',
    ip_address: '10.0.0.5',
    created_at: '2025-01-01T00:00:00.000Z',
    metrics: { cpu_usage: 12, memory_usage: 40, disk_usage: 30, network_rx_mb: 1, network_tx_mb: 2, processes: 20 },
    ...overrides,
  });
}

const summary: ContainerSummary = {
  total: 3,
  running: 2,
  stopped: 1,
  avg_cpu_usage: 12.5,
  avg_memory_usage: 64,
  avg_disk_usage: 85,
  network_total_mb: 1536.25,
  sampled_containers: 2,
};

function summaryReply(value: ContainerSummary) {
  return containerSummaryResponseSchema.parse({ success: true, summary: value });
}

function listReply(containers: Container[]) {
  return containerListResponseSchema.parse({
    success: true,
    containers,
    total: containers.length,
    page: 1,
    per_page: 10,
    pages: 1,
  });
}

const summaryRoute = 'GET /api/v1/containers/summary';

function signedIn(routes: Record<string, FetchHandler> = {}) {
  return mockFetch({
    'GET /sso/check': reply({ authenticated: true, user: ana, access_token: 'tok' }),
    'GET /auth/config': reply({ providers: [], redirect_origins: [] }),
    'GET /api/v1/containers/driver': reply({ success: true, driver: 'demo' }),
    [summaryRoute]: reply(summaryReply(summary)),
    'GET /api/v1/containers': reply(
      listReply([container(), container({ id: 'ctr_2', name: 'db-1', ssh_command: 'ssh -p 2202 root@203.0.113.7' })]),
    ),
    'GET /api/v1/containers/defaults': reply({ success: true, defaults: { tier: 'small', template_id: '' } }),
    // The developer dashboard around it (the container dashboard is its Containers tab).
    'GET /applications': reply({ success: true, applications: [] }),
    ...routes,
  });
}

async function openDashboard(routes: Record<string, FetchHandler> = {}) {
  const user = userEvent.setup();
  const fetchSpy = signedIn(routes);
  renderRoute('/developer?tab=containers');
  // The whole route renders (lazy chunks included): slower than one component on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Developer' }, { timeout: 5_000 });
  await screen.findByRole('heading', { level: 2, name: 'Containers' }, { timeout: 5_000 });
  return { user, fetchSpy };
}

/** The container dashboard's own tabs (the developer dashboard around it has tabs of the same names). */
function containerTabs() {
  return within(screen.getByRole('tablist', { name: 'Container dashboard' }));
}

beforeEach(() => {
  toast.dismiss();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

vi.setConfig({ testTimeout: 20_000 });

describe('/developer', () => {
  it('asks a signed-out visitor to sign in', async () => {
    const fetchSpy = mockFetch(signedOutAuthRoutes);
    renderRoute('/developer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Containers' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?redirect=%2Fdeveloper');
    expect(fetchCalls(fetchSpy, 'GET /api/v1/containers/summary')).toHaveLength(0);
    expect(fetchCalls(fetchSpy, 'GET /api/v1/containers/driver')).toHaveLength(0);
  });

  it('shows a spinner while the session is being checked', async () => {
    let answer: () => void = () => {};
    mockFetch({
      ...signedOutAuthRoutes,
      'GET /sso/check': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(jsonResponse({ authenticated: false, sso_login_url: '/login' }));
        }),
    });
    renderRoute('/developer');
    expect(await screen.findByText('Checking your session')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Containers' })).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeInTheDocument();
  });

  it('shows the container dashboard with the overview figures to a signed-in user', async () => {
    await openDashboard();
    expect(screen.getByRole('heading', { level: 2, name: 'Containers' })).toBeInTheDocument();
    expect(
      containerTabs()
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['At a glance', 'Container list', 'Metrics', 'Defaults']);
    // Inside the developer page's Containers tab: no inner tab repeats one of the page's tab names.
    const pageTabs = within(screen.getByRole('tablist', { name: 'Developer dashboard' }))
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(pageTabs).toContain('Containers');
    for (const tab of containerTabs().getAllByRole('tab')) expect(pageTabs).not.toContain(tab.textContent);
    expect(containerTabs().getByRole('tab', { name: 'At a glance' })).toHaveAttribute('aria-selected', 'true');

    const figures = await screen.findByLabelText('Summary');
    await waitFor(() => expect(within(figures).getAllByRole('term')).toHaveLength(7));
    expect(
      within(figures)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Total Containers', 'Running', 'Stopped', 'Avg CPU', 'Avg Memory', 'Avg Disk', 'Network']);
    const values = within(figures)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(values).toEqual(expect.arrayContaining(['3', '2', '1', '12.5%', '64.0%', '85.0%', '1,536.3 MB']));

    const quick = screen.getByRole('region', { name: 'Quick Actions' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Create Container', 'View All Containers', 'View Metrics', 'SSH Access Guide']);
  });

  it('says in plain words that the containers are demo ones, the operator setting only in a tooltip', async () => {
    const { user } = await openDashboard();
    const banner = await screen.findByRole('note', { name: 'Demo mode' });
    expect(banner).toHaveTextContent(
      'Demo mode — These are demo containers, simulated by the portal: they are not real machines, and nothing you run in them reaches a real server.',
    );
    // An end user is not told to set a variable; an operator finds it from the keyboard.
    expect(banner).not.toHaveTextContent('CONTAINER_DRIVER');
    const operators = within(banner).getByRole('button', { name: 'For operators' });
    for (let i = 0; i < 40 && document.activeElement !== operators; i++) await user.tab();
    expect(operators).toHaveFocus();
    const tip = await screen.findByRole('tooltip');
    expect(tip).toHaveTextContent(/Set CONTAINER_DRIVER=lxd .* to manage real LXD containers\./);
    expect(operators).toHaveAccessibleDescription(expect.stringContaining('CONTAINER_DRIVER=lxd'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('speaks European Portuguese: tabs, figures, banner and quick actions', async () => {
    await act(() => i18n.changeLanguage('pt-PT'));
    signedIn();
    renderRoute('/developer?tab=containers');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Contentores' }, { timeout: 5_000 });
    expect(heading).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Painel de contentores' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Em resumo',
      'Lista de contentores',
      'Métricas',
      'Predefinições',
    ]);
    expect(screen.getByRole('button', { name: 'Novo contentor' })).toBeInTheDocument();
    expect(await screen.findByRole('note', { name: 'Modo de demonstração' })).toHaveTextContent(
      'Estes são contentores de demonstração',
    );
    const figures = await screen.findByLabelText('Resumo');
    await waitFor(() => expect(within(figures).getAllByRole('term')).toHaveLength(7));
    expect(
      within(figures)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Total de contentores', 'Em execução', 'Parados', 'CPU média', 'Memória média', 'Disco médio', 'Rede']);
    const values = within(figures)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(values).toEqual(expect.arrayContaining(['12,5%', '64,0%', '1536,3 MB']));
    const quick = screen.getByRole('region', { name: 'Ações rápidas' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Criar contentor', 'Ver todos os contentores', 'Ver métricas', 'Guia de acesso SSH']);
  });

  it('shows no banner with the LXD driver', async () => {
    const { fetchSpy } = await openDashboard({
      'GET /api/v1/containers/driver': reply({ success: true, driver: 'lxd' }),
    });
    await waitFor(() => expect(fetchCalls(fetchSpy, 'GET /api/v1/containers/driver')).toHaveLength(1));
    await screen.findByText('Total Containers');
    expect(screen.queryByRole('note', { name: 'Demo mode' })).not.toBeInTheDocument();
  });

  it('invites to create the first container, opening the wizard', async () => {
    const { user } = await openDashboard({
      [summaryRoute]: reply(summaryReply({ ...summary, total: 0, running: 0, stopped: 0, sampled_containers: 0 })),
    });
    expect(await screen.findByRole('heading', { name: 'No Containers Yet' })).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create Container' });
    await user.click(create);
    expect(await screen.findByRole('dialog', { name: 'Create wizard' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close wizard' }));
    expect(screen.queryByRole('dialog', { name: 'Create wizard' })).not.toBeInTheDocument();
    expect(create).toHaveFocus();
  });

  it('opens the wizard from New Container and gives focus back when it closes', async () => {
    const { user } = await openDashboard();
    const button = screen.getByRole('button', { name: 'New Container' });
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Create wizard' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close wizard' }));
    expect(button).toHaveFocus();
  });

  it('switches tabs from the Quick Actions', async () => {
    const { user } = await openDashboard();
    await user.click(await screen.findByRole('button', { name: 'View All Containers' }));
    const containersTab = containerTabs().getByRole('tab', { name: 'Container list' });
    expect(containersTab).toHaveAttribute('aria-selected', 'true');
    expect(containersTab).toHaveFocus();
    expect(await screen.findByRole('button', { name: 'Actions for web-1' })).toBeInTheDocument();

    await user.click(containerTabs().getByRole('tab', { name: 'At a glance' }));
    await user.click(await screen.findByRole('button', { name: 'View Metrics' }));
    expect(containerTabs().getByRole('tab', { name: 'Metrics' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Metrics of all containers')).toBeInTheDocument();

    await user.click(containerTabs().getByRole('tab', { name: 'Defaults' }));
    expect(screen.getByText('Configure default settings for new containers')).toBeInTheDocument();
  });

  it('opens the Metrics tab on one container from its menu', async () => {
    const { user } = await openDashboard();
    await user.click(containerTabs().getByRole('tab', { name: 'Container list' }));
    await user.click(await screen.findByRole('button', { name: 'Actions for db-1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View metrics' }));
    expect(await screen.findByText('Metrics of ctr_2')).toBeInTheDocument();
  });

  it("opens a container's details (its metrics) from its name, by keyboard too, and the menu still opens", async () => {
    const { user } = await openDashboard();
    await user.click(containerTabs().getByRole('tab', { name: 'Container list' }));
    const name = await screen.findByRole('button', { name: 'db-1' });
    expect(name).toHaveAccessibleDescription('Show the metrics of db-1');
    expect(screen.getByRole('heading', { name: 'db-1' })).toContainElement(name);
    name.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Metrics of ctr_2')).toBeInTheDocument();
    expect(containerTabs().getByRole('tab', { name: 'Metrics' })).toHaveFocus();

    await user.click(containerTabs().getByRole('tab', { name: 'Container list' }));
    await user.click(await screen.findByRole('button', { name: 'Actions for web-1' }));
    expect(await screen.findByRole('menuitem', { name: 'View metrics' })).toBeInTheDocument();
  });

  it('refreshes the list and the summary on demand', async () => {
    let release: () => void = () => {};
    let calls = 0;
    const { user, fetchSpy } = await openDashboard({
      [summaryRoute]: () => {
        calls += 1;
        if (calls === 1) return jsonResponse(summaryReply(summary));
        return new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(summaryReply({ ...summary, total: 4, running: 3 })));
        });
      },
    });
    await screen.findByText('Total Containers');
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    await user.click(refresh);
    await waitFor(() => expect(refresh).toBeDisabled());
    release();
    await waitFor(() => expect(refresh).toBeEnabled());
    expect(fetchCalls(fetchSpy, summaryRoute)).toHaveLength(2);
    expect(within(screen.getByLabelText('Summary')).getByText('4')).toBeInTheDocument();
  });

  it("guides SSH access with the user's own commands", async () => {
    const { user } = await openDashboard();
    await user.click(await screen.findByRole('button', { name: 'SSH Access Guide' }));
    const guide = await screen.findByRole('dialog', { name: 'SSH Access Guide' });
    expect(within(guide).getByText(/ssh-keygen -t ed25519/)).toBeInTheDocument();
    expect(guide).toHaveTextContent('only if you set a root password');
    const commands = await within(guide).findByRole('list', { name: 'Your SSH commands' });
    expect(within(commands).getByText('ssh -p 2202 root@203.0.113.7')).toBeInTheDocument();

    await user.click(within(commands).getByRole('button', { name: 'Copy SSH command of web-1' }));
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(screen.getByText('SSH command copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('ssh -p 2201 root@203.0.113.7');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'SSH Access Guide' })).toHaveFocus();
  });

  it('shows a viewer of an organisation its containers, asked for with its header, and no create or change', async () => {
    const user = userEvent.setup();
    const organisation = (id: string, name: string, role: Role) => ({
      id,
      kind: id.startsWith('usr_') ? 'personal' : 'organisation',
      name,
      role,
      permissions: rolePermissions[role],
      plan: 'free',
      seats: 5,
      seats_used: 2,
      members: 2,
      created_at: '2025-01-01T00:00:00.000Z',
    });
    const fetchSpy = signedIn({
      'GET /api/orgs': reply({
        success: true,
        workspaces: [organisation('usr_1', 'Ana', 'owner'), organisation('wsp_acme', 'Acme', 'viewer')],
      }),
    });
    renderRoute('/developer?tab=containers&org=wsp_acme');
    expect(
      await screen.findByRole('button', { name: 'Workspace: Acme (Viewer)' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Containers' }, { timeout: 5_000 });
    // Every call of the dashboard names the organisation, the first one included.
    await waitFor(() => expect(fetchCalls(fetchSpy, summaryRoute).length).toBeGreaterThan(0));
    for (const call of fetchCalls(fetchSpy, summaryRoute)) {
      expect(call.init?.headers).toMatchObject({ 'nuvem-organization': 'wsp_acme' });
    }

    expect(screen.queryByRole('button', { name: 'New Container' })).not.toBeInTheDocument();
    const quick = await screen.findByRole('region', { name: 'Quick Actions' });
    expect(within(quick).queryByRole('button', { name: 'Create Container' })).not.toBeInTheDocument();

    await user.click(containerTabs().getByRole('tab', { name: 'Container list' }));
    await user.click(await screen.findByRole('button', { name: 'Actions for web-1' }));
    expect(fetchCalls(fetchSpy, 'GET /api/v1/containers')[0]?.init?.headers).toMatchObject({
      'nuvem-organization': 'wsp_acme',
    });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'View metrics' })).toBeInTheDocument();
    for (const name of ['Stop', 'Restart', 'Delete']) {
      expect(within(menu).queryByRole('menuitem', { name })).not.toBeInTheDocument();
    }
  });
});
