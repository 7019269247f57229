import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/lib/format';
import { chooseLanguage } from '@/lib/i18n';
import { fetchCalls, mockFetch, reply, signedOutAuthRoutes, stubLocationAssign } from '@/testing/mock-fetch.testing';
import { renderRoute } from '@/testing/render-route.testing';

const ana = {
  id: 'usr_ana',
  email: 'ana@example.com',
  created_at: '2025-01-01T00:00:00.000Z',
  email_verified: true,
  user_metadata: { display_name: 'Ana Souza', avatar_url: null },
};

const signedInRoutes = {
  'GET /sso/check': reply({ authenticated: true, user: ana, access_token: 'tok' }),
};

const dockNames = ['Nuvem', 'Finder', 'ChatGPT', 'Maps', 'Safari', 'MistHaven', 'MLM Dashboard'];

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('desktop', () => {
  it('shows home to a signed-out visitor, without a dock', async () => {
    mockFetch(signedOutAuthRoutes);
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuvem' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Create anything...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Explore' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/ingeniousgen');
    expect(screen.queryByRole('navigation', { name: 'Dock' })).not.toBeInTheDocument();
  });

  it("shows the spec's Portuguese texts in Portuguese: 'Explorar', 'Saber Mais' and the sign-in gate", async () => {
    mockFetch({
      ...signedOutAuthRoutes,
      'GET /auth/config': reply({ providers: ['google', 'github'], redirect_origins: [] }),
    });
    const { router } = renderRoute('/');
    await act(() => chooseLanguage('pt-PT'));
    expect(await screen.findByRole('button', { name: 'Explorar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Saber Mais' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Crie qualquer coisa...')).toBeInTheDocument();

    await act(() => router.navigate('/?app=5'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Autenticação Necessária' })).toBeInTheDocument();
    expect(screen.getByText('Esta área requer autenticação. Faça login para continuar.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar com e-mail' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Entrar com Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar com GitHub' })).toBeInTheDocument();
  });

  it.each([1, 3, 6])(
    'asks a signed-out visitor to sign in by e-mail in slot %i, returning to the slot, and offers no unconfigured provider',
    async (slot) => {
      mockFetch(signedOutAuthRoutes);
      renderRoute(`/?app=${slot}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Authentication Required' })).toBeInTheDocument();
      expect(screen.getByText('This area requires authentication. Sign in to continue.')).toBeInTheDocument();
      // The return address by path (the server's render writes the same link); the sign-in page
      // resolves it on its own origin.
      expect(screen.getByRole('link', { name: 'Sign in with e-mail' })).toHaveAttribute(
        'href',
        `/login?redirect=${encodeURIComponent(`/?app=${String(slot)}`)}`,
      );
      expect(screen.queryByRole('button', { name: 'Sign in with Google' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Sign in with GitHub' })).not.toBeInTheDocument();
    },
  );

  it('offers each configured social provider in a gated slot, back to the slot afterwards', async () => {
    mockFetch({
      ...signedOutAuthRoutes,
      'GET /auth/config': reply({ providers: ['google', 'github'], redirect_origins: [] }),
    });
    const assign = stubLocationAssign();
    renderRoute('/?app=3');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(assign).toHaveBeenCalledWith(`/oauth/google?redirect=${encodeURIComponent(window.location.href)}`);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with GitHub' }));
    expect(assign).toHaveBeenLastCalledWith(`/oauth/github?redirect=${encodeURIComponent(window.location.href)}`);
  });

  it('treats an unknown ?app as home', async () => {
    mockFetch(signedOutAuthRoutes);
    renderRoute('/?app=42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuvem' })).toBeInTheDocument();
  });

  it('opens the ecosystem modal from Explore', async () => {
    mockFetch({ ...signedOutAuthRoutes, 'GET /api/ecosystem/apps': reply({ success: true, apps: [] }) });
    renderRoute('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Explore' }));
    expect(await screen.findByRole('dialog', { name: 'Nuvem Ecosystem' })).toBeInTheDocument();
  });

  it('reads the slot from ?app and writes it when a dock icon is chosen', async () => {
    mockFetch({
      ...signedInRoutes,
      'GET /api/ai-security/events': reply({ events: [], total: 0, by_day: [], by_type: [] }),
      'GET /api/mlm/agents': reply({ agents: [] }),
      'GET /api/mlm/flows': reply({ flows: [] }),
    });
    const { router } = renderRoute('/?app=6');
    // Slot 6 is the MLM Dashboard (features/workflows, loaded when opened), on its Agents tab.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'MLM Dashboard' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('AI Agents & Flow Orchestration')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OWASP Compliant' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Agents (0)' })).toHaveAttribute('aria-selected', 'true');

    const dock = screen.getByRole('toolbar', { name: 'Apps' });
    expect(
      within(dock)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(dockNames);
    expect(within(dock).getByRole('button', { name: 'MLM Dashboard' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(dock).getByRole('button', { name: 'ChatGPT' }));
    expect(router.state.location.search).toBe('?app=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'ChatGPT' })).toBeInTheDocument();
    expect(screen.getByText('AI Assistant')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Chat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();

    await userEvent.click(within(dock).getByRole('button', { name: 'Nuvem' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuvem' })).toBeInTheDocument();
  });

  it('fills an example prompt into the assistant input', async () => {
    mockFetch({
      ...signedInRoutes,
      'GET /api/mlm/agents': reply({
        agents: [
          {
            id: 'agent_rag',
            name: 'Knowledge Agent (RAG)',
            description: 'Answers from your documents.',
            type: 'rag',
            status: 'available',
            performance: { totalExecutions: 0, avgLatency: 0, successRate: 0 },
            driver: 'offline',
            model: null,
            status_reason: null,
          },
        ],
      }),
    });
    renderRoute('/?app=2');
    await screen.findByRole('radio', { name: 'Knowledge Agent (RAG)' });
    await userEvent.click(screen.getByRole('button', { name: 'Examples' }));
    const list = screen.getByRole('list', { name: 'Example prompts for Knowledge Agent (RAG)' });
    const example = within(list).getAllByRole('button')[0]!;
    await userEvent.click(example);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(example.textContent);
  });

  it('toggles fullscreen from its button and by double-clicking the desktop; a refusal is only logged', async () => {
    mockFetch(signedOutAuthRoutes);
    const request = vi.fn().mockRejectedValue(new Error('not allowed'));
    document.documentElement.requestFullscreen = request;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoute('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Enter fullscreen' }));
    expect(request).toHaveBeenCalledTimes(1);
    await userEvent.dblClick(screen.getByTestId('desktop'));
    expect(request).toHaveBeenCalledTimes(2);
    // Double-clicking into a field selects text; it does not toggle.
    await userEvent.dblClick(screen.getByPlaceholderText('Create anything...'));
    expect(request).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Fullscreen toggle failed', expect.any(Error)));
  });

  it('Finder shows the user card and lists users, searching with q', async () => {
    const fetchSpy = mockFetch({
      ...signedInRoutes,
      'GET /api/users': (url) =>
        Response.json({
          success: true,
          total: 2,
          users: [
            {
              id: 'usr_b',
              display_name: url.searchParams.get('q') ? 'Bruno' : 'Bia',
              avatar_url: null,
              created_at: ana.created_at,
            },
            { id: 'usr_c', display_name: null, avatar_url: null, created_at: ana.created_at },
          ],
        }),
    });
    renderRoute('/?app=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Finder' })).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Your profile' });
    expect(within(card).getByText('Ana Souza')).toBeInTheDocument();
    expect(within(card).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/profile/usr_ana');

    await userEvent.click(within(card).getByRole('button', { name: 'Browse Users' }));
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getByRole('link', { name: /Bia/ })).toHaveAttribute('href', '/profile/usr_b');
    expect(within(list).getByRole('link', { name: /User/ })).toHaveAttribute('href', '/profile/usr_c');
    expect(within(list).getAllByText(`Joined ${formatDate(ana.created_at, {}, 'en')}`)).toHaveLength(2);
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'bru');
    expect(await within(list).findByRole('link', { name: /Bruno/ })).toBeInTheDocument();
    const last = fetchCalls(fetchSpy, 'GET /api/users').at(-1);
    expect(new URL(last!.url, window.location.origin).searchParams.get('q')).toBe('bru');
  });

  it('Finder and the dock speak European Portuguese once chosen, dates included', async () => {
    mockFetch({
      ...signedInRoutes,
      'GET /api/users': reply({
        success: true,
        total: 1,
        users: [{ id: 'usr_c', display_name: null, avatar_url: null, created_at: ana.created_at }],
      }),
    });
    renderRoute('/?app=1');
    await act(() => chooseLanguage('pt-PT'));
    const dock = await screen.findByRole('toolbar', { name: 'Aplicações' });
    expect(within(dock).getByRole('button', { name: 'Mapas' })).toBeInTheDocument();
    expect(within(dock).getByRole('button', { name: 'Painel MLM' })).toBeInTheDocument();
    expect(screen.getByText('Perfis de utilizadores e ficheiros')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Procurar utilizadores' }));
    const list = await screen.findByRole('list', { name: 'Utilizadores' });
    expect(within(list).getByRole('link', { name: /Utilizador/ })).toHaveTextContent(
      `Aderiu em ${formatDate(ana.created_at, {}, 'pt-PT')}`,
    );
    expect(screen.getByText('1–1 de 1')).toBeInTheDocument();
  });

  it('Finder says when the users cannot be loaded', async () => {
    mockFetch({ ...signedInRoutes, 'GET /api/users': reply({ success: false, error: 'Forbidden', code: 'NO' }, 403) });
    renderRoute('/?app=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Browse Users' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The users could not be loaded: Forbidden');
  });

  it('the browser opens the typed address, or a search, in a new window', async () => {
    mockFetch(signedInRoutes);
    const open = vi.fn().mockReturnValue(null);
    vi.stubGlobal('open', open);
    renderRoute('/?app=4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Safari' })).toBeInTheDocument();
    expect(screen.getByText('Browse the web')).toBeInTheDocument();

    const address = screen.getByRole('textbox', { name: 'Address' });
    await userEvent.type(address, 'example.com/docs{Enter}');
    expect(open).toHaveBeenLastCalledWith('https://example.com/docs', '_blank', 'noopener,noreferrer');
    const tabs = screen.getByRole('list', { name: 'Tabs' });
    expect(within(tabs).getByRole('button', { name: 'example.com' })).toHaveAttribute('aria-current', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'New Tab' }));
    expect(within(tabs).getAllByRole('button', { name: /^Close tab/ })).toHaveLength(2);
    expect(address).toHaveValue('');
    await userEvent.type(address, 'nuvem cloud{Enter}');
    expect(open).toHaveBeenLastCalledWith('https://duckduckgo.com/?q=nuvem%20cloud', '_blank', 'noopener,noreferrer');

    await userEvent.click(within(tabs).getByRole('button', { name: 'Close tab nuvem cloud' }));
    expect(within(tabs).getByRole('button', { name: 'example.com' })).toHaveAttribute('aria-current', 'true');
    expect(address).toHaveValue('https://example.com/docs');
  });

  it('the browser opens a bookmark', async () => {
    mockFetch({
      ...signedInRoutes,
      'GET /api/ecosystem/apps': reply({
        success: true,
        apps: [
          {
            id: 'crm',
            name: 'CRM',
            description: 'Customers',
            icon: 'contact',
            color: '#10b981',
            url: 'https://crm.example.com/',
            status: 'active',
          },
        ],
      }),
    });
    const open = vi.fn().mockReturnValue(null);
    vi.stubGlobal('open', open);
    renderRoute('/?app=4');
    await userEvent.click(await screen.findByRole('button', { name: 'Bookmarks' }));
    const bookmarks = screen.getByRole('list', { name: 'Bookmarks' });
    await userEvent.click(await within(bookmarks).findByRole('button', { name: 'CRM' }));
    expect(open).toHaveBeenCalledWith('https://crm.example.com/', '_blank', 'noopener,noreferrer');
  });
});
