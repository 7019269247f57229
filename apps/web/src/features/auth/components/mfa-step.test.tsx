import type { AuthUser } from '@nuvem/contracts/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fetchCalls, mockFetch, reply, sequence, type FetchHandler } from '@/testing/mock-fetch.testing';
import { AuthProvider } from './auth-provider';
import { mfaMethodsFromQuery } from './mfa-step';
import { SignInPanel } from './sign-in-panel';

const ana: AuthUser = {
  id: 'usr_ana',
  email: 'ana@example.com',
  created_at: '2025-01-01T00:00:00.000Z',
  email_verified: true,
  user_metadata: { display_name: 'Ana', avatar_url: null },
};

function renderSignIn(path: string, server: Record<string, FetchHandler>) {
  const fetchSpy = mockFetch({
    'GET /sso/check': reply({ authenticated: false, sso_login_url: '/login' }),
    'GET /auth/config': reply({ providers: [], redirect_origins: [] }),
    ...server,
  });
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
  return { router, fetchSpy };
}

describe('the sign-in second step', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('asks for the app code after the password, says when it is wrong, and signs in with the ticket', async () => {
    const { fetchSpy } = renderSignIn('/login', {
      'POST /auth/login': reply({ mfa_required: true, mfa_ticket: 'tkt_1', methods: ['totp', 'recovery_code'] }),
      'POST /auth/mfa/verify': sequence(
        reply({ success: false, error: 'The code is not valid', code: 'INVALID_MFA_CODE' }, 401),
        reply({ user: ana, access_token: 'tok_1' }),
      ),
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveFocus();
    await userEvent.type(code, '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');

    await userEvent.type(screen.getByLabelText('Authentication code'), '123456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, 'POST /auth/mfa/verify').map((call) => call.body)).toEqual([
      { ticket: 'tkt_1', code: '000000' },
      { ticket: 'tkt_1', code: '123456' },
    ]);
  });

  it('switches to a recovery code, and sends an expired sign-in back to the form', async () => {
    renderSignIn('/login?mfa=totp,recovery_code', {
      'POST /auth/mfa/verify': reply(
        { success: false, error: 'This sign-in has expired', code: 'MFA_TICKET_INVALID' },
        401,
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired or was already completed');
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign-in' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });

  it('reads only known methods from the address', () => {
    expect(mfaMethodsFromQuery('totp,recovery_code')).toEqual(['totp', 'recovery_code']);
    expect(mfaMethodsFromQuery('passkey,<script>')).toEqual(['passkey']);
    expect(mfaMethodsFromQuery('nonsense')).toBeNull();
    expect(mfaMethodsFromQuery(null)).toBeNull();
  });
});
