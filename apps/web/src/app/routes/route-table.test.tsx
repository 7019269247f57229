import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, signedOutAuthRoutes } from '@/testing/mock-fetch';
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
    ['/developer', /^Developer$/],
    ['/profile/usr_123', /^Profile$/],
    ['/containers/ctr_9/logs', /^Container logs$/],
  ])('shows the screen of %s', async (path, heading) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('passes route parameters to the screen', async () => {
    renderRoute('/containers/ctr_9/logs');
    expect(await screen.findByText('Logs of container ctr_9')).toBeInTheDocument();
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
