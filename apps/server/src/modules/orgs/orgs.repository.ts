import type { Role } from '@nuvem/contracts/orgs';
import { and, asc, count, desc, eq, gt, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditEvents, type AuditEventRow } from '../../db/schema/audit-events.js';
import { userPlans } from '../../db/schema/user-plans.js';
import { workspaceInvitations, type WorkspaceInvitationRow } from '../../db/schema/workspace-invitations.js';
import { workspaceMembers, type WorkspaceMemberRow } from '../../db/schema/workspace-members.js';
import { workspaces, type WorkspaceRow } from '../../db/schema/workspaces.js';

export type { AuditEventRow, WorkspaceInvitationRow, WorkspaceMemberRow, WorkspaceRow };
export type NewAuditEvent = typeof auditEvents.$inferInsert;

/** What the orgs module's SQL can do, on the database or inside one transaction. */
export type OrgsQueries = ReturnType<typeof orgsQueries>;
export type OrgsRepository = OrgsQueries & {
  /** Runs `work` in one transaction, with the same queries on it. */
  transaction<T>(work: (tx: OrgsQueries) => Promise<T>): Promise<T>;
};

/** The row an insert or update returned (it always returns one; a missing one is a bug, said so). */
function only<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`${what}: no row returned`);
  return row;
}

export interface AuditFilter {
  workspaceId: string;
  action?: string;
  actor?: string;
  from?: Date;
  to?: Date;
  /** The id of the last entry already shown: entries strictly older than it. */
  before?: string;
  limit: number;
}

/**
 * The orgs module's SQL: only this module reads and writes workspaces, their members,
 * invitations and audit log (and it reads billing's published user_plans view).
 */
export function createOrgsRepository(db: Database): OrgsRepository {
  return {
    ...orgsQueries(db),
    async transaction<T>(work: (tx: OrgsQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(orgsQueries(tx as unknown as Database)));
    },
  };
}

