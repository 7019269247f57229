import { rolePermissions, type Workspace } from '@nuvem/contracts/orgs';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { personalWorkspace, setActingWorkspace } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { fetchCalls, jsonResponse, mockFetch, reply, type FetchHandler } from '@/testing/mock-fetch.testing';
import { workspaceStorageKey } from '../lib/workspace-choice';
import { AcceptInvitationPage, type AcceptInvitationPageProps } from './accept-invitation-page';
import { WorkspaceProvider } from './workspace-provider';

const acme: Workspace = {
  id: 'wsp_acme',
  kind: 'organisation',
  name: 'Acme',
  role: 'developer',
  permissions: [...rolePermissions.developer],
  plan: 'enterprise',
  seats: 25,
  seats_used: 3,
  members: 3,
  created_at: '2025-01-01T00:00:00.000Z',
};
const personal: Workspace = { ...acme, id: 'usr_bea', kind: 'personal', name: 'Bea', role: 'owner', plan: 'free' };

const preview = reply({
  success: true,
  invitation: {
    organisation: { id: 'wsp_acme', name: 'Acme' },
    email: 'bea@example.com',
    role: 'developer',
    invited_by: 'ana@example.com',
    expires_at: '2030-05-08T10:00:00.000Z',
  },
});

const bea = { email: 'bea@example.com', email_verified: true };

function renderPage(props: Partial<AcceptInvitationPageProps>, routes: Record<string, FetchHandler> = {}) {
  const joined: Workspace[] = [personal];
  const fetchSpy = mockFetch({
    'GET /api/orgs': () => jsonResponse({ success: true, workspaces: joined }),
    'POST /api/invitations/preview': preview,
    'POST /api/invitations/accept': () => {
      joined.push(acme);
      return jsonResponse({ success: true, workspace: acme });
    },
    ...routes,
  });
  const page = (
    <AcceptInvitationPage
      token="tok_1"
      user={bea}
      checking={false}
      signInHref="/login?redirect=%2Finvitations%2Faccept%3Ftoken%3Dtok_1"
      {...props}
    />
  );
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <WorkspaceProvider userId={props.user === null ? null : 'usr_bea'} emailVerified>
            {page}
          </WorkspaceProvider>
        ),
      },
      { path: '/', element: <p>Desktop</p> },
    ],
    { initialEntries: ['/invitations/accept?token=tok_1'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchSpy, router, user: userEvent.setup() };
}

describe('AcceptInvitationPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setActingWorkspace(personalWorkspace);
  });

  it('asks a signed-out visitor to sign in, coming back to the invitation', async () => {
    const { fetchSpy } = renderPage({ user: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have been invited to an organisation' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to accept' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Finvitations%2Faccept%3Ftoken%3Dtok_1',
    );
    expect(fetchCalls(fetchSpy, 'POST /api/invitations/preview')).toHaveLength(0);
  });

  it('shows the organisation, role and address, then joins and works in it on the desktop', async () => {
    const { fetchSpy, router, user } = renderPage({});
    expect(await screen.findByText('You are invited to join')).toBeInTheDocument();
    expect(screen.getByText('bea@example.com')).toBeInTheDocument();
    expect(screen.getByText('Developer')).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, 'POST /api/invitations/preview')[0]?.body).toEqual({ token: 'tok_1' });

    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Desktop')).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, 'POST /api/invitations/accept')[0]?.body).toEqual({ token: 'tok_1' });
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?org=wsp_acme');
    expect(window.localStorage.getItem(workspaceStorageKey('usr_bea'))).toBe('wsp_acme');
  });

  it('says when the invitation was sent to another address, and offers no accept', async () => {
    renderPage({ user: { email: 'someone@example.com', email_verified: true } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation was sent to bea@example.com, but you are signed in as someone@example.com.',
    );
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });

  it('asks for a verified address first', async () => {
    renderPage({ user: { email: 'Bea@Example.com', email_verified: false } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Verify your e-mail address first');
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });

  it('explains an invalid or expired link', async () => {
    renderPage(
      {},
      {
        'POST /api/invitations/preview': reply(
          { success: false, error: 'This invitation link is not valid', code: 'INVITATION_INVALID' },
          400,
        ),
      },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation link is not valid: it may have expired (invitations last 7 days)',
    );
  });

  it("explains the server's refusal of the accept (every seat taken)", async () => {
    const { user } = renderPage(
      {},
      {
        'POST /api/invitations/accept': reply(
          { success: false, error: 'Every seat is taken', code: 'SEATS_FULL' },
          409,
        ),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Every seat of this organisation is taken.');
  });
});
