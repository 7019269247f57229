import {
  containerActionResponseSchema,
  containerSchema,
  SNAPSHOT_NAME_MAX_LENGTH,
  type Container,
} from '@nuvem/contracts/containers';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toaster } from '@/components/ui/sonner';
import { createQueryClient } from '@/lib/query-client';
import { fetchCalls, jsonResponse, mockFetch, reply, type FetchHandler } from '@/testing/mock-fetch.testing';
import { ContainerActionsMenu } from './container-actions-menu';

function container(overrides: Partial<Container> = {}): Container {
  return containerSchema.parse({
    id: 'ctr_1',
    name: 'web-1',
    description: null,
    status: 'running',
    status_reason: null,
    tier: 'small',
    template_id: 'nodejs-18',
    driver: 'demo',
    ssh_command: 'ssh -p 2201 root@203.0.113.7',
    ip_address: '10.0.0.5',
    created_at: '2025-01-01T00:00:00.000Z',
    metrics: { cpu_usage: 12, memory_usage: 55, disk_usage: 90, network_rx_mb: 1, network_tx_mb: 2, processes: 20 },
    ...overrides,
  });
}

const tiers = {
  success: true,
  tiers: [
    { id: 'small', cpu: 1, memory_gb: 1, disk_gb: 10, monthly_usd: 5 },
    { id: 'medium', cpu: 1, memory_gb: 2, disk_gb: 50, monthly_usd: 10 },
    { id: 'large', cpu: 2, memory_gb: 4, disk_gb: 100, monthly_usd: 20 },
  ],
};

const actionsRoute = 'POST /api/v1/containers/ctr_1/actions';
const deleteRoute = 'DELETE /api/v1/containers/ctr_1';

function actionReply(action: string, patch: Partial<Container> = {}): FetchHandler {
  return reply(
    containerActionResponseSchema.parse({
      success: true,
      message: `Container ${action} completed successfully`,
      container: container(patch),
    }),
  );
}

function renderMenu(subject: Container, routes: Record<string, FetchHandler> = {}) {
  const user = userEvent.setup();
  const fetchSpy = mockFetch({ 'GET /api/v1/containers/tiers': reply(tiers), ...routes });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContainerActionsMenu container={subject} />
      <Toaster />
    </QueryClientProvider>,
  );
  const trigger = screen.getByRole('button', { name: `Actions for ${subject.name}` });
  const open = async () => {
    await user.click(trigger);
    return screen.findByRole('menu');
  };
  return { user, fetchSpy, trigger, open };
}

