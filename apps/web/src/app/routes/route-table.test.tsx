import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchCalls, mockFetch, reply, signedOutAuthRoutes } from '@/testing/mock-fetch';
import { renderRoute } from '@/testing/render-route';

describe('route table', () => {
  beforeEach(() => {
    mockFetch(signedOutAuthRoutes);
  });
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['/', /^Nuvem$/],
    ['/pricing', /^Pricing$/],
    ['/planos', /^Planos$/],
    ['/events', /^Events$/],
    ['/ingeniousgen', /^Ingenious Gen$/],
    ['/success', /^Payment received$/],
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

  it('shows the not-found page for an unknown address and logs the path', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoute('/definitely/not/here');
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Oops! Page not found')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('non-existent route'), '/definitely/not/here');
  });

  it('takes the visitor home from the not-found page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router } = renderRoute('/nope');
    await userEvent.click(await screen.findByRole('link', { name: 'Return to Home' }));
    expect(await screen.findByRole('heading', { level: 1, name: /^Nuvem$/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
