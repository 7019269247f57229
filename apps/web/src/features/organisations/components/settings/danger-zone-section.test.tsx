import { workspaceSchema } from '@nuvem/contracts/orgs';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fetchCalls, mockFetch, reply, sequence } from '@/testing/mock-fetch.testing';
import { DangerZoneSection } from './danger-zone-section';

const acme = workspaceSchema.parse({
  id: 'wsp_acme',
  kind: 'organisation',
  name: 'Acme Lda',
  role: 'owner',
  permissions: [],
  plan: 'free',
  seats: 3,
  seats_used: 1,
  members: 1,
  created_at: '2026-01-05T10:00:00Z',
});

const notEmpty = {
  success: false,
  error: 'Delete its containers and cancel its paid plan before deleting the organisation',
  code: 'ORGANISATION_NOT_EMPTY',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DangerZoneSection', () => {
  it('deletes only once the name is typed, says why a non-empty organisation stays, then hands over', async () => {
    const spy = mockFetch({ 'DELETE /api/orgs/wsp_acme': sequence(reply(notEmpty, 409), reply({ success: true })) });
    const onDeleted = vi.fn();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DangerZoneSection organisation={acme} onDeleted={onDeleted} />
      </QueryClientProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'Delete organisation…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Acme Lda?' });
    const confirm = within(dialog).getByRole('textbox', { name: /Type the organisation's name, Acme Lda/ });
    await user.type(confirm, 'acme');
    await user.click(within(dialog).getByRole('button', { name: 'Delete organisation' }));
    expect(within(dialog).getByText('Type Acme Lda exactly as it is written, to confirm.')).toBeInTheDocument();
    expect(fetchCalls(spy, 'DELETE /api/orgs/wsp_acme')).toHaveLength(0);

    await user.clear(confirm);
    await user.type(confirm, 'Acme Lda');
    await user.click(within(dialog).getByRole('button', { name: 'Delete organisation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Delete its containers and cancel its paid plan before deleting the organisation.',
    );
    expect(onDeleted).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Delete organisation' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(fetchCalls(spy, 'DELETE /api/orgs/wsp_acme')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
