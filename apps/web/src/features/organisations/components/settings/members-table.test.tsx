import { memberSchema, rolePermissions, type Member, type Role } from '@nuvem/contracts/orgs';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MembersTable } from './members-table';

const member = (userId: string, name: string, role: Role): Member =>
  memberSchema.parse({
    user_id: userId,
    email: `${name.toLowerCase()}@example.com`,
    display_name: name,
    role,
    joined_at: '2026-01-05T10:00:00Z',
  });

const members = [
  member('usr_owner', 'Olga', 'owner'),
  member('usr_me', 'Mia', 'admin'),
  member('usr_dev', 'Dev', 'developer'),
  member('usr_vic', 'Vic', 'viewer'),
];

function renderAs(role: Role) {
  const handlers = { onRoleChange: vi.fn(), onRemove: vi.fn(), onLeave: vi.fn() };
  render(
    <MembersTable
      members={members.map((m) => (m.user_id === 'usr_me' ? { ...m, role } : m))}
      viewer={{ userId: 'usr_me', role, permissions: rolePermissions[role] }}
      {...handlers}
    />,
  );
  // A member's row, found by the name it starts with (cheaper than walking every row's roles).
  const row = (name: string) => {
    const found = screen.getByText(name, { selector: 'th span' }).closest('tr');
    if (!found) throw new Error(`no row for ${name}`);
    return within(found);
  };
  return { handlers, row, user: userEvent.setup() };
}

describe('MembersTable', () => {
  it('lets an admin change and remove members other than the owner, and leave from their own row', async () => {
    const { handlers, row, user } = renderAs('admin');

    expect(screen.getByRole('table', { name: 'Members of the organisation' })).toBeInTheDocument();
    // The owner's role is only read: an admin never touches an owner.
    expect(row('Olga').queryByRole('combobox')).not.toBeInTheDocument();
    expect(row('Olga').getByText('Owner')).toBeInTheDocument();
    expect(row('Olga').queryByRole('button')).not.toBeInTheDocument();

    expect(row('Dev').getByRole('combobox', { name: 'Role of Dev' })).toHaveTextContent('Developer');
    fireEvent.click(row('Dev').getByRole('button', { name: 'Remove Dev' }));
    expect(handlers.onRemove).toHaveBeenCalledWith(expect.objectContaining({ user_id: 'usr_dev' }));

    await user.click(row('Vic').getByRole('combobox', { name: 'Role of Vic' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Admin',
      'Developer',
      'Billing',
      'Viewer',
    ]); // an admin cannot make an owner
    await user.click(screen.getByRole('option', { name: 'Billing' }));
    expect(handlers.onRoleChange).toHaveBeenCalledWith(expect.objectContaining({ user_id: 'usr_vic' }), 'billing');

    expect(row('Mia').queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    fireEvent.click(row('Mia').getByRole('button', { name: 'Leave organisation' }));
    expect(handlers.onLeave).toHaveBeenCalledOnce();
  });

  it('shows a viewer every member read-only, with only their own Leave', () => {
    const { row } = renderAs('viewer');

    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(row('Dev').getByText('Developer')).toBeInTheDocument();
    expect(row('Dev').getByText('dev@example.com', { selector: 'td' })).toBeInTheDocument();
    expect(row('Mia').getByText('you')).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(row('Mia').getByRole('button', { name: 'Leave organisation' })).toBeInTheDocument();
  });
});
