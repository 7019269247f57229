import type { AuditAction, MembershipChange, Permission, Role } from '@nuvem/contracts/orgs';
import type { FastifyRequest } from 'fastify';

/** What happened, for the workspace's audit log (never a secret: names, ids, roles, sizes). */
export interface AuditRecord {
  action: AuditAction;
  target: { type: string; id?: string | null; label?: string | null };
  details?: Record<string, string | number | boolean | null>;
}

/**
 * `app.orgs`: workspaces and their members, as every other module needs them.
 * - `authorize`: the one permission check (the authentication hook calls it for every guarded
 *   route with the route's declared `permission`); it resolves the workspace the request names
 *   (`Nuvem-Organization` header or `?org=`), the caller's role there, and refuses with 404 (not a
 *   member) or 403 (the role lacks the permission).
 * - `audit`: appends to the workspace of the request's principal; never throws (logged instead).
 * - `contacts`: who is mailed about a workspace's billing (the person for a personal workspace;
 *   owners and billing members for an organisation).
 */
export interface OrgsApi {
  authorize(request: FastifyRequest, permission: Permission | 'account'): Promise<void>;
  /** `workspaceId`: another workspace than the request's (an organisation just created). */
  audit(request: FastifyRequest, record: AuditRecord, workspaceId?: string): Promise<void>;
  /** The same for work done without a request (a webhook, a job): actor is a user id or null (system). */
  auditAs(workspaceId: string, actor: { userId: string | null; via: string }, record: AuditRecord): Promise<void>;
  contacts(
    workspaceId: string,
  ): Promise<{ userId: string; email: string; displayName: string | null; locale: string }[]>;
  /** The members of a workspace who may read `permission` there (the personal one: its user). */
  membersWith(workspaceId: string, permission: Permission): Promise<string[]>;
  /** A member's role in a workspace now (the personal one's user is its owner), or null. */
  roleOf(workspaceId: string, userId: string): Promise<Role | null>;
  /**
   * Calls `listener` when a member's role in an organisation changed or their membership ended,
   * on whichever instance it happened (the realtime module ends or rechecks their streams).
   */
  onMembershipChanged(
    listener: (change: { workspaceId: string; userId: string; change: MembershipChange }) => void,
  ): () => void;
  /** The organisations a user owns (their account cannot be deleted while there is one). */
  ownerships(userId: string): Promise<{ id: string; name: string }[]>;
  /** The organisations a user is a member of, for the account's export. */
  membershipsOf(userId: string): Promise<{ id: string; name: string; role: Role; joinedAt: Date }[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    orgs: OrgsApi;
  }
  interface FastifyContextConfig {
    /** On /api/orgs/:id… routes: the path parameter that names the workspace (instead of the header). */
    workspaceParam?: string;
  }
}
