import { mayAssignRole, roles, type Member, type Permission, type Role } from '@nuvem/contracts/orgs';

/** Who is looking at the settings page: their id, and their role and permissions in this organisation. */
export interface SettingsViewer {
  userId: string;
  role: Role;
  permissions: readonly Permission[];
}

export type SettingsSection = 'members' | 'invitations' | 'roles' | 'audit';

/** The sections a role can use, in the page's order (a viewer has no audit log; every member sees the roles). */
export function visibleSections(permissions: readonly Permission[]): SettingsSection[] {
  const sections: SettingsSection[] = [];
  if (permissions.includes('members:read')) sections.push('members', 'invitations');
  sections.push('roles');
  if (permissions.includes('audit:read')) sections.push('audit');
  return sections;
}

export function canManageMembers(viewer: SettingsViewer): boolean {
  return viewer.permissions.includes('members:manage');
}

/** The roles the viewer may give (an admin never makes an owner). */
export function assignableRoles(viewer: SettingsViewer): Role[] {
  return canManageMembers(viewer) ? roles.filter((role) => mayAssignRole(viewer.role, role)) : [];
}

export interface MemberAbilities {
  changeRole: boolean;
  remove: boolean;
  leave: boolean;
}

/**
 * What the viewer may do on a member's row: change the role or remove them with members:manage,
 * but an admin never touches an owner; on their own row, leave (the server refuses the last owner).
 */
export function memberAbilities(viewer: SettingsViewer, member: Member): MemberAbilities {
  const self = member.user_id === viewer.userId;
  const manages = canManageMembers(viewer) && mayAssignRole(viewer.role, member.role);
  return { changeRole: manages, remove: manages && !self, leave: self };
}

/** Only an owner deletes the organisation (the server refuses anyone else). */
export function canDeleteOrganisation(viewer: SettingsViewer): boolean {
  return viewer.role === 'owner';
}

/** Whether what was typed to confirm a deletion is the organisation's name (spaces around it aside). */
export function confirmsOrganisationName(typed: string, name: string): boolean {
  return typed.trim() === name.trim();
}
