import { z } from 'zod';
import {
  cleanDisplayText,
  displayNameMessages,
  EMAIL_MAX_LENGTH,
  hasControlCharacter,
  hasVisibleCharacter,
} from './auth.js';
import { plans, type PlanId } from './pricing.js';

/**
 * Organisations, roles and permissions (issue 34, decision 029). Every resource lives in a
 * workspace: a user's personal one (its id is the user's id) or an organisation (`wsp_…`) whose
 * members act in it with the permissions of their role.
 */

/** The header an API call names its workspace with; without it, the caller's personal workspace. */
export const ORGANIZATION_HEADER = 'nuvem-organization';
/** The same choice in an address (`?org=`), for pages shared by link and the event stream. */
export const ORGANIZATION_QUERY = 'org';

/**
 * What happened to a person's membership of an organisation: their role changed, they were
 * removed (or left), or the organisation was deleted. Their event streams on it end with a
 * `workspace.changed` event carrying this, so an open portal leaves a workspace it lost at once.
 */
export const membershipChanges = ['role', 'removed', 'deleted'] as const;
export type MembershipChange = (typeof membershipChanges)[number];
/** The event type a member's stream on an organisation ends with when their membership changes. */
export const WORKSPACE_CHANGED_EVENT = 'workspace.changed';
/** Its data. */
export interface WorkspaceChangedData {
  organisationId: string;
  change: MembershipChange;
}

export const permissions = [
  'containers:read',
  'containers:write',
  'apps:read',
  'apps:write',
  'keys:issue',
  'keys:revoke',
  'flows:read',
  'flows:write',
  'flows:execute',
  'billing:read',
  'billing:manage',
  'members:read',
  'members:manage',
  'audit:read',
] as const;
export type Permission = (typeof permissions)[number];

export const permissionDescriptions: Record<Permission, string> = {
  'containers:read': 'See containers, their logs and metrics',
  'containers:write': 'Create, change, start, stop, snapshot and delete containers',
  'apps:read': 'See developer applications and their keys',
  'apps:write': 'Register, change and delete developer applications',
  'keys:issue': 'Issue and rotate API keys',
  'keys:revoke': 'Revoke API keys',
  'flows:read': 'See agents, flows, runs and the knowledge base',
  'flows:write': 'Create, change and delete flows and knowledge documents',
  'flows:execute': 'Run flows and chat with agents',
  'billing:read': 'See the plan, orders, invoices and balances',
  'billing:manage': 'Buy and change plans and add-ons, and edit billing details',
  'members:read': 'See members and invitations',
  'members:manage': 'Invite, change and remove members',
  'audit:read': 'Read and export the audit log',
};

export const roles = ['owner', 'admin', 'developer', 'billing', 'viewer'] as const;
export type Role = (typeof roles)[number];

const readAll: Permission[] = ['containers:read', 'apps:read', 'flows:read', 'billing:read', 'members:read'];

/** Each role's fixed set of permissions. */
export const rolePermissions: Record<Role, readonly Permission[]> = {
  owner: permissions,
  admin: permissions,
  // Builds and runs; reads billing and members; buys nothing, manages nobody, reads no audit log.
  developer: permissions.filter((p) => !['billing:manage', 'members:manage', 'audit:read'].includes(p)),
  billing: [...readAll, 'billing:manage', 'audit:read'],
  viewer: readAll,
};

export const roleDescriptions: Record<Role, string> = {
  owner: 'Everything, including deleting the organisation; an organisation always keeps one',
  admin: 'Everything an owner can, except promoting owners or removing them',
  developer: 'Builds and runs: containers, applications and keys, flows',
  billing: 'Plans, orders, invoices and billing details; reads everything else',
  viewer: 'Reads everything, changes nothing',
};

/** Roles ordered by what they may do, for "never more than its creator's current role". */
const roleRank: Record<Role, number> = { viewer: 0, billing: 1, developer: 2, admin: 3, owner: 4 };

/** Whether `role` may do `permission` (the one check every route's guard makes). */
export function roleAllows(role: Role, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}

/**
 * The permissions an API key acts with: those of the role it was issued under that its creator's
 * current role also has (a key never does more than the person who issued it may do today).
 */
export function keyPermissions(issuedUnder: Role, creatorNow: Role): Permission[] {
  return rolePermissions[issuedUnder].filter((p) => rolePermissions[creatorNow].includes(p));
}

/** Whether `actor` may give or take `target` (admins manage everyone but owners). */
export function mayAssignRole(actor: Role, target: Role): boolean {
  if (actor === 'owner') return true;
  if (actor === 'admin') return target !== 'owner';
  return false;
}

export function isRoleAtLeast(role: Role, floor: Role): boolean {
  return roleRank[role] >= roleRank[floor];
}

/** Seats each plan sells to an organisation (members plus pending invitations). */
export function planSeats(plan: PlanId): number {
  return plans[plan].entitlements.seats;
}
export const INVITATION_TTL_DAYS = 7;
/** Organisations one person may own (each holds seats, invitations and mail). */
export const ORGANISATIONS_PER_USER_MAX = 10;
export const ORGANISATION_NAME_MAX_LENGTH = 80;
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

