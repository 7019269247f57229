import { passwordRule, signInErrorMessages, type AuthUser } from '@nuvem/contracts/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import {
  fetchCalls,
  jsonResponse,
  mockFetch,
  reply,
  sequence,
  stubLocationAssign,
  type FetchHandler,
} from '@/testing/mock-fetch';
import { AuthProvider } from './auth-provider';
import { SignInPanel } from './sign-in-panel';

const ana: AuthUser = {
  id: 'usr_ana',
  email: 'ana@example.com',
  created_at: '2025-01-01T00:00:00.000Z',
  email_verified: false,
  user_metadata: { display_name: null, avatar_url: null },
};
const signedOut = reply({ authenticated: false, sso_login_url: '/login' });
const noProviders = reply({ providers: [], redirect_origins: [] });
const signedInReply = reply({ user: ana, access_token: 'tok_1' });

function renderSignIn(path: string, server: Record<string, FetchHandler>) {
  const fetchSpy = mockFetch({ 'GET /sso/check': signedOut, 'GET /auth/config': noProviders, ...server });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <SignInPanel /> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  const bodyOf = (route: string) => fetchCalls(fetchSpy, route)[0]?.body;
  return { router, fetchSpy, bodyOf };
}

async function fillLogin(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

describe('sign-in page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('logs in with e-mail, password and remember me, then goes home when there is no redirect', async () => {
    const { router, bodyOf } = renderSignIn('/login', { 'POST /auth/login': signedInReply });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();

    await fillLogin('ana@example.com', 'correct horse');
    await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(bodyOf('POST /auth/login')).toEqual({
      email: 'ana@example.com',
      password: 'correct horse',
      rememberMe: true,
    });
  });

  it('does not validate on the client: whatever was typed goes to the server', async () => {
    const { bodyOf } = renderSignIn('/login', { 'POST /auth/login': signedInReply });
    await userEvent.type(await screen.findByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Home page' });
    expect(bodyOf('POST /auth/login')).toEqual({ email: 'not-an-email', password: '', rememberMe: false });
  });

  it("shows the server's error in an alert, with the button disabled while the call runs", async () => {
    let answer: (response: Response) => void = () => undefined;
    renderSignIn('/login', {
      'POST /auth/login': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await fillLogin('ana@example.com', 'wrong');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));

    const pending = screen.getByRole('button', { name: 'Signing in…' });
    expect(pending).toBeDisabled();
    answer(jsonResponse({ success: false, error: 'Invalid email or password' }, 401));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it("falls back to 'Login failed' when the server gives no text", async () => {
    renderSignIn('/login', { 'POST /auth/login': reply({}, 502) });
    await fillLogin('ana@example.com', 'pw');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('switches to registration, which asks for a display name and registers', async () => {
    const { bodyOf, router } = renderSignIn('/login', {
      'POST /auth/login': reply({ success: false, error: 'Invalid email or password' }, 401),
      'POST /auth/register': sequence(reply({}, 500), reply({ user: ana, access_token: 'tok_2' }, 201)),
    });
    await fillLogin('ana@example.com', 'password1');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await screen.findByRole('alert');

    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create account' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Remember me')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Display name'), 'Ana Souza');

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration failed$/);

    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Home page' });
    expect(router.state.location.pathname).toBe('/');
    expect(bodyOf('POST /auth/register')).toEqual({
      email: 'ana@example.com',
      password: 'password1',
      displayName: 'Ana Souza',
    });
  });

  it('shows only the configured social buttons, which send the browser to the provider route', async () => {
    const assign = stubLocationAssign();
    renderSignIn('/login', { 'GET /auth/config': reply({ providers: ['github'], redirect_origins: [] }) });

    const github = await screen.findByRole('button', { name: 'Continue with GitHub' });
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    await userEvent.click(github);
    expect(assign).toHaveBeenCalledWith(`/oauth/github?redirect=${encodeURIComponent(window.location.href)}`);
  });

  it('shows both social buttons when both providers are configured', async () => {
    renderSignIn('/login', { 'GET /auth/config': reply({ providers: ['google', 'github'], redirect_origins: [] }) });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeInTheDocument();
  });

  it('goes to an allowed redirect address after login with one full page load', async () => {
    const assign = stubLocationAssign();
    renderSignIn(`/login?redirect=${encodeURIComponent('https://crm.example/deals')}`, {
      'GET /auth/config': reply({ providers: [], redirect_origins: ['https://crm.example'] }),
      'POST /auth/login': signedInReply,
    });
    await fillLogin('ana@example.com', 'pw');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://crm.example/deals'));
    // Not again when the signed-in state arrives: a second assign would abort the first load.
    await screen.findByRole('heading', { level: 1, name: 'Signed in' });
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('goes home instead of to a redirect address that is not allowed', async () => {
    const assign = stubLocationAssign();
    const { router } = renderSignIn(`/login?redirect=${encodeURIComponent('//evil.example/x')}`, {
      'POST /auth/login': signedInReply,
    });
    await fillLogin('ana@example.com', 'pw');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Home page' });
    expect(router.state.location.pathname).toBe('/');
    expect(assign).not.toHaveBeenCalled();
  });

  it('cleans an empty redirect parameter from the address in place and stays, signed in', async () => {
    const assign = stubLocationAssign();
    const { router } = renderSignIn('/login?redirect=', { 'POST /auth/login': signedInReply });
    await fillLogin('ana@example.com', 'pw');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText(/You are signed in as/)).toHaveTextContent(
      'You are signed in as Usuário (ana@example.com).',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('tells a visitor who is already signed in who they are, with a way on', async () => {
    const assign = stubLocationAssign();
    renderSignIn(`/login?redirect=${encodeURIComponent('/events')}`, {
      'GET /sso/check': reply({ authenticated: true, user: ana, access_token: 'tok' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Signed in' })).toBeInTheDocument();
    expect(screen.getByText(/You are signed in as/)).toHaveTextContent('Usuário (ana@example.com)');
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', `${window.location.origin}/events`);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    // Sent here with somewhere to go (an SSO check, a social sign-in's return): it goes on at once.
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${window.location.origin}/events`));
  });

  it('stays on the page for a signed-in visitor without a redirect', async () => {
    const assign = stubLocationAssign();
    renderSignIn('/login', { 'GET /sso/check': reply({ authenticated: true, user: ana, access_token: 'tok' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Signed in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows why a social sign-in failed when the server sends the visitor back with an error code', async () => {
    renderSignIn('/login?error=social_cancelled', {});
    expect(await screen.findByRole('alert')).toHaveTextContent(signInErrorMessages.social_cancelled);
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each(['Your account is suspended, call 555', '<script>alert(1)</script>', 'constructor', '__proto__', 'toString'])(
    'never shows text taken from the address (%j): only the generic message',
    async (text) => {
      renderSignIn(`/login?error=${encodeURIComponent(text)}`, {});
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(new RegExp(`^${escapeRegExp(signInErrorMessages.social_failed)}$`));
      expect(document.body).not.toHaveTextContent(text);
    },
  );

  it('shows the password rule before anything is sent when creating an account', async () => {
    const { fetchSpy } = renderSignIn('/login', {});
    await userEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    expect(screen.getByText(passwordRule)).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(passwordRule);
    expect(fetchCalls(fetchSpy, 'POST /auth/register')).toHaveLength(0);
    // Signing in does not restate it.
    await userEvent.click(screen.getByRole('button', { name: 'Sign in instead' }));
    expect(screen.queryByText(passwordRule)).not.toBeInTheDocument();
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
