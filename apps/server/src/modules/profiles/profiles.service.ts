import { randomBytes } from 'node:crypto';
import {
  profileLimits,
  profileMessages,
  type ConnectionState,
  type PersonCard,
  type Profile,
  type Skill,
  type SuggestionBasis,
} from '@nuvem/contracts/profiles';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuthService } from '../auth/auth.service.js';
import { sniffImageType } from './avatar-image.js';
import { createProfileEntries, samePermutation } from './profile-entries.service.js';
import type { ProfilesRepository } from './profiles.repository.js';

const DAY_MS = 86_400_000;
/** 'Profile views (last 30 days)': today and the 29 UTC days before it. */
const VIEW_WINDOW_DAYS = 30;
const MAX_CONNECTION_REQUESTS = 100;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

const userNotFound = () => AppError.notFound(profileMessages.userNotFound, 'USER_NOT_FOUND');

/** The URL an uploaded avatar is served at; the version changes with every upload. */
export const avatarUrl = (userId: string, version: string) => `/api/users/${userId}/avatar?v=${version}`;

type Suggestion = PersonCard & { reason: string; basis: SuggestionBasis };

/** The English sentence of a suggestion's basis (clients word it from `basis` in their language). */
function reasonOf(basis: SuggestionBasis): string {
  if (basis.kind === 'company') return `Also worked at ${basis.name}`;
  if (basis.kind === 'school') return `Also studied at ${basis.name}`;
  return 'New on Nuvem';
}

