import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  registerBodySchema,
  signInErrorMessages,
  type AuthUser,
} from '@nuvem/contracts/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import {
  fetchCalls,
  jsonResponse,
  mockFetch,
  reply,
  sequence,
  stubLocationAssign,
  type FetchHandler,
} from '@/testing/mock-fetch.testing';
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
    expect(screen.getByText(/You are signed in as/)).toHaveTextContent('You are signed in as User (ana@example.com).');
    expect(assign).not.toHaveBeenCalled();
  });

  it('tells a visitor who is already signed in who they are, with a way on', async () => {
    const assign = stubLocationAssign();
    renderSignIn(`/login?redirect=${encodeURIComponent('/events')}`, {
      'GET /sso/check': reply({ authenticated: true, user: ana, access_token: 'tok' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Signed in' })).toBeInTheDocument();
    expect(screen.getByText(/You are signed in as/)).toHaveTextContent('User (ana@example.com)');
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

  it("shows the password rule, built from the contract's limits, before anything is sent when creating an account", async () => {
    const { fetchSpy } = renderSignIn('/login', {});
    const rule = new RegExp(`Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`);
    await userEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    expect(screen.getByText(rule)).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(rule);
    expect(fetchCalls(fetchSpy, 'POST /auth/register')).toHaveLength(0);
    // Signing in does not restate it.
    await userEvent.click(screen.getByRole('button', { name: 'Sign in instead' }));
    expect(screen.queryByText(rule)).not.toBeInTheDocument();
  });

  it("shows each of the server's problems beside its field in plain words, never the field paths", async () => {
    const { fetchSpy } = renderSignIn('/login', { 'POST /auth/register': validatingRegister });
    await userEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    await userEvent.type(screen.getByLabelText('Display name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    // One character short of the contract's minimum: a lower minimum would let it through.
    await userEvent.type(screen.getByLabelText('Password'), 'x'.repeat(PASSWORD_MIN_LENGTH - 1));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Enter an e-mail address such as name@example.com.');
    expect(email).toHaveFocus();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(
      new RegExp(`^Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters\\.`),
    );
    expect(screen.getByLabelText('Display name')).toHaveAttribute('aria-invalid', 'false');
    // Beside the fields only: no summary with the server's developer text.
    expect(document.body).not.toHaveTextContent(/body\.|must be a valid/);
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(fetchCalls(fetchSpy, 'POST /auth/register')).toHaveLength(1);

    // Correcting a field takes its message away.
    await userEvent.type(email, '@example.com');
    expect(email).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it("accepts a password of exactly the minimum length (the contract's own rule, not a copy)", async () => {
    const { router } = renderSignIn('/login', { 'POST /auth/register': validatingRegister });
    await userEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    await userEvent.type(screen.getByLabelText('Display name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'x'.repeat(PASSWORD_MIN_LENGTH));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Home page' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('says beside the e-mail field that an account with it exists', async () => {
    renderSignIn('/login', {
      'POST /auth/register': reply(
        { success: false, error: 'An account with this e-mail already exists', code: 'EMAIL_TAKEN' },
        409,
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create an account' }));
    await userEvent.type(screen.getByLabelText('Display name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a long passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('An account with this e-mail already exists'));
    expect(email).toHaveFocus();
  });

  it('shows a display name as text, never as markup', async () => {
    renderSignIn('/login', {
      'GET /sso/check': reply({
        authenticated: true,
        user: { ...ana, user_metadata: { display_name: '<i>Ana</i> <0>x</0>', avatar_url: null } },
        access_token: 'tok',
      }),
    });
    const line = await screen.findByText(/You are signed in as/);
    expect(within(line).getByText('<i>Ana</i> <0>x</0>').tagName).toBe('STRONG');
    expect(line.querySelector('i')).toBeNull();
  });

  it('is all in European Portuguese once the visitor chooses it, server problems included', async () => {
    renderSignIn('/login', {
      'POST /auth/login': reply(
        { success: false, error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
        401,
      ),
      'POST /auth/register': validatingRegister,
    });
    await act(() => chooseLanguage('pt-PT'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sessão' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Iniciar sessão' });
    await userEvent.type(within(form).getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.type(within(form).getByLabelText('Palavra-passe'), 'errada');
    expect(within(form).getByLabelText('Lembrar-me')).not.toBeChecked();
    await userEvent.click(within(form).getByRole('button', { name: 'Iniciar sessão' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou palavra-passe inválidos');

    await userEvent.click(screen.getByRole('button', { name: 'Criar uma conta' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeInTheDocument();
    expect(screen.getByLabelText('Palavra-passe')).toHaveAccessibleDescription(
      `Use entre ${PASSWORD_MIN_LENGTH} e ${PASSWORD_MAX_LENGTH} caracteres, e não uma palavra-passe comum ou divulgada.`,
    );
    await userEvent.clear(screen.getByLabelText('E-mail'));
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana');
    await userEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText('Introduza um endereço de e-mail como nome@exemplo.pt.')).toBeInTheDocument();
    expect(screen.getByText('Preencha este campo.')).toBeInTheDocument(); // the display name
    expect(
      screen.getByText(`Use entre ${PASSWORD_MIN_LENGTH} e ${PASSWORD_MAX_LENGTH} caracteres.`),
    ).toBeInTheDocument();
  });
});

/**
 * POST /auth/register as the server answers it: the body checked by the contract's own schema, a
 * 400 with one sentence per problem and `details` (path, zod's code and figures), else 201.
 */
const validatingRegister: FetchHandler = (_url, init) => {
  const result = registerBodySchema.safeParse(JSON.parse(typeof init?.body === 'string' ? init.body : '{}'));
  if (result.success) return jsonResponse({ user: ana, access_token: 'tok_new' }, 201);
  const details = result.error.issues.map((issue) => {
    const figures = issue as { origin?: string; minimum?: number | bigint; maximum?: number | bigint; format?: string };
    return {
      path: ['body', ...issue.path.map(String)].join('.'),
      message: issue.message,
      code: issue.code,
      origin: figures.origin,
      minimum: figures.minimum === undefined ? undefined : Number(figures.minimum),
      maximum: figures.maximum === undefined ? undefined : Number(figures.maximum),
      format: figures.format,
    };
  });
  return jsonResponse(
    {
      success: false,
      error: details.map((detail) => `${detail.path}: ${detail.message}`).join('; '),
      code: 'VALIDATION_ERROR',
      details,
    },
    400,
  );
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
