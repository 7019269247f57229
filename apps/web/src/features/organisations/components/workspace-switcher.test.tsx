import { rolePermissions, type Role, type Workspace } from '@nuvem/contracts/orgs';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, personalWorkspace, setActingWorkspace } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { createQueryClient } from '@/lib/query-client';
import { RealtimeClient, RealtimeContext } from '@/lib/realtime';
import { fetchCalls, jsonResponse, mockFetch, reply, type FetchHandler } from '@/testing/mock-fetch.testing';
import { workspaceStorageKey } from '../lib/workspace-choice';
import { WorkspaceProvider } from './workspace-provider';
import { WorkspaceSwitcher } from './workspace-switcher';

function workspace(id: string, name: string, role: Role, kind: Workspace['kind'] = 'organisation'): Workspace {
  return {
    id,
    kind,
    name,
    role,
    permissions: [...rolePermissions[role]],
    plan: 'free',
    seats: 5,
    seats_used: 2,
    members: 2,
    created_at: '2025-01-01T00:00:00.000Z',
  };
}

const personal = workspace('usr_ana', 'Ana', 'owner', 'personal');
const acme = workspace('wsp_acme', 'Acme', 'developer');
const globex = workspace('wsp_globex', 'Globex', 'viewer');

const containersSchema = z.object({ success: z.literal(true), names: z.array(z.string()) });

/** A screen of workspace data: what the current workspace's containers are, as the server answers. */
function Containers() {
  const list = useQuery({
    queryKey: ['containers', 'list'],
    queryFn: () => apiRequest('/api/v1/containers', containersSchema),
  });
  return <p data-testid="containers">{list.data?.names.join(', ') ?? 'loading'}</p>;
}

/** The server: each workspace's containers, chosen by the organisation header. */
const containersByWorkspace: FetchHandler = (_url, init) => {
  const headers = (init?.headers ?? {}) as Record<string, string>;
  const names: Record<string, string[]> = { wsp_acme: ['acme-web'], wsp_globex: ['globex-db'] };
  return reply({ success: true, names: names[headers['nuvem-organization'] ?? ''] ?? ['ana-box'] })(
    new URL('http://x'),
    init,
  );
};

/** An event stream the test writes to: the realtime client's source. */
class FakeSource extends EventTarget {
  readyState = 1;
  onopen = null;
  onerror = null;
  close() {
    this.readyState = 2;
  }
  send(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

function renderSwitcher(
  path: string,
  routes: Record<string, FetchHandler> = {},
  realtime: RealtimeClient | null = null,
) {
  const fetchSpy = mockFetch({
    'GET /api/orgs': reply({ success: true, workspaces: [personal, acme, globex] }),
    'GET /api/v1/containers': containersByWorkspace,
    ...routes,
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <WorkspaceProvider userId="usr_ana" emailVerified>
            <WorkspaceSwitcher />
            <Containers />
          </WorkspaceProvider>
        ),
      },
      { path: '/organisations/:id', element: <p>Settings page</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <RealtimeContext.Provider value={realtime}>
        <RouterProvider router={router} />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
  );
  return { fetchSpy, router, queryClient, user: userEvent.setup() };
}

function headersOf(call: { init: RequestInit | undefined } | undefined) {
  return (call?.init?.headers ?? {}) as Record<string, string>;
}

describe('WorkspaceSwitcher', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setActingWorkspace(personalWorkspace);
  });

  it('opens the workspace the address names, over the one this browser remembers, and sends its header', async () => {
    window.localStorage.setItem(workspaceStorageKey('usr_ana'), 'wsp_globex');
    const { fetchSpy } = renderSwitcher('/developer?org=wsp_acme');
    expect(await screen.findByRole('button', { name: 'Workspace: Acme (Developer)' })).toBeInTheDocument();
    expect(await screen.findByText('acme-web')).toBeInTheDocument();
    // Every workspace call names the organisation; the list of workspaces names none.
    expect(headersOf(fetchCalls(fetchSpy, 'GET /api/v1/containers')[0])).toMatchObject({
      'nuvem-organization': 'wsp_acme',
    });
    expect(headersOf(fetchCalls(fetchSpy, 'GET /api/orgs')[0])).not.toHaveProperty('nuvem-organization');
    // A shared link's choice is remembered from then on.
    await waitFor(() => expect(window.localStorage.getItem(workspaceStorageKey('usr_ana'))).toBe('wsp_acme'));
  });

