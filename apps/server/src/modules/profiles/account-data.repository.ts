import { asc, count, desc, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { connections } from '../../db/schema/connections.js';
import { follows } from '../../db/schema/follows.js';
import { profileAvatars } from '../../db/schema/profile-avatars.js';
import { profileEducation } from '../../db/schema/profile-education.js';
import { profileExperience } from '../../db/schema/profile-experience.js';
import { profilePostComments } from '../../db/schema/profile-post-comments.js';
import { profilePostLikes } from '../../db/schema/profile-post-likes.js';
import { profilePosts } from '../../db/schema/profile-posts.js';
import { profileSkills } from '../../db/schema/profile-skills.js';
import { profiles } from '../../db/schema/profiles.js';
import { skillEndorsements } from '../../db/schema/skill-endorsements.js';

/**
 * The profiles module's part of the account export: the profile and what the user wrote or did
 * (posts, comments, likes, follows, connections, endorsements). Other people appear by id only.
 * Its erasure needs no query: every one of these rows goes with the user row (ON DELETE CASCADE).
 */
export function createProfilesAccountDataRepository(db: Database) {
  return {
    async profileOf(userId: string) {
      const rows = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
      return rows[0];
    },

    async avatarOf(userId: string) {
      const rows = await db.select().from(profileAvatars).where(eq(profileAvatars.userId, userId)).limit(1);
      return rows[0];
    },

    async experienceOf(userId: string) {
      return db
        .select()
        .from(profileExperience)
        .where(eq(profileExperience.userId, userId))
        .orderBy(asc(profileExperience.position));
    },

    async educationOf(userId: string) {
      return db
        .select()
        .from(profileEducation)
        .where(eq(profileEducation.userId, userId))
        .orderBy(asc(profileEducation.position));
    },

    async skillsOf(userId: string) {
      return db
        .select({
          id: profileSkills.id,
          name: profileSkills.name,
          position: profileSkills.position,
          createdAt: profileSkills.createdAt,
          endorsements: count(skillEndorsements.endorserId),
        })
        .from(profileSkills)
        .leftJoin(skillEndorsements, eq(skillEndorsements.skillId, profileSkills.id))
        .where(eq(profileSkills.userId, userId))
        .groupBy(profileSkills.id)
        .orderBy(asc(profileSkills.position));
    },

    async endorsementsGivenBy(userId: string) {
      return db
        .select({
          ownerId: skillEndorsements.ownerId,
          skill: profileSkills.name,
          createdAt: skillEndorsements.createdAt,
        })
        .from(skillEndorsements)
        .innerJoin(profileSkills, eq(profileSkills.id, skillEndorsements.skillId))
        .where(eq(skillEndorsements.endorserId, userId))
        .orderBy(asc(skillEndorsements.createdAt));
    },

    async postsOf(userId: string) {
      return db
        .select()
        .from(profilePosts)
        .where(eq(profilePosts.authorId, userId))
        .orderBy(desc(profilePosts.createdAt));
    },

    async commentsBy(userId: string) {
      return db
        .select({
          id: profilePostComments.id,
          postId: profilePostComments.postId,
          body: profilePostComments.body,
          createdAt: profilePostComments.createdAt,
        })
        .from(profilePostComments)
        .where(eq(profilePostComments.authorId, userId))
        .orderBy(desc(profilePostComments.createdAt));
    },

    async likesBy(userId: string) {
      return db
        .select({ postId: profilePostLikes.postId, createdAt: profilePostLikes.createdAt })
        .from(profilePostLikes)
        .where(eq(profilePostLikes.userId, userId))
        .orderBy(desc(profilePostLikes.createdAt));
    },

    async followsOf(userId: string) {
      return db
        .select()
        .from(follows)
        .where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)))
        .orderBy(asc(follows.createdAt));
    },

    async connectionsOf(userId: string) {
      return db
        .select()
        .from(connections)
        .where(or(eq(connections.requesterId, userId), eq(connections.addresseeId, userId)))
        .orderBy(asc(connections.createdAt));
    },
  };
}
