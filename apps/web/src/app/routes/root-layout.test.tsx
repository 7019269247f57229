import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { fetchCalls, mockFetch, reply, signedOutAuthRoutes, stubLocationAssign } from '@/testing/mock-fetch.testing';
import { renderRoute } from '@/testing/render-route.testing';

const ana = {
  id: 'usr_ana',
  email: 'ana@example.com',
  created_at: '2025-01-01T00:00:00.000Z',
  email_verified: true,
  user_metadata: { display_name: 'Ana Souza', avatar_url: null },
};

describe('root layout', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("puts the header on every page, whose 'Sign In' goes to the sign-in page with the current address", async () => {
    mockFetch(signedOutAuthRoutes);
    const assign = stubLocationAssign();
    renderRoute('/events');
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(assign).toHaveBeenCalledWith(paths.login.getHref(window.location.href));
    expect(assign.mock.calls[0]?.[0]).toBe(`/login?redirect=${encodeURIComponent(window.location.href)}`);
  });

  it('shows the session user in the header and logs out from its menu', async () => {
    const fetchSpy = mockFetch({
      'GET /sso/check': reply({ authenticated: true, user: ana, access_token: 'tok' }),
      'POST /sso/logout': reply({ success: true }),
    });
    const assign = stubLocationAssign();
    renderRoute('/');

    await userEvent.click(await screen.findByRole('button', { name: 'User menu' }));
    // The menu's code arrives after the first paint; a click before it opens the menu when it does
    // (on a loaded machine that can take more than a second).
    const menu = await screen.findByRole('menu', {}, { timeout: 10_000 });
    expect(within(menu).getByText('Ana Souza')).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(`/logout?redirect=${encodeURIComponent(window.location.origin)}`),
    );
    expect(fetchCalls(fetchSpy, 'POST /sso/logout')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