function orgsQueries(db: Database) {
  const pendingNow = () =>
    and(
      isNull(workspaceInvitations.acceptedAt),
      isNull(workspaceInvitations.revokedAt),
      gt(workspaceInvitations.expiresAt, sql`now()`),
    );

  return {
    /**
     * Serialises the changes of one workspace's members and invitations (seats are counted and
     * taken under it): a transaction-scoped advisory lock, released at commit or rollback.
     */
    async lockWorkspace(workspaceId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('nuvem:workspace-seats'), hashtext(${workspaceId}))`);
    },

    async findWorkspace(id: string): Promise<WorkspaceRow | undefined> {
      const rows = await db.select().from(workspaces).where(eq(workspaces.id, id)).limit(1);
      return rows[0];
    },

    async createOrganisation(values: { id: string; name: string; createdBy: string }): Promise<WorkspaceRow> {
      const rows = await db
        .insert(workspaces)
        .values({ id: values.id, kind: 'organisation', name: values.name, createdBy: values.createdBy })
        .returning();
      return only(rows, 'create organisation');
    },

    async renameOrganisation(id: string, name: string): Promise<void> {
      await db
        .update(workspaces)
        .set({ name })
        .where(and(eq(workspaces.id, id), eq(workspaces.kind, 'organisation')));
    },

    async deleteOrganisation(id: string): Promise<void> {
      await db.delete(workspaces).where(and(eq(workspaces.id, id), eq(workspaces.kind, 'organisation')));
    },

    /** The caller's role in an organisation, or undefined when they are not a member. */
    async roleOf(workspaceId: string, userId: string): Promise<Role | undefined> {
      const rows = await db
        .select({ role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
        .limit(1);
      return rows[0]?.role;
    },

    /** The organisations a user belongs to, with their role, plan and member and pending counts. */
    async organisationsOf(userId: string) {
      const members = db
        .select({ workspaceId: workspaceMembers.workspaceId, n: count().as('n') })
        .from(workspaceMembers)
        .groupBy(workspaceMembers.workspaceId)
        .as('m');
      const pending = db
        .select({ workspaceId: workspaceInvitations.workspaceId, n: count().as('p') })
        .from(workspaceInvitations)
        .where(pendingNow())
        .groupBy(workspaceInvitations.workspaceId)
        .as('p');
      return db
        .select({
          workspace: workspaces,
          role: workspaceMembers.role,
          joinedAt: workspaceMembers.joinedAt,
          plan: userPlans.plan,
          members: sql<number>`coalesce(${members.n}, 0)::int`,
          pending: sql<number>`coalesce(${pending.n}, 0)::int`,
        })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .leftJoin(userPlans, eq(userPlans.userId, workspaces.id))
        .leftJoin(members, eq(members.workspaceId, workspaces.id))
        .leftJoin(pending, eq(pending.workspaceId, workspaces.id))
        .where(eq(workspaceMembers.userId, userId))
        .orderBy(asc(workspaces.name), asc(workspaces.id));
    },

    async planOf(workspaceId: string): Promise<string | undefined> {
      const rows = await db
        .select({ plan: userPlans.plan })
        .from(userPlans)
        .where(eq(userPlans.userId, workspaceId))
        .limit(1);
      return rows[0]?.plan;
    },

    /** Members plus pending invitations: the seats in use. */
    async seatsUsed(workspaceId: string): Promise<{ members: number; pending: number }> {
      const [m] = await db
        .select({ n: count() })
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspaceId, workspaceId));
      const [p] = await db
        .select({ n: count() })
        .from(workspaceInvitations)
        .where(and(eq(workspaceInvitations.workspaceId, workspaceId), pendingNow()));
      return { members: m?.n ?? 0, pending: p?.n ?? 0 };
    },

    async members(workspaceId: string): Promise<WorkspaceMemberRow[]> {
      return db
        .select()
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspaceId, workspaceId))
        .orderBy(asc(workspaceMembers.joinedAt), asc(workspaceMembers.userId));
    },

    async membersWithRoles(workspaceId: string, roles: readonly Role[]): Promise<string[]> {
      const rows = await db
        .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspaceId, workspaceId));
      return rows.filter((row) => roles.includes(row.role)).map((row) => row.userId);
    },

    async countOwners(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
      return row?.n ?? 0;
    },

    async addMember(values: {
      workspaceId: string;
      userId: string;
      role: Role;
      invitedBy: string | null;
    }): Promise<WorkspaceMemberRow> {
      return only(await db.insert(workspaceMembers).values(values).returning(), 'add member');
    },

    async setRole(workspaceId: string, userId: string, role: Role): Promise<WorkspaceMemberRow | undefined> {
      const rows = await db
        .update(workspaceMembers)
        .set({ role })
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
        .returning();
      return rows[0];
    },

    async removeMember(workspaceId: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
        .returning({ userId: workspaceMembers.userId });
      return rows.length > 0;
    },

    /** Organisations a user owns (account deletion asks first). */
    async ownerships(userId: string): Promise<{ id: string; name: string }[]> {
      const rows = await db
        .select({ id: workspaces.id, name: workspaces.name })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, 'owner')));
      return rows.map((row) => ({ id: row.id, name: row.name ?? row.id }));
    },

    async pendingInvitations(workspaceId: string): Promise<WorkspaceInvitationRow[]> {
      return db
        .select()
        .from(workspaceInvitations)
        .where(and(eq(workspaceInvitations.workspaceId, workspaceId), pendingNow()))
        .orderBy(desc(workspaceInvitations.createdAt));
    },

    /** Closes an address's open invitation that expired, so a new one may be sent. */
    async closeExpired(workspaceId: string, email: string): Promise<void> {
      await db
        .update(workspaceInvitations)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(workspaceInvitations.workspaceId, workspaceId),
            sql`lower(${workspaceInvitations.email}) = lower(${email})`,
            isNull(workspaceInvitations.acceptedAt),
            isNull(workspaceInvitations.revokedAt),
            lte(workspaceInvitations.expiresAt, sql`now()`),
          ),
        );
    },

    async findOpenInvitationFor(workspaceId: string, email: string): Promise<WorkspaceInvitationRow | undefined> {
      const rows = await db
        .select()
        .from(workspaceInvitations)
        .where(
          and(
            eq(workspaceInvitations.workspaceId, workspaceId),
            sql`lower(${workspaceInvitations.email}) = lower(${email})`,
            pendingNow(),
          ),
        )
        .limit(1);
      return rows[0];
    },

    async createInvitation(values: typeof workspaceInvitations.$inferInsert): Promise<WorkspaceInvitationRow> {
      return only(await db.insert(workspaceInvitations).values(values).returning(), 'create invitation');
    },

    async findInvitationByHash(tokenHash: string, options: { forUpdate?: boolean } = {}) {
      const query = db
        .select()
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.tokenHash, tokenHash))
        .limit(1);
      const rows = options.forUpdate ? await query.for('update') : await query;
      return rows[0];
    },

    async markAccepted(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .update(workspaceInvitations)
        .set({ acceptedAt: sql`now()`, acceptedBy: userId })
        .where(
          and(
            eq(workspaceInvitations.id, id),
            isNull(workspaceInvitations.acceptedAt),
            isNull(workspaceInvitations.revokedAt),
          ),
        )
        .returning({ id: workspaceInvitations.id });
      return rows.length > 0;
    },

    async revokeInvitation(workspaceId: string, id: string): Promise<WorkspaceInvitationRow | undefined> {
      const rows = await db
        .update(workspaceInvitations)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, id), pendingNow()))
        .returning();
      return rows[0];
    },

    async appendAudit(row: NewAuditEvent): Promise<void> {
      await db.insert(auditEvents).values(row);
    },

    async audit(filter: AuditFilter): Promise<AuditEventRow[]> {
      const conditions: SQL[] = [eq(auditEvents.workspaceId, filter.workspaceId)];
      if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
      if (filter.actor) {
        const needle = `%${filter.actor.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          sql`(lower(${auditEvents.actorEmail}) like ${needle} or ${auditEvents.actorUserId} = ${filter.actor})`,
        );
      }
      if (filter.from) conditions.push(gte(auditEvents.createdAt, filter.from));
      if (filter.to) conditions.push(lt(auditEvents.createdAt, filter.to));
      if (filter.before) {
        const [cursor] = await db
          .select({ at: auditEvents.createdAt, id: auditEvents.id })
          .from(auditEvents)
          .where(and(eq(auditEvents.workspaceId, filter.workspaceId), eq(auditEvents.id, filter.before)))
          .limit(1);
        if (cursor) {
          conditions.push(sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${cursor.at}, ${cursor.id})`);
        }
      }
      return db
        .select()
        .from(auditEvents)
        .where(and(...conditions))
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(filter.limit);
    },
  };
}
