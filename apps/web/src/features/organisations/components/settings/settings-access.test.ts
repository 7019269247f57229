import { memberSchema, rolePermissions, type Member, type Role } from '@nuvem/contracts/orgs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { orgFailureKey } from './org-failure';
import {
  assignableRoles,
  canDeleteOrganisation,
  confirmsOrganisationName,
  memberAbilities,
  visibleSections,
  type SettingsViewer,
} from './settings-access';

const as = (role: Role, userId = 'usr_me'): SettingsViewer => ({ userId, role, permissions: rolePermissions[role] });
const member = (role: Role, userId = 'usr_other'): Member =>
  memberSchema.parse({
    user_id: userId,
    email: `${userId}@example.com`,
    display_name: null,
    role,
    joined_at: '2026-01-01T00:00:00Z',
  });

describe('visibleSections', () => {
  it('shows the audit log to owners, admins and billing only', () => {
    expect(visibleSections(rolePermissions.owner)).toEqual(['members', 'invitations', 'roles', 'audit']);
    expect(visibleSections(rolePermissions.billing)).toContain('audit');
    expect(visibleSections(rolePermissions.developer)).toEqual(['members', 'invitations', 'roles']);
    expect(visibleSections(rolePermissions.viewer)).toEqual(['members', 'invitations', 'roles']);
  });
});

describe('memberAbilities', () => {
  it('lets an admin change and remove a developer but not touch an owner', () => {
    expect(memberAbilities(as('admin'), member('developer'))).toEqual({ changeRole: true, remove: true, leave: false });
    expect(memberAbilities(as('admin'), member('owner'))).toEqual({ changeRole: false, remove: false, leave: false });
    expect(memberAbilities(as('owner'), member('owner'))).toEqual({ changeRole: true, remove: true, leave: false });
  });

  it('lets a viewer only leave, on their own row', () => {
    expect(memberAbilities(as('viewer'), member('developer'))).toEqual({
      changeRole: false,
      remove: false,
      leave: false,
    });
    expect(memberAbilities(as('viewer'), member('viewer', 'usr_me'))).toEqual({
      changeRole: false,
      remove: false,
      leave: true,
    });
  });

  it('offers an admin every role but owner, and a role without members:manage none', () => {
    expect(assignableRoles(as('admin'))).toEqual(['admin', 'developer', 'billing', 'viewer']);
    expect(assignableRoles(as('owner'))).toContain('owner');
    expect(assignableRoles(as('developer'))).toEqual([]);
  });
});

describe('orgFailureKey', () => {
  it('reads the refusals a user can act on from the server code', () => {
    const conflict = (code: string) => new ApiError(409, 'x', code);
    expect(orgFailureKey(conflict('LAST_OWNER'))).toBe('lastOwner');
    expect(orgFailureKey(conflict('SEATS_FULL'))).toBe('seatsFull');
    expect(orgFailureKey(conflict('ALREADY_MEMBER'))).toBe('alreadyMember');
    expect(orgFailureKey(conflict('ALREADY_INVITED'))).toBe('alreadyInvited');
    expect(orgFailureKey(conflict('ORGANISATION_NOT_EMPTY'))).toBe('notEmpty');
    expect(orgFailureKey(new ApiError(404, 'Member not found', 'NOT_FOUND'))).toBe('notFound');
    expect(orgFailureKey(new ApiError(500, 'Internal error'))).toBeNull();
    expect(orgFailureKey(new Error('boom'))).toBeNull();
  });
});

describe('deleting the organisation', () => {
  it('is offered to owners only', () => {
    expect(canDeleteOrganisation(as('owner'))).toBe(true);
    expect(canDeleteOrganisation(as('admin'))).toBe(false);
    expect(canDeleteOrganisation(as('viewer'))).toBe(false);
  });

  it('is confirmed by the exact name, spaces around it aside', () => {
    expect(confirmsOrganisationName('  Acme Lda ', 'Acme Lda')).toBe(true);
    expect(confirmsOrganisationName('acme lda', 'Acme Lda')).toBe(false);
    expect(confirmsOrganisationName('', 'Acme Lda')).toBe(false);
  });
});
