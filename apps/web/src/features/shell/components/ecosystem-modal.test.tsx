import type { EcosystemApp } from '@nuvem/contracts/ecosystem';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '@/lib/i18n';
import { jsonResponse, mockFetch, reply, sequence, signedOutAuthRoutes } from '@/testing/mock-fetch.testing';
import { renderRoute } from '@/testing/render-route.testing';

const names = [
  'Projects',
  'Events',
  'Collaboration',
  'CRM',
  'ERP',
  'Chat',
  'Mail Server',
  'E-mail Marketing',
  'Nuvem Cloud',
];

type Listed = Pick<EcosystemApp, 'status' | 'reachability'>;

/** The nine apps, active and answering unless `overrides` says otherwise (by name). */
function apps(overrides: Partial<Record<string, EcosystemApp['status'] | Listed>> = {}): EcosystemApp[] {
  return names.map((name, index) => {
    const override = overrides[name];
    const state: Listed =
      typeof override === 'string'
        ? { status: override, reachability: 'unknown' }
        : (override ?? { status: 'active', reachability: 'operational' });
    return {
      id: `app-${index}`,
      name,
      description: `${name} for your team`,
      icon: index === 0 ? 'folder-kanban' : 'no-such-icon',
      color: '#3b82f6',
      url: `https://app${index}.example.com/`,
      checked_at: state.reachability === 'unknown' ? null : '2030-01-01T10:00:00.000Z',
      ...state,
    };
  });
}

async function openModal() {
  const trigger = await screen.findByRole('button', { name: 'Open ecosystem apps' });
  await userEvent.click(trigger);
  const dialog = await screen.findByRole('dialog', { name: 'Nuvem Ecosystem' });
  return { trigger, dialog };
}

describe('ecosystem modal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the spec texts and the nine cards; active cards open a new tab, others cannot be opened', async () => {
    mockFetch({
      ...signedOutAuthRoutes,
      'GET /api/ecosystem/apps': reply({ success: true, apps: apps({ CRM: 'maintenance', ERP: 'degraded' }) }),
    });
    renderRoute('/events');
    const { dialog } = await openModal();

    expect(within(dialog).getByText('Integrated enterprise solutions for your business')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Access all integrated applications from one unified platform'),
    ).toBeInTheDocument();
    const list = await within(dialog).findByRole('list', { name: 'Applications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(9);

    const projects = within(dialog).getByRole('link', { name: 'Projects' });
    expect(projects).toHaveAttribute('href', 'https://app0.example.com/');
    expect(projects).toHaveAttribute('target', '_blank');
    expect(projects).toHaveAttribute('rel', 'noopener noreferrer');

    expect(within(dialog).queryByRole('link', { name: 'CRM' })).not.toBeInTheDocument();
    const crm = within(dialog).getByRole('group', { name: 'CRM' });
    expect(crm).toHaveAttribute('aria-disabled', 'true');
    expect(within(crm).getByText('Under maintenance')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'ERP' })).toHaveTextContent('Degraded: not responding');
    expect(within(dialog).getAllByRole('link')).toHaveLength(7);

    // Honest footer: not 'All systems operational' while two apps have problems.
    expect(within(dialog).getByRole('status')).toHaveTextContent('2 apps with problems');
    expect(within(dialog).queryByText('All systems operational')).not.toBeInTheDocument();
  });

  it('shows an app the server could not reach as unreachable, not as a link, and counts the apps that answered', async () => {
    const down = { status: 'degraded', reachability: 'unreachable' } as const;
    mockFetch({
      ...signedOutAuthRoutes,
      'GET /api/ecosystem/apps': reply({
        success: true,
        apps: apps({ Events: down, CRM: down, ERP: down, Chat: down, 'Mail Server': down, 'E-mail Marketing': down }),
      }),
    });
    renderRoute('/events');
    const { dialog } = await openModal();

    const crm = await within(dialog).findByRole('group', { name: 'CRM' });
    expect(crm).toHaveAttribute('aria-disabled', 'true');
    // A word, not only a colour: the label and what a screen reader hears.
    expect(within(crm).getByText('Unreachable')).toBeVisible();
    expect(crm).toHaveAccessibleDescription('CRM for your team Not available: Unreachable.');
    expect(within(dialog).queryByRole('link', { name: 'CRM' })).not.toBeInTheDocument();
    expect(crm.querySelector('a, [href], [tabindex]')).toBeNull(); // nothing in it takes focus
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Projects', 'Collaboration', 'Nuvem Cloud']);
    expect(within(dialog).getByRole('status')).toHaveTextContent('3 of 9 apps reachable');
    expect(within(dialog).queryByText('All systems operational')).not.toBeInTheDocument();

    await act(() => chooseLanguage('pt-PT'));
    expect(within(dialog).getByRole('status')).toHaveTextContent('3 de 9 aplicações a responder');
    expect(within(within(dialog).getByRole('group', { name: 'CRM' })).getByText('Sem resposta')).toBeVisible();
  });

  it('does not say all is well while the first checks are running', async () => {
    mockFetch({
      ...signedOutAuthRoutes,
      'GET /api/ecosystem/apps': reply({
        success: true,
        apps: apps({ Chat: { status: 'active', reachability: 'unknown' } }),
      }),
    });
    renderRoute('/events');
    const { dialog } = await openModal();
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Checking the apps…');
    // Not known to be down: still offered.
    expect(within(dialog).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', 'https://app5.example.com/');
  });

  it("says 'All systems operational' when every app is active and answered", async () => {
    mockFetch({ ...signedOutAuthRoutes, 'GET /api/ecosystem/apps': reply({ success: true, apps: apps() }) });
    renderRoute('/events');
    const { dialog } = await openModal();
    expect(await within(dialog).findByRole('status')).toHaveTextContent('All systems operational');
  });

  it('closes on Escape and gives focus back to the nine-dot button', async () => {
    mockFetch({ ...signedOutAuthRoutes, 'GET /api/ecosystem/apps': reply({ success: true, apps: apps() }) });
    renderRoute('/events');
    const { trigger, dialog } = await openModal();
    await within(dialog).findByRole('list', { name: 'Applications' });
    expect(dialog).toContainElement(document.activeElement instanceof HTMLElement ? document.activeElement : null);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('closes with its close button', async () => {
    mockFetch({ ...signedOutAuthRoutes, 'GET /api/ecosystem/apps': reply({ success: true, apps: apps() }) });
    renderRoute('/events');
    const { trigger, dialog } = await openModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('shows an error with a retry that loads the apps', async () => {
    mockFetch({
      ...signedOutAuthRoutes,
      'GET /api/ecosystem/apps': sequence(
        () => jsonResponse({ success: false, error: 'Bad request', code: 'BAD' }, 400),
        reply({ success: true, apps: apps() }),
      ),
    });
    renderRoute('/events');
    const { dialog } = await openModal();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The applications could not be loaded.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('list', { name: 'Applications' })).toBeInTheDocument();
  });
});