function menuItemNames(menu: HTMLElement) {
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

beforeEach(() => {
  // Toasts of earlier tests would be replayed to this test's Toaster.
  toast.dismiss();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ContainerActionsMenu', () => {
  it('offers Start for a stopped container, Stop otherwise, and Restart always', async () => {
    const { open } = renderMenu(container({ status: 'stopped' }));
    expect(menuItemNames(await open())).toEqual([
      'Start',
      'Restart',
      'Snapshot',
      'Scale',
      'Copy SSH command',
      'Open logs',
      'Delete',
    ]);
  });

  it.each(['running', 'error'] as const)('offers Stop and Restart for a %s container', async (status) => {
    const { open } = renderMenu(container({ status }));
    const names = menuItemNames(await open());
    expect(names).toContain('Stop');
    expect(names).toContain('Restart');
    expect(names).not.toContain('Start');
  });

  it('starts a stopped container and says so', async () => {
    const { user, fetchSpy, open } = renderMenu(container({ status: 'stopped' }), {
      [actionsRoute]: actionReply('start'),
    });
    await user.click(within(await open()).getByRole('menuitem', { name: 'Start' }));
    expect(await screen.findByText('Container start completed successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, actionsRoute).map((call) => call.body)).toEqual([{ action: 'start' }]);
  });

  it('stops and restarts with the exact bodies', async () => {
    const { user, fetchSpy, open } = renderMenu(container(), { [actionsRoute]: actionReply('stop') });
    await user.click(within(await open()).getByRole('menuitem', { name: 'Stop' }));
    expect(await screen.findByText('Container stop completed successfully')).toBeInTheDocument();
    await user.click(within(await open()).getByRole('menuitem', { name: 'Restart' }));
    expect(await screen.findByText('Container restart completed successfully')).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, actionsRoute).map((call) => call.body)).toEqual([
      { action: 'stop' },
      { action: 'restart' },
    ]);
  });

  it('says the action failed, with the server reason after the spec sentence', async () => {
    const { user, open } = renderMenu(container(), {
      [actionsRoute]: reply(
        { success: false, error: 'Another action is still running on web-1', code: 'ACTION_IN_FLIGHT' },
        409,
      ),
    });
    await user.click(within(await open()).getByRole('menuitem', { name: 'Stop' }));
    expect(
      await screen.findByText('Failed to stop container: Another action is still running on web-1'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('does not repeat the sentence when the server says only that', async () => {
    const { user, open } = renderMenu(container(), {
      [actionsRoute]: reply({ success: false, error: 'Failed to restart container', code: 'DRIVER_ERROR' }, 502),
    });
    await user.click(within(await open()).getByRole('menuitem', { name: 'Restart' }));
    expect(await screen.findByText('Failed to restart container')).toBeInTheDocument();
  });

  it('disables the menu while an action on the container is in flight', async () => {
    let release: () => void = () => {};
    const { user, trigger, open } = renderMenu(container(), {
      [actionsRoute]: () =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(
              jsonResponse({
                success: true,
                message: 'Container restart completed successfully',
                container: container(),
              }),
            );
        }),
    });
    await user.click(within(await open()).getByRole('menuitem', { name: 'Restart' }));
    await waitFor(() => expect(trigger).toBeDisabled());
    release();
    expect(await screen.findByText('Container restart completed successfully')).toBeInTheDocument();
    await waitFor(() => expect(trigger).toBeEnabled());
  });

  it('locks the lifecycle actions while the container is starting, but keeps copy and logs', async () => {
    const { open } = renderMenu(container({ status: 'starting' }));
    const menu = await open();
    for (const name of ['Stop', 'Restart', 'Snapshot', 'Scale', 'Delete']) {
      expect(within(menu).getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    expect(within(menu).getByRole('menuitem', { name: 'Copy SSH command' })).not.toHaveAttribute('aria-disabled');
    expect(within(menu).getByRole('menuitem', { name: 'Open logs' })).not.toHaveAttribute('aria-disabled');
  });

  it('takes a snapshot with a typed name, refusing an invalid one', async () => {
    const { user, fetchSpy, open, trigger } = renderMenu(container(), { [actionsRoute]: actionReply('snapshot') });
    await user.click(within(await open()).getByRole('menuitem', { name: 'Snapshot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Snapshot' });
    const field = within(dialog).getByLabelText('Snapshot name (optional)');
    expect(field).toHaveAttribute('placeholder', expect.stringMatching(/^snap-\d{8}-\d{4}$/));

    await user.type(field, 'before upgrade!');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Create Snapshot' })).toBeDisabled();

    await user.clear(field);
    await user.type(field, 'before-upgrade');
    await user.click(within(dialog).getByRole('button', { name: 'Create Snapshot' }));
    expect(await screen.findByText('Container snapshot completed successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchCalls(fetchSpy, actionsRoute).map((call) => call.body)).toEqual([
      { action: 'snapshot', parameters: { name: 'before-upgrade' } },
    ]);
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('names an unnamed snapshot as its placeholder says', async () => {
    const { user, fetchSpy, open } = renderMenu(container(), { [actionsRoute]: actionReply('snapshot') });
    await user.click(within(await open()).getByRole('menuitem', { name: 'Snapshot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Snapshot' });
    const placeholder = within(dialog).getByLabelText('Snapshot name (optional)').getAttribute('placeholder');
    await user.click(within(dialog).getByRole('button', { name: 'Create Snapshot' }));
    await screen.findByText('Container snapshot completed successfully');
    expect(fetchCalls(fetchSpy, actionsRoute)[0]?.body).toEqual({
      action: 'snapshot',
      parameters: { name: placeholder },
    });
  });

  it('scales only to a tier other than the current one', async () => {
    const { user, fetchSpy, open } = renderMenu(container({ tier: 'small' }), {
      [actionsRoute]: actionReply('scale', { tier: 'large' }),
    });
    await user.click(within(await open()).getByRole('menuitem', { name: 'Scale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scale Container' });
    expect(within(dialog).getByText('Choose a tier other than the current one.')).toBeInTheDocument();
    const scale = within(dialog).getByRole('button', { name: 'Scale' });
    expect(scale).toBeDisabled();

    const select = within(dialog).getByRole('combobox', { name: 'Tier' });
    expect(select).toHaveTextContent('Small (current) — 1 vCPU · 1 GB RAM · 10 GB disk · $5/month');
    await user.click(select);
    await user.click(
      await screen.findByRole('option', { name: 'Large — 2 vCPU · 4 GB RAM · 100 GB disk · $20/month' }),
    );
    expect(scale).toBeEnabled();
    expect(within(dialog).getByText(/Scaling restarts the container/)).toBeInTheDocument();

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: /^Small \(current\)/ }));
    expect(scale).toBeDisabled();

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: /^Large/ }));
    await user.click(scale);
    expect(await screen.findByText('Container scale completed successfully')).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, actionsRoute).map((call) => call.body)).toEqual([
      { action: 'scale', parameters: { tier: 'large' } },
    ]);
  });

  it('says beside the tier when the quota refuses it, and keeps the dialog open', async () => {
    const { user, open } = renderMenu(container({ tier: 'small' }), {
      [actionsRoute]: reply(
        {
          success: false,
          error:
            'This would pass your limit of 4 vCPUs (3 in use). Delete or scale down a container, or contact support to raise it.',
          code: 'LIMIT_REACHED',
        },
        409,
      ),
    });
    await user.click(within(await open()).getByRole('menuitem', { name: 'Scale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scale Container' });
    const select = within(dialog).getByRole('combobox', { name: 'Tier' });
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: /^Large/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Scale' }));
    await waitFor(() => expect(select).toHaveAttribute('aria-invalid', 'true'));
    expect(select).toHaveAccessibleDescription(expect.stringContaining('This would pass your limit of 4 vCPUs'));
    expect(screen.getByRole('dialog', { name: 'Scale Container' })).toBe(dialog);
  });

  it(`refuses a snapshot name longer than ${SNAPSHOT_NAME_MAX_LENGTH} characters beside the field`, async () => {
    const { user, fetchSpy, open } = renderMenu(container(), { [actionsRoute]: actionReply('snapshot') });
    await user.click(within(await open()).getByRole('menuitem', { name: 'Snapshot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Snapshot' });
    const field = within(dialog).getByLabelText('Snapshot name (optional)');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(`up to ${SNAPSHOT_NAME_MAX_LENGTH}`));
    await user.click(field);
    await user.paste('s'.repeat(SNAPSHOT_NAME_MAX_LENGTH + 1));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(`Use at most ${SNAPSHOT_NAME_MAX_LENGTH} characters.`),
    );
    expect(within(dialog).getByRole('button', { name: 'Create Snapshot' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(fetchCalls(fetchSpy, actionsRoute)).toHaveLength(0);
  });

  it('copies the SSH command to the clipboard', async () => {
    const { user, open } = renderMenu(container());
    await user.click(within(await open()).getByRole('menuitem', { name: 'Copy SSH command' }));
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(screen.getByText('SSH command copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('ssh -p 2201 root@203.0.113.7');
  });

  it('opens the logs in a new tab', async () => {
    const windowOpen = vi.fn().mockReturnValue(null);
    vi.stubGlobal('open', windowOpen);
    const { user, open } = renderMenu(container());
    await user.click(within(await open()).getByRole('menuitem', { name: 'Open logs' }));
    expect(windowOpen).toHaveBeenCalledWith('/containers/ctr_1/logs', '_blank', 'noopener,noreferrer');
  });

  it('deletes only after confirmation', async () => {
    const { user, fetchSpy, open, trigger } = renderMenu(container(), {
      [deleteRoute]: reply({ success: true, message: 'Container deleted' }),
    });
    await user.click(within(await open()).getByRole('menuitem', { name: 'Delete' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete container web-1?' });
    expect(confirm).toHaveTextContent('removes the instance and all of its snapshots');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(fetchCalls(fetchSpy, deleteRoute)).toHaveLength(0);

    await user.click(within(await open()).getByRole('menuitem', { name: 'Delete' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete container web-1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Container deleted successfully')).toBeInTheDocument();
    expect(fetchCalls(fetchSpy, deleteRoute)).toHaveLength(1);
  });

  it('says when the delete failed', async () => {
    const { user, open } = renderMenu(container(), {
      [deleteRoute]: reply({ success: false, error: 'Failed to delete container', code: 'DRIVER_ERROR' }, 502),
    });
    await user.click(within(await open()).getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete container web-1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete container')).toBeInTheDocument();
  });

  it('is operable from the keyboard', async () => {
    const { user, fetchSpy, trigger } = renderMenu(container({ status: 'stopped' }), {
      [actionsRoute]: actionReply('start'),
    });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Start' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await screen.findByText('Container start completed successfully');
    expect(fetchCalls(fetchSpy, actionsRoute)).toHaveLength(1);
  });
});