export const auditActions = [
  'organisation.created',
  'organisation.renamed',
  'container.created',
  'container.deleted',
  'container.scaled',
  'key.issued',
  'key.rotated',
  'key.revoked',
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'invitation.revoked',
  'plan.bought',
  'plan.cancelled',
  'flow.executed',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const orgMessages = {
  notFound: 'Organisation not found',
  notMember: 'You are not a member of this organisation',
  forbidden: (role: Role, permission: Permission) =>
    `Your role (${role}) does not allow ${permission} in this workspace`,
  keyForbidden: (permission: Permission) => `This API key does not allow ${permission}`,
  verifiedRequired: 'Verify your e-mail address before creating or joining an organisation',
  seatsFull: (seats: number) =>
    `Every seat is taken (${seats} including pending invitations); remove a member, revoke an invitation or buy a larger plan`,
  alreadyMember: 'That person is already a member',
  alreadyInvited: 'That address already has a pending invitation',
  invitationInvalid: 'This invitation link is not valid: it may have expired, been revoked or been used',
  invitationOtherAddress: (email: string) =>
    `This invitation was sent to ${email}; sign in with that address (verified) to accept it`,
  lastOwner: 'An organisation must keep at least one owner',
  roleNotAllowed: 'Your role cannot give or take that role',
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
  notEmpty: 'Delete its containers and cancel its paid plan before deleting the organisation',
  ownsOrganisations:
    'You own organisations: make another member an owner, or delete the organisation from its settings page, before deleting your account',
  ownerOnly: 'Only an owner can delete the organisation',
  personalWorkspace: 'Your personal workspace has no members; create an organisation to share',
  tooManyOrganisations: `You own ${ORGANISATIONS_PER_USER_MAX} organisations, the most one person may own`,
  keyOtherWorkspace: 'This API key belongs to another workspace; send no Nuvem-Organization header with it, or its own',
  keyIssuerGone: 'This API key no longer works: the person who issued it is no longer a member of its organisation',
} as const;

/**
 * An organisation's name, held to a display name's rules: invisible characters, stray variation
 * selectors and excess combining marks removed, trimmed, 2 to 80 characters, no control characters
 * (it goes in mail subjects and CSV exports), at least one visible character.
 */
export const organisationNameSchema = z
  .string()
  .overwrite(cleanDisplayText)
  .trim()
  .min(2, 'must be at least 2 characters')
  .max(ORGANISATION_NAME_MAX_LENGTH, `must be at most ${ORGANISATION_NAME_MAX_LENGTH} characters`)
  .refine((value) => !hasControlCharacter(value), displayNameMessages.control)
  .refine((value) => hasVisibleCharacter(value), {
    message: displayNameMessages.visible,
    when: (payload) => payload.issues.length === 0,
  });

export const createOrganisationBodySchema = z.object({ name: organisationNameSchema });
export type CreateOrganisationBody = z.infer<typeof createOrganisationBodySchema>;
export const updateOrganisationBodySchema = z.object({ name: organisationNameSchema });

export const orgIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const memberParamsSchema = z.object({ id: z.string().min(1).max(64), userId: z.string().min(1).max(64) });
export const invitationParamsSchema = z.object({
  id: z.string().min(1).max(64),
  invitationId: z.string().min(1).max(64),
});

export const createInvitationBodySchema = z.object({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
    .pipe(z.email('must be a valid e-mail address')),
  role: z.enum(roles),
});
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;
export const updateMemberBodySchema = z.object({ role: z.enum(roles) });
export const invitationTokenBodySchema = z.object({ token: z.string().min(1).max(200) });

export const workspaceSchema = z.object({
  id: z.string(),
  kind: z.enum(['personal', 'organisation']),
  name: z.string(),
  role: z.enum(roles),
  permissions: z.array(z.enum(permissions)),
  plan: z.string(),
  seats: z.number().int(),
  seats_used: z.number().int(),
  members: z.number().int(),
  created_at: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;
export const workspaceResponseSchema = z.object({ success: z.literal(true), workspace: workspaceSchema });
export const workspacesResponseSchema = z.object({ success: z.literal(true), workspaces: z.array(workspaceSchema) });

export const memberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  role: z.enum(roles),
  joined_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;
export const membersResponseSchema = z.object({ success: z.literal(true), members: z.array(memberSchema) });
export const memberResponseSchema = z.object({ success: z.literal(true), member: memberSchema });

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  invited_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationsResponseSchema = z.object({
  success: z.literal(true),
  invitations: z.array(invitationSchema),
});
export const invitationResponseSchema = z.object({ success: z.literal(true), invitation: invitationSchema });
/** What the accept page shows before the click (the token is the proof; no member list). */
export const invitationPreviewResponseSchema = z.object({
  success: z.literal(true),
  invitation: z.object({
    organisation: z.object({ id: z.string(), name: z.string() }),
    email: z.string(),
    role: z.enum(roles),
    invited_by: z.string().nullable(),
    expires_at: z.string(),
  }),
});
export const acceptInvitationResponseSchema = z.object({ success: z.literal(true), workspace: workspaceSchema });

export const rolesResponseSchema = z.object({
  success: z.literal(true),
  roles: z.array(z.object({ id: z.enum(roles), description: z.string(), permissions: z.array(z.enum(permissions)) })),
});
export const permissionsResponseSchema = z.object({
  success: z.literal(true),
  permissions: z.array(z.object({ id: z.enum(permissions), description: z.string() })),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(auditActions),
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable(), via: z.string() }),
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** An instant of the audit filters: ISO 8601 with its offset, from 1970 (the log holds nothing older). */
const auditInstantSchema = z.iso
  .datetime({ offset: true })
  .refine((value) => Date.parse(value) >= 0, { message: 'must be 1970-01-01 or later', abort: true });
export const auditQuerySchema = z.object({
  action: z.enum(auditActions).optional(),
  actor: z.string().max(320).optional(),
  from: auditInstantSchema.optional(),
  to: auditInstantSchema.optional(),
  before: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
  format: z.enum(['json', 'csv']).default('json'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(auditEntrySchema),
  next_before: z.string().nullable(),
});
