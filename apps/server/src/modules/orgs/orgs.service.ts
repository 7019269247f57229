import {
  INVITATION_TTL_DAYS,
  ORGANISATIONS_PER_USER_MAX,
  ORGANIZATION_HEADER,
  ORGANIZATION_QUERY,
  keyPermissions,
  mayAssignRole,
  membershipChanges,
  orgMessages,
  permissions as allPermissions,
  planSeats,
  rolePermissions,
  type AuditEntry,
  type AuditQuery,
  type CreateInvitationBody,
  type Invitation,
  type Member,
  type MembershipChange,
  type Permission,
  type Role,
  type Workspace,
} from '@nuvem/contracts/orgs';
import { planIds, type PlanId } from '@nuvem/contracts/pricing';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { EventBus } from '../../plugins/app/event-bus.js';
import type { AuthService } from '../auth/auth.service.js';
import { principalOf, type Principal } from '../auth/principal.js';
import { mailLocale } from '../mail/mail.types.js';
import type { Mailer } from '../mail/mail.types.js';
import { invitationMail } from './invitation-mail.js';
import type { AuditEventRow, OrgsQueries, OrgsRepository, WorkspaceInvitationRow } from './orgs.repository.js';
import type { AuditRecord, OrgsApi } from './orgs.types.js';
import { requestLanguage } from '../../lib/i18n/language.js';

/** Bus channel: a membership ended or changed (the realtime module ends that member's streams). */
export const MEMBERSHIP_CHANNEL = 'orgs.membership';
const DAY_MS = 86_400_000;
/** Invitations one organisation may send an hour (each is a mail to an address nobody proved). */
const INVITES_PER_HOUR = 60;

const everything: ReadonlySet<Permission> = new Set(allPermissions);
/** What a workspace id looks like (`usr_…`, `wsp_…`); anything else names none. */
const workspaceIdPattern = /^[A-Za-z0-9_]{1,64}$/;

/** Where a request names its workspace: the route's `:id` on /api/orgs/:id…, else the header, else `?org=` on a read. */
function namedWorkspace(request: FastifyRequest): string | undefined {
  const param = request.routeOptions.config.workspaceParam;
  if (param) return (request.params as Record<string, string | undefined>)[param];
  const header = request.headers[ORGANIZATION_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value?.trim()) return value.trim();
  if (request.method === 'GET' || request.method === 'HEAD') {
    const query = request.query as Record<string, unknown> | undefined;
    const fromQuery = query?.[ORGANIZATION_QUERY];
    if (typeof fromQuery === 'string' && fromQuery.trim()) return fromQuery.trim();
  }
  return undefined;
}

function planOrFree(plan: string | undefined | null): PlanId {
  return plan && (planIds as readonly string[]).includes(plan) ? (plan as PlanId) : 'free';
}

