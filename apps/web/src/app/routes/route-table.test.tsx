import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '@/lib/i18n';
import { fetchCalls, mockFetch, reply, signedOutAuthRoutes } from '@/testing/mock-fetch';
import { renderRoute } from '@/testing/render-route';

describe('route table', () => {
  beforeEach(() => {
    mockFetch(signedOutAuthRoutes);
  });
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['/', /^Nuvem$/],
    ['/pricing', /^Planos Nuvem$/],
    ['/planos', /^Planos Nuvem$/],
    ['/events', /^Events$/],
    ['/ingeniousgen', /^Ingenious Gen$/],
    ['/success?order=ord_1', /^Sign in to continue$/],
    ['/checkout/sandbox/sbx_1', /^Sign in to continue$/],
    ['/account/billing', /^Sign in to continue$/],
    ['/login', /^Sign in$/],
    ['/developer', /^Sign in to continue$/],
    ['/profile/usr_123', /^Sign in to continue$/],
    ['/containers/ctr_9/logs', /^Sign in to continue$/],
  ])('shows the screen of %s', async (path, heading) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in and back to the page asked for', async () => {
    renderRoute('/containers/ctr_9/logs?lines=500');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/containers/ctr_9/logs?lines=500')}`,
    );
  });

  it('passes route parameters to the screen', async () => {
    vi.restoreAllMocks();
    const fetchSpy = mockFetch({
      ...signedOutAuthRoutes,
      'GET /sso/check': reply({
        authenticated: true,
        user: {
          id: 'usr_1',
          email: 'ana@example.com',
          created_at: '2025-01-01T00:00:00.000Z',
          email_verified: true,
          user_metadata: { display_name: 'Ana', avatar_url: null },
        },
        access_token: 'tok',
      }),
      'GET /api/v1/containers/ctr_9/logs': reply({ success: true, logs: ['booted'] }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoute('/containers/ctr_9/logs');
    await waitFor(() =>
      expect(fetchCalls(fetchSpy, 'GET /api/v1/containers/ctr_9/logs')[0]?.url).toContain('lines=100'),
    );
    expect(fetchCalls(fetchSpy, 'GET /api/v1/containers/ctr_9')).toHaveLength(1);
  });

  it.each([['/events', 'Events', /The events catalogue is not available yet/]])(
    'says honestly that %s is not available yet, with a way back home',
    async (path, heading, text) => {
      const { router } = renderRoute(path);
      const main = await screen.findByRole('main');
      expect(within(main).getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(within(main).getByText('Not available yet')).toBeInTheDocument();
      expect(within(main).getByText(text)).toBeInTheDocument();
      await userEvent.click(within(main).getByRole('link', { name: 'Back to the home page' }));
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('says it in Portuguese too', async () => {
    renderRoute('/events');
    await act(() => chooseLanguage('pt-PT'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Eventos' })).toBeInTheDocument();
    expect(screen.getByText('Ainda não disponível')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar à página inicial' })).toHaveAttribute('href', '/');
  });

  it('asks for sign-in in Portuguese on a signed-in page', async () => {
    await act(() => chooseLanguage('pt-PT'));
    renderRoute('/developer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicie sessão para continuar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sessão' })).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent('/developer')}`,
    );
  });

  it('shows the not-found page for an unknown address and logs the path, without a warning', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn');
    renderRoute('/definitely/not/here');
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(info).toHaveBeenCalledWith(expect.stringContaining('non-existent route'), '/definitely/not/here');
    expect(warn).not.toHaveBeenCalled();
  });

  it('shows the not-found page in Portuguese', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    renderRoute('/nada');
    await act(() => chooseLanguage('pt-PT'));
    expect(await screen.findByText('Ups! Página não encontrada')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
  });

  it('takes the visitor home from the not-found page', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { router } = renderRoute('/nope');
    await userEvent.click(await screen.findByRole('link', { name: 'Return to Home' }));
    expect(await screen.findByRole('heading', { level: 1, name: /^Nuvem$/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
