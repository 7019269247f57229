import type { ConnectionState, EducationEntry, ExperienceEntry, PersonCard, Skill } from '@nuvem/contracts/profiles';
import { and, asc, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { connections } from '../../db/schema/connections.js';
import { follows } from '../../db/schema/follows.js';
import { profileAvatars } from '../../db/schema/profile-avatars.js';
import { profileEducation } from '../../db/schema/profile-education.js';
import { profileExperience } from '../../db/schema/profile-experience.js';
import { profileSkills } from '../../db/schema/profile-skills.js';
import { profileViews } from '../../db/schema/profile-views.js';
import { profiles } from '../../db/schema/profiles.js';
import { skillEndorsements } from '../../db/schema/skill-endorsements.js';
import { userCards } from '../../db/schema/user-cards.js';
import { orderedEntries, type OrderedEntries } from './ordered-entries.repository.js';

/** The database, or a transaction on it. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** The two kinds of ordered entries a profile lists, and the entry of each. */
export interface EntryOf {
  experience: ExperienceEntry;
  education: EducationEntry;
}
export type EntryKind = keyof EntryOf;

const count = sql<number>`count(*)::int`;

/** True when a and b have a connection row, pending or accepted, whichever way it was asked. */
function pairOf(a: string | AnyPgColumn, b: string | AnyPgColumn): SQL {
  return sql`((${connections.requesterId} = ${a} and ${connections.addresseeId} = ${b}) or (${connections.requesterId} = ${b} and ${connections.addresseeId} = ${a}))`;
}

/** A column of a user's entries that other users may share (a company, a school), and whose entries hold it. */
interface SharedKey {
  table: PgTable;
  owner: AnyPgColumn;
  key: AnyPgColumn;
  /** The same table under another name, for the user's own values. */
  mine: { table: PgTable; owner: AnyPgColumn; key: AnyPgColumn };
}

/**
 * Other users whose entries share values of `key` with the user's (compared case-insensitively),
 * most shared first, then newest; never the user, nor anyone they have a connection row with.
 */
function sharedWith(db: Database, userId: string, limit: number, on: SharedKey) {
  const sharedCount = sql`count(distinct lower(${on.key}))`;
  return db
    .select({
      userId: sql<string>`${on.owner}`,
      shared: sql<number>`${sharedCount}::int`,
      label: sql<string>`min(${on.key})`,
      createdAt: userCards.createdAt,
    })
    .from(on.table)
    .innerJoin(userCards, eq(userCards.id, on.owner))
    .where(
      and(
        sql`${on.owner} <> ${userId}`,
        inArray(
          sql`lower(${on.key})`,
          db
            .select({ key: sql`lower(${on.mine.key})` })
            .from(on.mine.table)
            .where(eq(on.mine.owner, userId)),
        ),
        sql`not exists (select 1 from ${connections} where ${pairOf(userId, on.owner)})`,
      ),
    )
    .groupBy(on.owner, userCards.createdAt)
    .orderBy(desc(sharedCount), desc(userCards.createdAt))
    .limit(limit);
}

const experienceColumns = {
  id: profileExperience.id,
  title: profileExperience.title,
  company: profileExperience.company,
  duration: profileExperience.duration,
  description: profileExperience.description,
  current: profileExperience.current,
};

const educationColumns = {
  id: profileEducation.id,
  school: profileEducation.school,
  degree: profileEducation.degree,
  field: profileEducation.field,
  duration: profileEducation.duration,
};

const cardColumns = {
  id: userCards.id,
  displayName: userCards.displayName,
  avatar: userCards.avatarUrl,
  headline: profiles.headline,
};

/**
 * The profiles module's SQL. Users are read through `user_cards`, the auth module's published view.
 * `transaction` runs `work` with the same functions bound to one transaction, and hands it the
 * transaction itself for the auth service's writes that belong to it (a name, an avatar).
 */
export function createProfilesRepository(db: Database) {
  return {
    ...profileQueries(db),

    transaction<T>(work: (tx: ProfileQueries, executor: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(profileQueries(tx), tx));
    },
  };
}

/** Every query, on the database or on a transaction. */
function profileQueries(db: Database) {
  const entries: { [K in EntryKind]: OrderedEntries<EntryOf[K]> } = {
    experience: orderedEntries<ExperienceEntry>(db, profileExperience, experienceColumns),
    education: orderedEntries<EducationEntry>(db, profileEducation, educationColumns),
  };
  const skillOrder = orderedEntries<{ id: string; name: string }>(db, profileSkills, {
    id: profileSkills.id,
    name: profileSkills.name,
  });

  return {
    /** Experience or education: list, count, add, change, remove and move the user's entries. */
    entries<K extends EntryKind>(kind: K): OrderedEntries<EntryOf[K]> {
      return entries[kind];
    },

    async userExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: userCards.id }).from(userCards).where(eq(userCards.id, id)).limit(1);
      return Boolean(row);
    },

    /** Users by newest first, optionally whose name contains `q` (LIKE wildcards taken literally). */
    async listUsers(query: { limit: number; offset: number; q?: string | undefined }) {
      const { limit, offset, q } = query;
      const where = q ? ilike(userCards.displayName, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
      const [rows, counted] = await Promise.all([
        db
          .select({
            id: userCards.id,
            displayName: userCards.displayName,
            avatarUrl: userCards.avatarUrl,
            createdAt: userCards.createdAt,
          })
          .from(userCards)
          .where(where)
          .orderBy(desc(userCards.createdAt), desc(userCards.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(userCards)
          .where(where),
      ]);
      return { rows, total: counted[0]?.n ?? 0 };
    },

    /**
     * A user with their profile fields, counts and the viewer's relation to them, in one query.
     * `since` is the first UTC day (YYYY-MM-DD) of the last-30-days window.
     */
    async findProfile(id: string, viewerId: string, since: string) {
      const [row] = await db
        .select({
          id: userCards.id,
          displayName: userCards.displayName,
          avatar: userCards.avatarUrl,
          emailVerified: userCards.emailVerified,
          mfaEnabled: userCards.mfaEnabled,
          createdAt: userCards.createdAt,
          headline: profiles.headline,
          location: profiles.location,
          bio: profiles.bio,
          connections: sql<number>`(select count(*)::int from ${connections} where ${connections.status} = 'accepted' and (${connections.requesterId} = ${userCards.id} or ${connections.addresseeId} = ${userCards.id}))`,
          followers: sql<number>`(select count(*)::int from ${follows} where ${follows.followeeId} = ${userCards.id})`,
          following: sql<number>`(select count(*)::int from ${follows} where ${follows.followerId} = ${userCards.id})`,
          views: sql<number>`(select count(*)::int from ${profileViews} where ${profileViews.profileId} = ${userCards.id})`,
          viewsLast30Days: sql<number>`(select count(*)::int from ${profileViews} where ${profileViews.profileId} = ${userCards.id} and ${profileViews.day} >= ${since}::date)`,
          viewerFollows: sql<boolean>`exists(select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${userCards.id})`,
          followsViewer: sql<boolean>`exists(select 1 from ${follows} where ${follows.followerId} = ${userCards.id} and ${follows.followeeId} = ${viewerId})`,
          connection: sql<ConnectionState | null>`(select case when ${connections.status} = 'accepted' then 'connected' when ${connections.requesterId} = ${viewerId} then 'pending_outgoing' else 'pending_incoming' end from ${connections} where ${pairOf(viewerId, userCards.id)})`,
        })
        .from(userCards)
        .leftJoin(profiles, eq(profiles.userId, userCards.id))
        .where(eq(userCards.id, id))
        .limit(1);
      return row;
    },

    async recordView(viewerId: string, profileId: string, day: string): Promise<void> {
      await db.insert(profileViews).values({ viewerId, profileId, day }).onConflictDoNothing();
    },

    async upsertProfileFields(
      userId: string,
      fields: { headline?: string | null; location?: string | null; bio?: string | null },
    ): Promise<void> {
      const now = new Date();
      await db
        .insert(profiles)
        .values({ userId, ...fields, updatedAt: now })
        .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: now } });
    },

    // Skills ----------------------------------------------------------------------------------

    /** The user's skills in order, with endorsement counts and whether the viewer endorsed each. */
    async listSkills(userId: string, viewerId: string): Promise<(Skill & { id: string })[]> {
      return db
        .select({
          id: profileSkills.id,
          name: profileSkills.name,
          endorsements: sql<number>`(select count(*)::int from ${skillEndorsements} where ${skillEndorsements.skillId} = ${profileSkills.id})`,
          endorsedByViewer: sql<boolean>`exists(select 1 from ${skillEndorsements} where ${skillEndorsements.skillId} = ${profileSkills.id} and ${skillEndorsements.endorserId} = ${viewerId})`,
        })
        .from(profileSkills)
        .where(eq(profileSkills.userId, userId))
        .orderBy(asc(profileSkills.position), asc(profileSkills.createdAt), asc(profileSkills.id));
    },

    /** How many skills the user has, and the next position (after the last). */
    skillTail: skillOrder.tail,
    setSkillPosition: skillOrder.setPosition,

    /** A skill of the user by name, compared case-insensitively. */
    async findSkill(userId: string, name: string) {
      const [row] = await db
        .select({ id: profileSkills.id, name: profileSkills.name })
        .from(profileSkills)
        .where(and(eq(profileSkills.userId, userId), eq(sql`lower(${profileSkills.name})`, name.toLowerCase())))
        .limit(1);
      return row;
    },

    async insertSkill(values: typeof profileSkills.$inferInsert): Promise<void> {
      await db.insert(profileSkills).values(values);
    },

    async deleteSkill(userId: string, id: string): Promise<void> {
      await db.delete(profileSkills).where(and(eq(profileSkills.id, id), eq(profileSkills.userId, userId)));
    },

    async endorse(skillId: string, ownerId: string, endorserId: string): Promise<void> {
      await db.insert(skillEndorsements).values({ skillId, ownerId, endorserId }).onConflictDoNothing();
    },

    async withdrawEndorsement(skillId: string, endorserId: string): Promise<void> {
      await db
        .delete(skillEndorsements)
        .where(and(eq(skillEndorsements.skillId, skillId), eq(skillEndorsements.endorserId, endorserId)));
    },

    // Avatar ----------------------------------------------------------------------------------

    async putAvatar(userId: string, values: { contentType: string; bytes: Buffer; version: string }): Promise<void> {
      const row = { ...values, size: values.bytes.length, updatedAt: new Date() };
      await db
        .insert(profileAvatars)
        .values({ userId, ...row })
        .onConflictDoUpdate({ target: profileAvatars.userId, set: row });
    },

    async deleteAvatar(userId: string): Promise<void> {
      await db.delete(profileAvatars).where(eq(profileAvatars.userId, userId));
    },

    async findAvatar(userId: string) {
      const [row] = await db
        .select({
          contentType: profileAvatars.contentType,
          bytes: profileAvatars.bytes,
          version: profileAvatars.version,
        })
        .from(profileAvatars)
        .where(eq(profileAvatars.userId, userId))
        .limit(1);
      return row;
    },

    // Follows ---------------------------------------------------------------------------------

    async follow(followerId: string, followeeId: string): Promise<void> {
      await db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing();
    },

    async unfollow(followerId: string, followeeId: string): Promise<void> {
      await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
    },

    async followerCount(userId: string): Promise<number> {
      const [row] = await db.select({ n: count }).from(follows).where(eq(follows.followeeId, userId));
      return row?.n ?? 0;
    },

    // Connections -----------------------------------------------------------------------------

    async findConnection(a: string, b: string) {
      const [row] = await db.select().from(connections).where(pairOf(a, b)).limit(1);
      return row;
    },

    async insertConnectionRequest(requesterId: string, addresseeId: string): Promise<void> {
      await db.insert(connections).values({ requesterId, addresseeId, status: 'pending' });
    },

    /** Accepts the pending request from requester to addressee; false when there is none. */
    async acceptConnection(requesterId: string, addresseeId: string): Promise<boolean> {
      const rows = await db
        .update(connections)
        .set({ status: 'accepted', acceptedAt: new Date() })
        .where(
          and(
            eq(connections.requesterId, requesterId),
            eq(connections.addresseeId, addresseeId),
            eq(connections.status, 'pending'),
          ),
        )
        .returning({ requesterId: connections.requesterId });
      return rows.length > 0;
    },

    async deleteConnection(a: string, b: string): Promise<void> {
      await db.delete(connections).where(pairOf(a, b));
    },

    async connectionCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count })
        .from(connections)
        .where(
          and(
            eq(connections.status, 'accepted'),
            or(eq(connections.requesterId, userId), eq(connections.addresseeId, userId)),
          ),
        );
      return row?.n ?? 0;
    },

    /** Pending requests to the user, newest first. */
    async incomingRequests(userId: string, limit: number) {
      return db
        .select({ user: cardColumns, createdAt: connections.createdAt })
        .from(connections)
        .innerJoin(userCards, eq(userCards.id, connections.requesterId))
        .leftJoin(profiles, eq(profiles.userId, userCards.id))
        .where(and(eq(connections.addresseeId, userId), eq(connections.status, 'pending')))
        .orderBy(desc(connections.createdAt))
        .limit(limit);
    },

    // People you may know ---------------------------------------------------------------------

    /**
     * Users sharing a company (experience) or school (education) with the user, most shared
     * first, then newest; never the user, nor anyone they have a connection row with.
     */
    async sharedBackground(userId: string, limit: number) {
      const mine = alias(profileExperience, 'mine');
      const myEducation = alias(profileEducation, 'my_education');
      const [companies, schools] = await Promise.all([
        sharedWith(db, userId, limit * 4, {
          table: profileExperience,
          owner: profileExperience.userId,
          key: profileExperience.company,
          mine: { table: mine, owner: mine.userId, key: mine.company },
        }),
        sharedWith(db, userId, limit * 4, {
          table: profileEducation,
          owner: profileEducation.userId,
          key: profileEducation.school,
          mine: { table: myEducation, owner: myEducation.userId, key: myEducation.school },
        }),
      ]);
      return { companies, schools };
    },

    /** The newest users other than the user, those excluded and anyone they have a connection row with. */
    async recentUsers(userId: string, exclude: string[], limit: number): Promise<PersonCard[]> {
      return db
        .select(cardColumns)
        .from(userCards)
        .leftJoin(profiles, eq(profiles.userId, userCards.id))
        .where(
          and(
            notInArray(userCards.id, [userId, ...exclude]),
            sql`not exists (select 1 from ${connections} where ${pairOf(userId, userCards.id)})`,
          ),
        )
        .orderBy(desc(userCards.createdAt), desc(userCards.id))
        .limit(limit);
    },

    async cards(ids: string[]): Promise<PersonCard[]> {
      if (ids.length === 0) return [];
      return db
        .select(cardColumns)
        .from(userCards)
        .leftJoin(profiles, eq(profiles.userId, userCards.id))
        .where(inArray(userCards.id, ids));
    },
  };
}
/** The queries, bound to the database or to one transaction. */
export type ProfileQueries = ReturnType<typeof profileQueries>;
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