export function createOrgsService(deps: {
  repo: OrgsRepository;
  auth: Pick<AuthService, 'mailRecipient' | 'requireVerifiedEmail'>;
  mail: Mailer;
  bus: EventBus;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}) {
  const { repo, auth, mail, bus, limiter, log } = deps;

  /** The one permission check: resolves the request's workspace and the caller's role there. */
  async function authorize(request: FastifyRequest, permission: Permission | 'account'): Promise<void> {
    const principal = request.principal;
    if (!principal) return;
    if (permission === 'account') return;
    const named = namedWorkspace(request);
    if (principal.via === 'api_key') {
      // A key acts in its own workspace only, with its role's permissions capped by its issuer's role now.
      if (named && named !== principal.workspaceId) {
        throw new AppError(403, orgMessages.keyOtherWorkspace, 'FORBIDDEN');
      }
      if (principal.organisation) {
        const issuerRole = await repo.roleOf(principal.workspaceId, principal.userId);
        if (!issuerRole) throw new AppError(401, orgMessages.keyIssuerGone, 'API_KEY_ISSUER_GONE');
        principal.permissions = new Set(keyPermissions(principal.role, issuerRole));
      }
      if (!principal.permissions.has(permission)) {
        throw new AppError(403, orgMessages.keyForbidden(permission), 'FORBIDDEN');
      }
      return;
    }
    if (named !== undefined && !workspaceIdPattern.test(named)) {
      throw new AppError(404, orgMessages.notFound, 'ORGANISATION_NOT_FOUND');
    }
    // Members, invitations and the audit log are an organisation's: a personal workspace has none.
    if (request.routeOptions.config.workspaceParam && named === principal.userId) {
      throw new AppError(400, orgMessages.personalWorkspace, 'PERSONAL_WORKSPACE');
    }
    if (named && named !== principal.userId) {
      const role = await repo.roleOf(named, principal.userId);
      if (!role) throw new AppError(404, orgMessages.notFound, 'ORGANISATION_NOT_FOUND');
      principal.workspaceId = named;
      principal.organisation = true;
      principal.role = role;
      principal.permissions = new Set(rolePermissions[role]);
    }
    if (!principal.permissions.has(permission)) {
      throw new AppError(403, orgMessages.forbidden(principal.role, permission), 'FORBIDDEN');
    }
  }

  async function actorEmail(request: FastifyRequest): Promise<string | null> {
    const found = request.auth;
    if (found && 'session' in found) return found.user.email;
    const userId = request.principal?.userId;
    return userId ? ((await auth.mailRecipient(userId))?.email ?? null) : null;
  }

  async function append(
    workspaceId: string,
    actor: { userId: string | null; email: string | null; via: string; ip: string | null; userAgent: string | null },
    record: AuditRecord,
  ): Promise<void> {
    try {
      await repo.appendAudit({
        id: newId('audit'),
        workspaceId,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        via: actor.via,
        action: record.action,
        targetType: record.target.type,
        targetId: record.target.id ?? null,
        targetLabel: record.target.label?.slice(0, 200) ?? null,
        details: record.details ?? {},
        ip: actor.ip,
        userAgent: actor.userAgent?.slice(0, 300) ?? null,
      });
    } catch (error) {
      log.error({ err: error, workspaceId, action: record.action }, 'could not write an audit entry');
    }
  }

  async function audit(request: FastifyRequest, record: AuditRecord, workspaceId?: string): Promise<void> {
    const principal = request.principal;
    if (!principal) return;
    await append(
      workspaceId ?? principal.workspaceId,
      {
        userId: principal.userId,
        email: await actorEmail(request).catch(() => null),
        via: principal.via,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      },
      record,
    );
  }

  async function auditAs(
    workspaceId: string,
    actor: { userId: string | null; via: string },
    record: AuditRecord,
  ): Promise<void> {
    const email = actor.userId ? ((await auth.mailRecipient(actor.userId).catch(() => null))?.email ?? null) : null;
    await append(workspaceId, { userId: actor.userId, email, via: actor.via, ip: null, userAgent: null }, record);
  }

  async function roleOf(workspaceId: string, userId: string): Promise<Role | null> {
    if (workspaceId === userId) return 'owner';
    return (await repo.roleOf(workspaceId, userId)) ?? null;
  }

  async function membersWith(workspaceId: string, permission: Permission): Promise<string[]> {
    const workspace = await repo.findWorkspace(workspaceId);
    if (!workspace) return [];
    if (workspace.kind === 'personal') return workspace.personalUserId ? [workspace.personalUserId] : [];
    const allowed = (Object.keys(rolePermissions) as Role[]).filter((role) =>
      rolePermissions[role].includes(permission),
    );
    return repo.membersWithRoles(workspaceId, allowed);
  }

  async function contacts(workspaceId: string) {
    const ids = await membersWith(workspaceId, 'billing:manage');
    const found = await Promise.all(
      ids.map(async (userId) => ({ userId, recipient: await auth.mailRecipient(userId) })),
    );
    return found.flatMap(({ userId, recipient }) =>
      recipient
        ? [{ userId, email: recipient.email, displayName: recipient.displayName, locale: recipient.locale }]
        : [],
    );
  }

  // ---- workspaces -------------------------------------------------------------------------

  async function personalView(principal: Principal): Promise<Workspace> {
    const me = await auth.mailRecipient(principal.userId);
    const plan = planOrFree(await repo.planOf(principal.userId));
    return {
      id: principal.userId,
      kind: 'personal',
      name: me?.displayName ?? me?.email ?? principal.userId,
      role: 'owner',
      permissions: [...allPermissions],
      plan,
      seats: 1,
      seats_used: 1,
      members: 1,
      created_at: new Date(0).toISOString(),
    };
  }

  async function list(principal: Principal): Promise<Workspace[]> {
    const [personal, rows] = await Promise.all([personalView(principal), repo.organisationsOf(principal.userId)]);
    return [
      personal,
      ...rows.map((row): Workspace => {
        const plan = planOrFree(row.plan);
        return {
          id: row.workspace.id,
          kind: 'organisation',
          name: row.workspace.name ?? row.workspace.id,
          role: row.role,
          permissions: [...rolePermissions[row.role]],
          plan,
          seats: planSeats(plan),
          seats_used: row.members + row.pending,
          members: row.members,
          created_at: row.workspace.createdAt.toISOString(),
        };
      }),
    ];
  }

  async function get(principal: Principal, workspaceId: string): Promise<Workspace> {
    const found = (await list(principal)).find((w) => w.id === workspaceId);
    if (!found) throw new AppError(404, orgMessages.notFound, 'ORGANISATION_NOT_FOUND');
    return found;
  }

  async function create(principal: Principal, name: string): Promise<Workspace> {
    await auth.requireVerifiedEmail(principal.userId);
    const id = newId('workspace');
    await repo.transaction(async (tx) => {
      // One person's organisations are bounded (each holds seats, invitations and mail).
      await tx.lockWorkspace(`creator:${principal.userId}`);
      if ((await tx.ownerships(principal.userId)).length >= ORGANISATIONS_PER_USER_MAX) {
        throw new AppError(409, orgMessages.tooManyOrganisations, 'ORGANISATION_LIMIT');
      }
      await tx.createOrganisation({ id, name, createdBy: principal.userId });
      await tx.addMember({ workspaceId: id, userId: principal.userId, role: 'owner', invitedBy: null });
    });
    return get(principal, id);
  }

  async function rename(request: FastifyRequest, workspaceId: string, name: string): Promise<Workspace> {
    const principal = principalOf(request);
    await repo.renameOrganisation(workspaceId, name);
    await audit(request, {
      action: 'organisation.renamed',
      target: { type: 'organisation', id: workspaceId, label: name },
    });
    return get(principal, workspaceId);
  }

  /**
   * Deletes an organisation: only an owner, and only once it holds no containers (they live on the
   * driver, which a cascade would not reach) and no paid plan (billed at the provider). Its
   * applications and keys, flows, runs, knowledge base and audit log go with it.
   */
  async function remove(
    request: FastifyRequest,
    workspaceId: string,
    holds: (workspaceId: string) => Promise<{ containers: number }>,
  ): Promise<void> {
    const principal = principalOf(request);
    if (principal.role !== 'owner') throw new AppError(403, orgMessages.ownerOnly, 'FORBIDDEN');
    const [held, plan] = await Promise.all([holds(workspaceId), repo.planOf(workspaceId)]);
    if (held.containers > 0 || (plan && plan !== 'free'))
      throw new AppError(409, orgMessages.notEmpty, 'ORGANISATION_NOT_EMPTY');
    const members = await repo.members(workspaceId);
    await repo.transaction(async (tx) => {
      await tx.lockWorkspace(workspaceId);
      await tx.deleteOrganisation(workspaceId);
    });
    for (const member of members) announce(workspaceId, member.userId, 'deleted');
    log.info({ workspaceId, by: principal.userId }, 'organisation deleted');
  }

  // ---- members ----------------------------------------------------------------------------

  async function memberView(row: { userId: string; role: Role; joinedAt: Date }): Promise<Member> {
    const who = await auth.mailRecipient(row.userId);
    return {
      user_id: row.userId,
      email: who?.email ?? '',
      display_name: who?.displayName ?? null,
      role: row.role,
      joined_at: row.joinedAt.toISOString(),
    };
  }

  async function members(workspaceId: string): Promise<Member[]> {
    return Promise.all((await repo.members(workspaceId)).map(memberView));
  }

  type MembershipChangeEvent = { workspaceId: string; userId: string; change: MembershipChange };
  const membershipListeners = new Set<(change: MembershipChangeEvent) => void>();
  const tell = (change: MembershipChangeEvent) => {
    for (const listener of membershipListeners) listener(change);
  };
  const stopListening = bus.onBroadcast(MEMBERSHIP_CHANNEL, (data) => {
    const change = data as { workspaceId?: unknown; userId?: unknown; change?: unknown };
    if (typeof change.workspaceId === 'string' && typeof change.userId === 'string') {
      // An older instance's announcement names no change: "removed" makes the portal check again.
      const what = membershipChanges.find((c) => c === change.change) ?? 'removed';
      tell({ workspaceId: change.workspaceId, userId: change.userId, change: what });
    }
  });
  function onMembershipChanged(listener: (change: MembershipChangeEvent) => void) {
    membershipListeners.add(listener);
    return () => void membershipListeners.delete(listener);
  }

  function announce(workspaceId: string, userId: string, change: MembershipChange): void {
    // Here at once; on the other instances when the broadcast reaches them.
    tell({ workspaceId, userId, change });
    bus.broadcast(MEMBERSHIP_CHANNEL, { workspaceId, userId, change }).catch((error: unknown) => {
      log.error({ err: error }, 'could not announce a membership change');
    });
  }

  async function changeRole(request: FastifyRequest, workspaceId: string, userId: string, role: Role): Promise<Member> {
    const actor = principalOf(request);
    const { member, from } = await repo.transaction(async (tx) => {
      await tx.lockWorkspace(workspaceId);
      const current = await tx.roleOf(workspaceId, userId);
      if (!current) throw new AppError(404, orgMessages.memberNotFound, 'MEMBER_NOT_FOUND');
      if (!mayAssignRole(actor.role, current) || !mayAssignRole(actor.role, role)) {
        throw new AppError(403, orgMessages.roleNotAllowed, 'FORBIDDEN');
      }
      if (current === 'owner' && role !== 'owner' && (await tx.countOwners(workspaceId)) <= 1) {
        throw new AppError(409, orgMessages.lastOwner, 'LAST_OWNER');
      }
      const updated = await tx.setRole(workspaceId, userId, role);
      if (!updated) throw new AppError(404, orgMessages.memberNotFound, 'MEMBER_NOT_FOUND');
      return { member: updated, from: current };
    });
    announce(workspaceId, userId, 'role');
    const view = await memberView(member);
    if (from !== role) {
      await audit(request, {
        action: 'member.role_changed',
        target: { type: 'member', id: userId, label: view.email },
        details: { from, to: role },
      });
    }
    return view;
  }

  async function removeMember(request: FastifyRequest, workspaceId: string, userId: string): Promise<void> {
    const actor = principalOf(request);
    const self = actor.userId === userId;
    const removed = await repo.transaction(async (tx) => {
      await tx.lockWorkspace(workspaceId);
      const current = await tx.roleOf(workspaceId, userId);
      if (!current) throw new AppError(404, orgMessages.memberNotFound, 'MEMBER_NOT_FOUND');
      if (!self) {
        if (!actor.permissions.has('members:manage')) {
          throw new AppError(403, orgMessages.forbidden(actor.role, 'members:manage'), 'FORBIDDEN');
        }
        if (!mayAssignRole(actor.role, current)) throw new AppError(403, orgMessages.roleNotAllowed, 'FORBIDDEN');
      }
      if (current === 'owner' && (await tx.countOwners(workspaceId)) <= 1) {
        throw new AppError(409, orgMessages.lastOwner, 'LAST_OWNER');
      }
      await tx.removeMember(workspaceId, userId);
      return current;
    });
    announce(workspaceId, userId, 'removed');
    const who = await auth.mailRecipient(userId);
    await audit(request, {
      action: self ? 'member.left' : 'member.removed',
      target: { type: 'member', id: userId, label: who?.email ?? null },
      details: { role: removed },
    });
  }

  // ---- invitations ------------------------------------------------------------------------

  function invitationView(row: WorkspaceInvitationRow): Invitation {
    return {
      id: row.id,
      email: row.email,
      role: row.role,
      invited_by: row.invitedBy,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
    };
  }

  async function seatsOf(tx: OrgsQueries, workspaceId: string): Promise<number> {
    return planSeats(planOrFree(await tx.planOf(workspaceId)));
  }

  async function invite(request: FastifyRequest, workspaceId: string, body: CreateInvitationBody): Promise<Invitation> {
    const actor = principalOf(request);
    if (!mayAssignRole(actor.role, body.role)) throw new AppError(403, orgMessages.roleNotAllowed, 'FORBIDDEN');
    const hit = await limiter.hit(`org-invites:${workspaceId}`, INVITES_PER_HOUR, 3_600_000);
    if (!hit.allowed) throw AppError.tooManyRequests(hit.resetInMs);
    const email = body.email.trim();
    const token = randomToken();
    const workspace = await repo.findWorkspace(workspaceId);
    // Read before the transaction: the addresses are the auth module's (and on the embedded
    // database a read outside an open transaction would wait for it). One who joins meanwhile just
    // finds their invitation already accepted.
    const current = await repo.members(workspaceId);
    const addresses = await Promise.all(current.map(async (m) => (await auth.mailRecipient(m.userId))?.email));
    if (addresses.some((a) => a?.toLowerCase() === email.toLowerCase())) {
      throw new AppError(409, orgMessages.alreadyMember, 'ALREADY_MEMBER');
    }
    const row = await repo.transaction(async (tx) => {
      await tx.lockWorkspace(workspaceId);
      await tx.closeExpired(workspaceId, email);
      if (await tx.findOpenInvitationFor(workspaceId, email)) {
        throw new AppError(409, orgMessages.alreadyInvited, 'ALREADY_INVITED');
      }
      const seats = await seatsOf(tx, workspaceId);
      const used = await tx.seatsUsed(workspaceId);
      if (used.members + used.pending >= seats) throw new AppError(409, orgMessages.seatsFull(seats), 'SEATS_FULL');
      try {
        return await tx.createInvitation({
          id: newId('invitation'),
          workspaceId,
          email,
          role: body.role,
          tokenHash: sha256(token),
          invitedBy: actor.userId,
          expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, orgMessages.alreadyInvited, 'ALREADY_INVITED');
        throw error;
      }
    });
    const inviter = await auth.mailRecipient(actor.userId);
    // Written in the inviter's language (the invitee may have no account yet).
    const locale = mailLocale(requestLanguage(request.headers['accept-language']) ?? inviter?.locale);
    await mail.send({
      key: `org-invitation:${row.id}`,
      template: 'org-invitation',
      to: email,
      userId: null,
      content: invitationMail(locale, {
        organisation: workspace?.name ?? workspaceId,
        inviter: inviter?.displayName ?? inviter?.email ?? null,
        role: body.role,
        url: mail.link('/invitations/accept', { token }),
        days: INVITATION_TTL_DAYS,
      }),
    });
    await audit(request, {
      action: 'member.invited',
      target: { type: 'invitation', id: row.id, label: email },
      details: { role: body.role },
    });
    return invitationView(row);
  }

  async function revokeInvitation(request: FastifyRequest, workspaceId: string, invitationId: string): Promise<void> {
    const row = await repo.transaction(async (tx) => {
      await tx.lockWorkspace(workspaceId);
      return tx.revokeInvitation(workspaceId, invitationId);
    });
    if (!row) throw new AppError(404, orgMessages.invitationNotFound, 'INVITATION_NOT_FOUND');
    await audit(request, {
      action: 'invitation.revoked',
      target: { type: 'invitation', id: row.id, label: row.email },
    });
  }

  const usable = (row: WorkspaceInvitationRow | undefined): row is WorkspaceInvitationRow =>
    !!row && !row.acceptedAt && !row.revokedAt && row.expiresAt.getTime() > Date.now();

  async function preview(token: string) {
    const row = await repo.findInvitationByHash(sha256(token));
    if (!usable(row)) throw new AppError(400, orgMessages.invitationInvalid, 'INVITATION_INVALID');
    const workspace = await repo.findWorkspace(row.workspaceId);
    const inviter = row.invitedBy ? await auth.mailRecipient(row.invitedBy) : null;
    return {
      organisation: { id: row.workspaceId, name: workspace?.name ?? row.workspaceId },
      email: row.email,
      role: row.role,
      invited_by: inviter?.displayName ?? inviter?.email ?? null,
      expires_at: row.expiresAt.toISOString(),
    };
  }

  async function accept(request: FastifyRequest, token: string): Promise<Workspace> {
    const principal = principalOf(request);
    const hash = sha256(token);
    const first = await repo.findInvitationByHash(hash);
    if (!usable(first)) throw new AppError(400, orgMessages.invitationInvalid, 'INVITATION_INVALID');
    const me = await auth.mailRecipient(principal.userId);
    if (!me || me.email.toLowerCase() !== first.email.toLowerCase()) {
      throw new AppError(403, orgMessages.invitationOtherAddress(first.email), 'INVITATION_OTHER_ADDRESS');
    }
    if (!me.verified) throw new AppError(403, orgMessages.verifiedRequired, 'EMAIL_NOT_VERIFIED');
    const workspaceId = first.workspaceId;
    if ((await repo.findWorkspace(workspaceId))?.kind !== 'organisation') {
      throw new AppError(400, orgMessages.invitationInvalid, 'INVITATION_INVALID');
    }
    const joined = await repo.transaction(async (tx) => {
      // Seats are counted and taken one acceptance at a time per organisation.
      await tx.lockWorkspace(workspaceId);
      const row = await tx.findInvitationByHash(hash, { forUpdate: true });
      if (!usable(row)) throw new AppError(400, orgMessages.invitationInvalid, 'INVITATION_INVALID');
      const existing = await tx.roleOf(workspaceId, principal.userId);
      if (!existing) {
        const seats = await seatsOf(tx, workspaceId);
        const used = await tx.seatsUsed(workspaceId);
        // This invitation's pending seat becomes the member's; the others keep theirs.
        if (used.members + 1 > seats) throw new AppError(409, orgMessages.seatsFull(seats), 'SEATS_FULL');
        await tx.addMember({ workspaceId, userId: principal.userId, role: row.role, invitedBy: row.invitedBy });
      }
      await tx.markAccepted(row.id, principal.userId);
      return { row, newMember: !existing };
    });
    if (joined.newMember) {
      await append(
        workspaceId,
        {
          userId: principal.userId,
          email: me.email,
          via: principal.via,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        },
        {
          action: 'member.joined',
          target: { type: 'member', id: principal.userId, label: me.email },
          details: { role: joined.row.role },
        },
      );
    }
    return get(principal, workspaceId);
  }

  // ---- audit log --------------------------------------------------------------------------

  function auditView(row: AuditEventRow): AuditEntry {
    return {
      id: row.id,
      at: row.createdAt.toISOString(),
      action: row.action as AuditEntry['action'],
      actor: { id: row.actorUserId, email: row.actorEmail, via: row.via },
      target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
      details: row.details,
      ip: row.ip,
      user_agent: row.userAgent,
    };
  }

  async function auditLog(workspaceId: string, query: AuditQuery, limit = query.limit) {
    const rows = await repo.audit({
      workspaceId,
      action: query.action,
      actor: query.actor?.trim() || undefined,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      before: query.before,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    return { entries: page.map(auditView), next_before: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
  }

  async function ownerships(userId: string) {
    return repo.ownerships(userId);
  }

  async function membershipsOf(userId: string) {
    const rows = await repo.organisationsOf(userId);
    return rows.map((row) => ({
      id: row.workspace.id,
      name: row.workspace.name ?? row.workspace.id,
      role: row.role,
      joinedAt: row.joinedAt,
    }));
  }

  const api: OrgsApi = {
    authorize,
    audit,
    auditAs,
    contacts,
    membersWith,
    roleOf,
    ownerships,
    membershipsOf,
    onMembershipChanged,
  };
  return {
    api,
    close: stopListening,
    everything,
    list,
    get,
    create,
    rename,
    remove,
    members,
    changeRole,
    removeMember,
    invite,
    pendingInvitations: async (workspaceId: string) => (await repo.pendingInvitations(workspaceId)).map(invitationView),
    revokeInvitation,
    preview,
    accept,
    auditLog,
  };
}
export type OrgsService = ReturnType<typeof createOrgsService>;