export function createProfilesService(deps: { repo: ProfilesRepository; auth: AuthService; now?: () => Date }) {
  const { repo, auth } = deps;
  const now = deps.now ?? (() => new Date());
  const entries = createProfileEntries(repo);

  /** `me` or a user id -> an existing user's id, else 404. */
  async function resolve(id: string, callerId: string): Promise<string> {
    if (id === 'me' || id === callerId) return callerId;
    if (!(await repo.userExists(id))) throw userNotFound();
    return id;
  }

  /** Another existing user (not the caller), else 404, or 400 with `selfMessage`. */
  async function other(id: string, callerId: string, selfMessage: string, selfCode: string): Promise<string> {
    const target = await resolve(id, callerId);
    if (target === callerId) throw AppError.badRequest(selfMessage, selfCode);
    return target;
  }

  async function profileOf(userId: string, viewerId: string): Promise<Profile> {
    const since = utcDay(new Date(now().getTime() - (VIEW_WINDOW_DAYS - 1) * DAY_MS));
    const isSelf = userId === viewerId;
    const [row, experience, education, skills, email] = await Promise.all([
      repo.findProfile(userId, viewerId, since),
      repo.entries('experience').list(userId),
      repo.entries('education').list(userId),
      repo.listSkills(userId, viewerId),
      // The auth module owns e-mail addresses; only the user themself is shown theirs.
      isSelf ? auth.emailOf(userId) : null,
    ]);
    if (!row) throw userNotFound();
    return {
      id: row.id,
      // Spec: a user's e-mail is shown only to that user; so is the side panel's views figure.
      email: isSelf ? email : null,
      displayName: row.displayName,
      avatar: row.avatar,
      headline: row.headline,
      emailVerified: row.emailVerified,
      mfaEnabled: row.mfaEnabled,
      location: row.location,
      bio: row.bio,
      connections: row.connections,
      followers: row.followers,
      following: row.following,
      views: row.views,
      viewsLast30Days: isSelf ? row.viewsLast30Days : null,
      experience,
      education,
      skills: skills.map(({ name, endorsements, endorsedByViewer }) => ({ name, endorsements, endorsedByViewer })),
      createdAt: row.createdAt.toISOString(),
      viewer: {
        isSelf,
        following: row.viewerFollows,
        followedBy: row.followsViewer,
        connection: isSelf ? 'none' : (row.connection ?? 'none'),
      },
    };
  }

  async function skillOf(ownerId: string, name: string, viewerId: string): Promise<Skill> {
    const skills = await repo.listSkills(ownerId, viewerId);
    const found = skills.find((s) => s.name.toLowerCase() === name.toLowerCase());
    if (!found) throw AppError.notFound(profileMessages.skillNotFound, 'SKILL_NOT_FOUND');
    return { name: found.name, endorsements: found.endorsements, endorsedByViewer: found.endorsedByViewer };
  }

  async function connectionState(me: string, other: string): Promise<ConnectionState> {
    const row = await repo.findConnection(me, other);
    if (!row) return 'none';
    if (row.status === 'accepted') return 'connected';
    return row.requesterId === me ? 'pending_outgoing' : 'pending_incoming';
  }

  async function connectionReply(me: string, target: string) {
    const [connection, connections] = await Promise.all([connectionState(me, target), repo.connectionCount(target)]);
    return { connection, connections };
  }

  return {
    /** Everyone's public card, newest first, searchable by name. */
    list(query: { limit: number; offset: number; q?: string | undefined }) {
      return repo.listUsers(query);
    },

    /** The profile of `id` (or `me`) as the viewer sees it; another user's visit counts once per day. */
    async get(id: string, viewerId: string): Promise<Profile> {
      const userId = await resolve(id, viewerId);
      if (userId !== viewerId) await repo.recordView(viewerId, userId, utcDay(now()));
      return profileOf(userId, viewerId);
    },

    async update(
      userId: string,
      body: {
        displayName?: string | undefined;
        headline?: string | null | undefined;
        location?: string | null | undefined;
        bio?: string | null | undefined;
      },
    ): Promise<Profile> {
      const fields: { headline?: string | null; location?: string | null; bio?: string | null } = {};
      if (body.headline !== undefined) fields.headline = body.headline;
      if (body.location !== undefined) fields.location = body.location;
      if (body.bio !== undefined) fields.bio = body.bio;
      await repo.transaction(async (tx, executor) => {
        if (body.displayName !== undefined) {
          await auth.updateUserProfile(userId, { displayName: body.displayName }, executor);
        }
        if (Object.keys(fields).length > 0) await tx.upsertProfileFields(userId, fields);
      });
      if (body.displayName !== undefined) await auth.forgetCachedSessions(userId);
      return profileOf(userId, userId);
    },

    // Avatar ----------------------------------------------------------------------------------

    /** Stores the image (type checked by its first bytes) and points the user's avatar at it. */
    async setAvatar(userId: string, declaredType: string, bytes: Buffer): Promise<Profile> {
      const sniffed = sniffImageType(bytes);
      if (!sniffed || sniffed !== declaredType) {
        throw new AppError(415, profileMessages.avatarContent, 'UNSUPPORTED_MEDIA_TYPE');
      }
      const version = randomBytes(8).toString('hex');
      await repo.transaction(async (tx, executor) => {
        await tx.putAvatar(userId, { contentType: sniffed, bytes, version });
        await auth.updateUserProfile(userId, { avatarUrl: avatarUrl(userId, version) }, executor);
      });
      await auth.forgetCachedSessions(userId);
      return profileOf(userId, userId);
    },

    /** Removes the uploaded image and the avatar URL (a social sign-in's picture too). */
    async removeAvatar(userId: string): Promise<Profile> {
      await repo.transaction(async (tx, executor) => {
        await tx.deleteAvatar(userId);
        await auth.updateUserProfile(userId, { avatarUrl: null }, executor);
      });
      await auth.forgetCachedSessions(userId);
      return profileOf(userId, userId);
    },

    async avatar(id: string, viewerId: string) {
      const userId = await resolve(id, viewerId);
      const found = await repo.findAvatar(userId);
      if (!found) throw AppError.notFound(profileMessages.avatarNotFound, 'AVATAR_NOT_FOUND');
      return found;
    },

    // Experience and education ------------------------------------------------------------------

    addEntry: entries.addEntry,
    updateEntry: entries.updateEntry,
    removeEntry: entries.removeEntry,
    orderEntries: entries.orderEntries,

    // Skills ----------------------------------------------------------------------------------

    async addSkill(userId: string, name: string): Promise<Skill> {
      const skillExists = () => new AppError(409, profileMessages.skillExists, 'SKILL_EXISTS');
      try {
        await repo.transaction(async (tx) => {
          if (await tx.findSkill(userId, name)) throw skillExists();
          const tail = await tx.skillTail(userId);
          if (tail.n >= profileLimits.entries)
            throw AppError.badRequest(profileMessages.tooManySkills, 'LIMIT_REACHED');
          await tx.insertSkill({ id: newId('skill'), userId, name, position: tail.next });
        });
      } catch (error) {
        // The same name added twice at once: the unique index lets one through.
        if (isUniqueViolation(error)) throw skillExists();
        throw error;
      }
      return skillOf(userId, name, userId);
    },

    async removeSkill(userId: string, name: string): Promise<void> {
      const found = await repo.findSkill(userId, name);
      if (!found) throw AppError.notFound(profileMessages.skillNotFound, 'SKILL_NOT_FOUND');
      await repo.deleteSkill(userId, found.id);
    },

    async orderSkills(userId: string, names: string[]): Promise<Skill[]> {
      await repo.transaction(async (tx) => {
        const current = await tx.listSkills(userId, userId);
        const byName = new Map(current.map((s) => [s.name.toLowerCase(), s.id]));
        const ids = names.map((n) => byName.get(n.toLowerCase()));
        if (
          ids.some((id) => id === undefined) ||
          !samePermutation(
            current.map((s) => s.id),
            ids as string[],
          )
        ) {
          throw AppError.badRequest(profileMessages.skillOrder, 'ORDER_MISMATCH');
        }
        for (const [position, id] of (ids as string[]).entries()) await tx.setSkillPosition(userId, id, position);
      });
      const skills = await repo.listSkills(userId, userId);
      return skills.map(({ name, endorsements, endorsedByViewer }) => ({ name, endorsements, endorsedByViewer }));
    },

    /** The caller vouches for another user's skill, once (repeating changes nothing). */
    async endorse(id: string, name: string, endorserId: string): Promise<Skill> {
      const ownerId = await other(id, endorserId, profileMessages.selfEndorse, 'SELF_ENDORSE');
      const skill = await repo.findSkill(ownerId, name);
      if (!skill) throw AppError.notFound(profileMessages.skillNotFound, 'SKILL_NOT_FOUND');
      await repo.endorse(skill.id, ownerId, endorserId);
      return skillOf(ownerId, skill.name, endorserId);
    },

    async withdrawEndorsement(id: string, name: string, endorserId: string): Promise<Skill> {
      const ownerId = await other(id, endorserId, profileMessages.selfEndorse, 'SELF_ENDORSE');
      const skill = await repo.findSkill(ownerId, name);
      if (!skill) throw AppError.notFound(profileMessages.skillNotFound, 'SKILL_NOT_FOUND');
      await repo.withdrawEndorsement(skill.id, endorserId);
      return skillOf(ownerId, skill.name, endorserId);
    },

    // Follows ---------------------------------------------------------------------------------

    async follow(id: string, me: string) {
      const target = await other(id, me, profileMessages.selfFollow, 'SELF_FOLLOW');
      await repo.follow(me, target);
      return { following: true, followers: await repo.followerCount(target) };
    },

    async unfollow(id: string, me: string) {
      const target = await other(id, me, profileMessages.selfFollow, 'SELF_FOLLOW');
      await repo.unfollow(me, target);
      return { following: false, followers: await repo.followerCount(target) };
    },

    // Connections -----------------------------------------------------------------------------

    /**
     * Asks `id` to connect. When they had already asked the caller, this accepts their request;
     * when a request or connection exists already, nothing changes.
     */
    async connect(id: string, me: string) {
      const target = await other(id, me, profileMessages.selfConnect, 'SELF_CONNECT');
      const attempt = () =>
        repo.transaction(async (tx) => {
          const row = await tx.findConnection(me, target);
          if (!row) await tx.insertConnectionRequest(me, target);
          else if (row.status === 'pending' && row.requesterId === target) await tx.acceptConnection(target, me);
        });
      try {
        await attempt();
      } catch (error) {
        // Both asked at the same moment: one row won; run again to accept theirs.
        if (!isUniqueViolation(error)) throw error;
        await attempt();
      }
      return connectionReply(me, target);
    },

    /** Accepts the pending request `id` sent the caller; 404 when there is none. */
    async accept(id: string, me: string) {
      const requester = await other(id, me, profileMessages.selfConnect, 'SELF_CONNECT');
      if (!(await repo.acceptConnection(requester, me))) {
        const row = await repo.findConnection(me, requester);
        if (row?.status !== 'accepted') throw AppError.notFound(profileMessages.requestNotFound, 'REQUEST_NOT_FOUND');
      }
      return connectionReply(me, requester);
    },

    /** Withdraws the caller's request, declines theirs, or removes the connection. Idempotent. */
    async disconnect(id: string, me: string) {
      const target = await other(id, me, profileMessages.selfConnect, 'SELF_CONNECT');
      await repo.deleteConnection(me, target);
      return connectionReply(me, target);
    },

    async connectionRequests(me: string) {
      const rows = await repo.incomingRequests(me, MAX_CONNECTION_REQUESTS);
      return rows.map((r) => ({ user: r.user, createdAt: r.createdAt.toISOString() }));
    },

    // People you may know ---------------------------------------------------------------------

    /**
     * Up to five other users the caller has no connection (or request) with: those sharing the
     * most employers and schools first (compared case-insensitively), then the newest users.
     */
    async suggestions(me: string): Promise<Suggestion[]> {
      const limit = profileLimits.suggestions;
      const { companies, schools } = await repo.sharedBackground(me, limit);
      const ranked = new Map<string, { shared: number; createdAt: Date; basis: SuggestionBasis }>();
      for (const c of companies) {
        ranked.set(c.userId, { shared: c.shared, createdAt: c.createdAt, basis: { kind: 'company', name: c.label } });
      }
      for (const s of schools) {
        const seen = ranked.get(s.userId);
        if (seen) seen.shared += s.shared;
        else
          ranked.set(s.userId, { shared: s.shared, createdAt: s.createdAt, basis: { kind: 'school', name: s.label } });
      }
      const top = [...ranked.entries()]
        .sort(
          ([idA, a], [idB, b]) =>
            b.shared - a.shared || b.createdAt.getTime() - a.createdAt.getTime() || idB.localeCompare(idA),
        )
        .slice(0, limit);
      const cards = new Map((await repo.cards(top.map(([id]) => id))).map((c) => [c.id, c]));
      const people: Suggestion[] = [];
      for (const [id, { basis }] of top) {
        const card = cards.get(id);
        if (card) people.push({ ...card, reason: reasonOf(basis), basis });
      }
      if (people.length < limit) {
        const recent = await repo.recentUsers(
          me,
          people.map((p) => p.id),
          limit - people.length,
        );
        people.push(
          ...recent.map((card) => ({ ...card, reason: reasonOf({ kind: 'new' }), basis: { kind: 'new' } as const })),
        );
      }
      return people;
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