  it('lists the workspaces with the role in each, and switches: address, browser and data follow', async () => {
    const { fetchSpy, router, user } = renderSwitcher('/developer?tab=keys');
    await user.click(await screen.findByRole('button', { name: 'Workspace: Personal workspace (Owner)' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: /Personal workspace.*Your role: Owner/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(menu).getByRole('menuitemradio', { name: /Acme.*Your role: Developer/ })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    // No settings for the personal workspace: it has no members.
    expect(within(menu).queryByRole('menuitem', { name: 'Organisation settings' })).not.toBeInTheDocument();
    expect(await screen.findByText('ana-box')).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitemradio', { name: /Globex.*Your role: Viewer/ }));
    expect(await screen.findByRole('button', { name: 'Workspace: Globex (Viewer)' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=keys&org=wsp_globex');
    expect(window.localStorage.getItem(workspaceStorageKey('usr_ana'))).toBe('wsp_globex');
    // The personal workspace's containers are not shown in Globex: fetched again, with its header.
    expect(await screen.findByText('globex-db')).toBeInTheDocument();
    expect(screen.queryByText('ana-box')).not.toBeInTheDocument();
    expect(headersOf(fetchCalls(fetchSpy, 'GET /api/v1/containers').at(-1))).toMatchObject({
      'nuvem-organization': 'wsp_globex',
    });

    await user.click(screen.getByRole('button', { name: 'Workspace: Globex (Viewer)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Organisation settings' }));
    expect(router.state.location.pathname).toBe('/organisations/wsp_globex');
  });

  it('goes back to the personal workspace: no header, nothing remembered, no ?org=', async () => {
    window.localStorage.setItem(workspaceStorageKey('usr_ana'), 'wsp_acme');
    const { fetchSpy, router, user } = renderSwitcher('/developer');
    await user.click(await screen.findByRole('button', { name: 'Workspace: Acme (Developer)' }));
    expect(router.state.location.search).toBe('?org=wsp_acme');
    await user.click(await screen.findByRole('menuitemradio', { name: /Personal workspace/ }));
    expect(await screen.findByText('ana-box')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(window.localStorage.getItem(workspaceStorageKey('usr_ana'))).toBeNull();
    expect(headersOf(fetchCalls(fetchSpy, 'GET /api/v1/containers').at(-1))).not.toHaveProperty('nuvem-organization');
  });

  it('creates an organisation from its name and works in it at once', async () => {
    const initech = workspace('wsp_initech', 'Initech', 'owner');
    const list = [personal, acme, globex];
    const { fetchSpy, router, user } = renderSwitcher('/developer', {
      'GET /api/orgs': () => jsonResponse({ success: true, workspaces: list }),
      'POST /api/orgs': () => {
        list.push(initech);
        return jsonResponse({ success: true, workspace: initech }, 201);
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Workspace: / }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an organisation' });
    await user.click(within(dialog).getByRole('button', { name: 'Create organisation' }));
    // The contract's rule, beside the field, before anything is sent.
    expect(await within(dialog).findByText('Use at least 2 characters.')).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, 'POST /api/orgs')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Organisation name/ }), 'Initech');
    await user.click(within(dialog).getByRole('button', { name: 'Create organisation' }));
    expect(await screen.findByRole('button', { name: 'Workspace: Initech (Owner)' })).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, 'POST /api/orgs')[0]?.body).toEqual({ name: 'Initech' });
    expect(router.state.location.search).toBe('?org=wsp_initech');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses an organisation the user is not in and shows the personal workspace instead', async () => {
    const { router } = renderSwitcher('/developer?org=wsp_other');
    expect(await screen.findByRole('button', { name: 'Workspace: Personal workspace (Owner)' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('ana-box')).toBeInTheDocument();
  });

  it('leaves an organisation the server no longer lets it act in (lost while the stream was down), with the refusal', async () => {
    const error = vi.spyOn(notify, 'error');
    let list = [personal, acme, globex];
    let acmeGone = false;
    const { fetchSpy, router, queryClient } = renderSwitcher('/developer?org=wsp_acme&tab=keys', {
      'GET /api/orgs': () => jsonResponse({ success: true, workspaces: list }),
      'GET /api/v1/containers': (url, init) => {
        const headers = (init?.headers ?? {}) as Record<string, string>;
        if (acmeGone && headers['nuvem-organization'] === 'wsp_acme') {
          return jsonResponse({ success: false, error: 'Organisation not found', code: 'ORGANISATION_NOT_FOUND' }, 404);
        }
        return containersByWorkspace(url, init);
      },
    });
    expect(await screen.findByText('acme-web')).toBeInTheDocument();
    // Removed from Acme while no stream told this page; its next call is refused.
    acmeGone = true;
    list = [personal, globex];
    expect(fetchCalls(fetchSpy, 'GET /api/orgs')).toHaveLength(1);
    await act(() => queryClient.refetchQueries({ queryKey: ['containers'] }));
    expect(await screen.findByRole('button', { name: 'Workspace: Personal workspace (Owner)' })).toBeInTheDocument();
    expect(await screen.findByText('ana-box')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=keys'));
    expect(error).toHaveBeenCalledWith(
      'That workspace is not one of yours (or you were removed from it): showing Personal workspace.',
    );
  });

  describe('when the event stream says a membership changed', () => {
    function stream() {
      const sources: FakeSource[] = [];
      const client = new RealtimeClient({
        onEvent: () => {},
        createSource: () => {
          const source = new FakeSource();
          sources.push(source);
          return source as unknown as EventSource;
        },
      });
      client.connect();
      return { client, last: () => sources.at(-1) ?? new FakeSource() };
    }

    it('leaves an organisation deleted meanwhile for the personal workspace, says so, then reads the list again', async () => {
      const error = vi.spyOn(notify, 'error');
      let list = [personal, acme, globex];
      const realtime = stream();
      const { fetchSpy, router } = renderSwitcher(
        '/developer?org=wsp_acme',
        { 'GET /api/orgs': () => jsonResponse({ success: true, workspaces: list }) },
        realtime.client,
      );
      expect(await screen.findByText('acme-web')).toBeInTheDocument();
      list = [personal, globex];
      realtime.last().send('workspace.changed', { organisationId: 'wsp_acme', change: 'deleted' });
      expect(await screen.findByRole('button', { name: 'Workspace: Personal workspace (Owner)' })).toBeInTheDocument();
      expect(await screen.findByText('ana-box')).toBeInTheDocument();
      expect(router.state.location.search).toBe('');
      expect(error).toHaveBeenCalledWith('Acme was deleted by an owner: showing your personal workspace.');
      // The list is read again once the portal has left it, so the switcher no longer offers it,
      // and the refusal meant for a stranger's link is never said.
      await waitFor(() => expect(fetchCalls(fetchSpy, 'GET /api/orgs')).toHaveLength(2));
      expect(error).toHaveBeenCalledTimes(1);
      realtime.client.disconnect();
    });

    it('reads the role again when it changed, staying in the organisation', async () => {
      let list = [personal, acme, globex];
      const realtime = stream();
      const { fetchSpy } = renderSwitcher(
        '/developer?org=wsp_acme',
        { 'GET /api/orgs': () => jsonResponse({ success: true, workspaces: list }) },
        realtime.client,
      );
      expect(await screen.findByRole('button', { name: 'Workspace: Acme (Developer)' })).toBeInTheDocument();
      list = [personal, { ...acme, role: 'viewer', permissions: [...rolePermissions.viewer] }, globex];
      realtime.last().send('workspace.changed', { organisationId: 'wsp_acme', change: 'role' });
      expect(await screen.findByRole('button', { name: 'Workspace: Acme (Viewer)' })).toBeInTheDocument();
      expect(fetchCalls(fetchSpy, 'GET /api/orgs')).toHaveLength(2);
      realtime.client.disconnect();
    });
  });
});
