import type { ConnectionState, EducationEntry, ExperienceEntry, PersonCard, Skill } from '@nuvem/contracts/profiles';
import { and, asc, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
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

/** The database, or a transaction on it. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

const count = sql<number>`count(*)::int`;

/** True when a and b have a connection row, pending or accepted, whichever way it was asked. */
function pairOf(a: string | AnyPgColumn, b: string | AnyPgColumn): SQL {
  return sql`((${connections.requesterId} = ${a} and ${connections.addresseeId} = ${b}) or (${connections.requesterId} = ${b} and ${connections.addresseeId} = ${a}))`;
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

/** The profiles module's SQL. Users are read through `user_cards`, the auth module's published view. */
export function createProfilesRepository(db: Database) {
  return {
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
      tx: Executor = db,
    ): Promise<void> {
      const now = new Date();
      await tx
        .insert(profiles)
        .values({ userId, ...fields, updatedAt: now })
        .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: now } });
    },

    // Experience ------------------------------------------------------------------------------

    async listExperience(userId: string, tx: Executor = db): Promise<ExperienceEntry[]> {
      return tx
        .select(experienceColumns)
        .from(profileExperience)
        .where(eq(profileExperience.userId, userId))
        .orderBy(asc(profileExperience.position), asc(profileExperience.createdAt), asc(profileExperience.id));
    },

    /** How many entries the user has, and the next position (after the last). */
    async experienceTail(userId: string, tx: Executor) {
      const [row] = await tx
        .select({ n: count, next: sql<number>`coalesce(max(${profileExperience.position}) + 1, 0)::int` })
        .from(profileExperience)
        .where(eq(profileExperience.userId, userId));
      return { n: row?.n ?? 0, next: row?.next ?? 0 };
    },

    async insertExperience(values: typeof profileExperience.$inferInsert, tx: Executor): Promise<ExperienceEntry> {
      const [row] = await tx.insert(profileExperience).values(values).returning(experienceColumns);
      if (!row) throw new Error('insert into profile_experience returned nothing');
      return row;
    },

    async updateExperience(
      userId: string,
      id: string,
      values: Omit<ExperienceEntry, 'id'>,
    ): Promise<ExperienceEntry | undefined> {
      const [row] = await db
        .update(profileExperience)
        .set(values)
        .where(and(eq(profileExperience.id, id), eq(profileExperience.userId, userId)))
        .returning(experienceColumns);
      return row;
    },

    async deleteExperience(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(profileExperience)
        .where(and(eq(profileExperience.id, id), eq(profileExperience.userId, userId)))
        .returning({ id: profileExperience.id });
      return rows.length > 0;
    },

    async setExperiencePosition(userId: string, id: string, position: number, tx: Executor): Promise<void> {
      await tx
        .update(profileExperience)
        .set({ position })
        .where(and(eq(profileExperience.id, id), eq(profileExperience.userId, userId)));
    },

    // Education -------------------------------------------------------------------------------

    async listEducation(userId: string, tx: Executor = db): Promise<EducationEntry[]> {
      return tx
        .select(educationColumns)
        .from(profileEducation)
        .where(eq(profileEducation.userId, userId))
        .orderBy(asc(profileEducation.position), asc(profileEducation.createdAt), asc(profileEducation.id));
    },

    async educationTail(userId: string, tx: Executor) {
      const [row] = await tx
        .select({ n: count, next: sql<number>`coalesce(max(${profileEducation.position}) + 1, 0)::int` })
        .from(profileEducation)
        .where(eq(profileEducation.userId, userId));
      return { n: row?.n ?? 0, next: row?.next ?? 0 };
    },

    async insertEducation(values: typeof profileEducation.$inferInsert, tx: Executor): Promise<EducationEntry> {
      const [row] = await tx.insert(profileEducation).values(values).returning(educationColumns);
      if (!row) throw new Error('insert into profile_education returned nothing');
      return row;
    },

    async updateEducation(
      userId: string,
      id: string,
      values: Omit<EducationEntry, 'id'>,
    ): Promise<EducationEntry | undefined> {
      const [row] = await db
        .update(profileEducation)
        .set(values)
        .where(and(eq(profileEducation.id, id), eq(profileEducation.userId, userId)))
        .returning(educationColumns);
      return row;
    },

    async deleteEducation(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(profileEducation)
        .where(and(eq(profileEducation.id, id), eq(profileEducation.userId, userId)))
        .returning({ id: profileEducation.id });
      return rows.length > 0;
    },

    async setEducationPosition(userId: string, id: string, position: number, tx: Executor): Promise<void> {
      await tx
        .update(profileEducation)
        .set({ position })
        .where(and(eq(profileEducation.id, id), eq(profileEducation.userId, userId)));
    },

    // Skills ----------------------------------------------------------------------------------

    /** The user's skills in order, with endorsement counts and whether the viewer endorsed each. */
    async listSkills(userId: string, viewerId: string, tx: Executor = db): Promise<(Skill & { id: string })[]> {
      return tx
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

    async skillTail(userId: string, tx: Executor) {
      const [row] = await tx
        .select({ n: count, next: sql<number>`coalesce(max(${profileSkills.position}) + 1, 0)::int` })
        .from(profileSkills)
        .where(eq(profileSkills.userId, userId));
      return { n: row?.n ?? 0, next: row?.next ?? 0 };
    },

    /** A skill of the user by name, compared case-insensitively. */
    async findSkill(userId: string, name: string, tx: Executor = db) {
      const [row] = await tx
        .select({ id: profileSkills.id, name: profileSkills.name })
        .from(profileSkills)
        .where(and(eq(profileSkills.userId, userId), eq(sql`lower(${profileSkills.name})`, name.toLowerCase())))
        .limit(1);
      return row;
    },

    async insertSkill(values: typeof profileSkills.$inferInsert, tx: Executor): Promise<void> {
      await tx.insert(profileSkills).values(values);
    },

    async deleteSkill(userId: string, id: string): Promise<void> {
      await db.delete(profileSkills).where(and(eq(profileSkills.id, id), eq(profileSkills.userId, userId)));
    },

    async setSkillPosition(userId: string, id: string, position: number, tx: Executor): Promise<void> {
      await tx
        .update(profileSkills)
        .set({ position })
        .where(and(eq(profileSkills.id, id), eq(profileSkills.userId, userId)));
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

    async putAvatar(
      userId: string,
      values: { contentType: string; bytes: Buffer; version: string },
      tx: Executor,
    ): Promise<void> {
      const row = { ...values, size: values.bytes.length, updatedAt: new Date() };
      await tx
        .insert(profileAvatars)
        .values({ userId, ...row })
        .onConflictDoUpdate({ target: profileAvatars.userId, set: row });
    },

    async deleteAvatar(userId: string, tx: Executor): Promise<void> {
      await tx.delete(profileAvatars).where(eq(profileAvatars.userId, userId));
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

    async findConnection(a: string, b: string, tx: Executor = db) {
      const [row] = await tx.select().from(connections).where(pairOf(a, b)).limit(1);
      return row;
    },

    async insertConnectionRequest(requesterId: string, addresseeId: string, tx: Executor = db): Promise<void> {
      await tx.insert(connections).values({ requesterId, addresseeId, status: 'pending' });
    },

    /** Accepts the pending request from requester to addressee; false when there is none. */
    async acceptConnection(requesterId: string, addresseeId: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
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
      const notConnected = (other: AnyPgColumn) =>
        sql`not exists (select 1 from ${connections} where ${pairOf(userId, other)})`;
      const [companies, schools] = await Promise.all([
        db
          .select({
            userId: profileExperience.userId,
            shared: sql<number>`count(distinct lower(${profileExperience.company}))::int`,
            label: sql<string>`min(${profileExperience.company})`,
            createdAt: userCards.createdAt,
          })
          .from(profileExperience)
          .innerJoin(userCards, eq(userCards.id, profileExperience.userId))
          .where(
            and(
              sql`${profileExperience.userId} <> ${userId}`,
              inArray(
                sql`lower(${profileExperience.company})`,
                db
                  .select({ key: sql`lower(${mine.company})` })
                  .from(mine)
                  .where(eq(mine.userId, userId)),
              ),
              notConnected(profileExperience.userId),
            ),
          )
          .groupBy(profileExperience.userId, userCards.createdAt)
          .orderBy(desc(sql`count(distinct lower(${profileExperience.company}))`), desc(userCards.createdAt))
          .limit(limit * 4),
        db
          .select({
            userId: profileEducation.userId,
            shared: sql<number>`count(distinct lower(${profileEducation.school}))::int`,
            label: sql<string>`min(${profileEducation.school})`,
            createdAt: userCards.createdAt,
          })
          .from(profileEducation)
          .innerJoin(userCards, eq(userCards.id, profileEducation.userId))
          .where(
            and(
              sql`${profileEducation.userId} <> ${userId}`,
              inArray(
                sql`lower(${profileEducation.school})`,
                db
                  .select({ key: sql`lower(${myEducation.school})` })
                  .from(myEducation)
                  .where(eq(myEducation.userId, userId)),
              ),
              notConnected(profileEducation.userId),
            ),
          )
          .groupBy(profileEducation.userId, userCards.createdAt)
          .orderBy(desc(sql`count(distinct lower(${profileEducation.school}))`), desc(userCards.createdAt))
          .limit(limit * 4),
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
export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
