import type { AuthUser } from '@nuvem/contracts/auth';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { chooseLanguage, i18n } from '@/lib/i18n';
import { languageStorageKey } from '@/lib/i18n/languages';
import { Header, HeaderWorkspaceSlot, type HeaderProps } from './header';

const ana: AuthUser = {
  id: 'usr_ana',
  email: 'ana@example.com',
  created_at: '2025-01-01T00:00:00.000Z',
  email_verified: true,
  user_metadata: { display_name: null, avatar_url: null },
};

function renderHeader(props: Partial<HeaderProps> = {}) {
  const handlers = { onSignIn: vi.fn(), onLogout: vi.fn(), onOpenEcosystem: vi.fn() };
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <Header user={null} loading={false} {...handlers} {...props} />,
      },
    ],
    { initialEntries: ['/events'] },
  );
  render(<RouterProvider router={router} />);
  return { ...handlers, router };
}

describe('Header', () => {
  it('shows the workspace switcher app/ provides to a signed-in user, and not to a visitor', () => {
    const renderWith = (user: AuthUser | null) =>
      render(
        <HeaderWorkspaceSlot value={<button type="button">Workspace switcher</button>}>
          <RouterProvider
            router={createMemoryRouter([
              {
                path: '*',
                element: (
                  <Header user={user} loading={false} onSignIn={vi.fn()} onLogout={vi.fn()} onOpenEcosystem={vi.fn()} />
                ),
              },
            ])}
          />
        </HeaderWorkspaceSlot>,
      );
    const visitor = renderWith(null);
    expect(screen.queryByRole('button', { name: 'Workspace switcher' })).not.toBeInTheDocument();
    visitor.unmount();
    renderWith(ana);
    expect(screen.getByRole('button', { name: 'Workspace switcher' })).toBeInTheDocument();
  });

  it('links the logo home and the three sections, and opens the ecosystem from the nine-dot button', async () => {
    const { onOpenEcosystem } = renderHeader();
    expect(screen.getByRole('link', { name: 'Nuvem' })).toHaveAttribute('href', '/');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Ingenious Gen' })).toHaveAttribute('href', '/ingeniousgen');
    expect(within(main).getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
    expect(within(main).getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
    expect(within(main).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');

    await userEvent.click(screen.getByRole('button', { name: 'Open ecosystem apps' }));
    expect(onOpenEcosystem).toHaveBeenCalledOnce();
  });

  it("offers 'Sign In' to a visitor and calls onSignIn", async () => {
    const { onSignIn } = renderHeader();
    expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(onSignIn).toHaveBeenCalledOnce();
  });

  it('shows neither Sign In nor the user menu while the session is unknown', () => {
    renderHeader({ loading: true });
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'User menu' })).not.toBeInTheDocument();
  });

  it("shows a signed-in user's initial, and a menu with 'User', the e-mail, 'Profile' and 'Sign out'", async () => {
    const { onLogout, router } = renderHeader({ user: ana });
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    const trigger = screen.getByRole('button', { name: 'User menu' });
    expect(trigger).toHaveTextContent(/^A$/);

    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('User')).toBeInTheDocument();
    expect(within(menu).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile/me');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await userEvent.click(trigger);
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Profile' }));
    expect(router.state.location.pathname).toBe('/profile/me');
  });

  it('leads a signed-in user to the developer dashboard from the header, the user menu and the mobile menu', async () => {
    const { router } = renderHeader({ user: ana });
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Developer' })).toHaveAttribute('href', '/developer');

    await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
    await userEvent.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Developer dashboard' }),
    );
    expect(router.state.location.pathname).toBe('/developer');

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).getByRole('link', { name: 'Developer' })).toHaveAttribute('aria-current', 'page');
  });

  it('does not offer the developer dashboard to a visitor', () => {
    renderHeader();
    expect(screen.queryByRole('link', { name: 'Developer' })).not.toBeInTheDocument();
  });

  it('shows the avatar image instead of the initial once it has loaded', () => {
    // jsdom loads no images: this one reports itself loaded, as a browser's would.
    class LoadedImage extends EventTarget {
      complete = true;
      naturalWidth = 64;
      crossOrigin: string | null = null;
      src = '';
    }
    vi.stubGlobal('Image', LoadedImage);
    try {
      renderHeader({
        user: { ...ana, user_metadata: { display_name: null, avatar_url: 'https://cdn.example/ana.png' } },
      });
      const trigger = screen.getByRole('button', { name: 'User menu' });
      expect(trigger.querySelector('img')).toHaveAttribute('src', 'https://cdn.example/ana.png');
      expect(trigger).not.toHaveTextContent('A');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shows the display name when the user has one, and opens the menu from the keyboard', async () => {
    renderHeader({ user: { ...ana, user_metadata: { display_name: 'Ana Souza', avatar_url: null } } });
    screen.getByRole('button', { name: 'User menu' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Ana Souza')).toBeInTheDocument();
    expect(within(menu).queryByText('User')).not.toBeInTheDocument();
  });

  it('toggles the mobile menu with the same three links, and closes it when a link is followed', async () => {
    const { router } = renderHeader();
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(
      within(mobile)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Ingenious Gen', 'Events', 'Pricing']);

    await userEvent.click(toggle);
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Pricing' }),
    );
    expect(router.state.location.pathname).toBe('/pricing');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it('closes the mobile menu with Escape', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });

  it("is in European Portuguese once chosen: 'Perfil' and 'Sair' in the user menu, 'Utilizador' for a nameless user", async () => {
    const { onLogout } = renderHeader({ user: ana });
    await act(() => chooseLanguage('pt-PT'));
    const main = screen.getByRole('navigation', { name: 'Principal' });
    expect(
      within(main)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Ingenious Gen', 'Eventos', 'Preços', 'Programador']);
    expect(screen.getByRole('button', { name: 'Abrir as aplicações do ecossistema' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Menu do utilizador' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Utilizador')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Perfil' })).toHaveAttribute('href', '/profile/me');
    expect(within(menu).getByRole('menuitem', { name: 'Painel de programador' })).toHaveAttribute('href', '/developer');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sair' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it("offers 'Iniciar sessão' to a visitor in Portuguese", async () => {
    renderHeader();
    await act(() => chooseLanguage('pt-PT'));
    expect(screen.getByRole('button', { name: 'Iniciar sessão' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('switches the language from the keyboard, sets <html lang> and keeps the choice', async () => {
    renderHeader({ user: ana });
    expect(document.documentElement.lang).toBe('en');
    const trigger = screen.getByRole('button', { name: 'Language: English' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Português (Portugal)' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(document.documentElement.lang).toBe('pt-PT'));
    expect(i18n.language).toBe('pt-PT');
    expect(window.localStorage.getItem(languageStorageKey)).toBe('pt-PT');
    // Focus returns to the switch, which now says the language in use in that language.
    expect(screen.getByRole('button', { name: 'Idioma: Português (Portugal)' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Menu do utilizador' })).toBeInTheDocument();
  });
});
