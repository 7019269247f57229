import type { App } from '../../types.js';
import { iso, type AccountDataPart } from '../account/account-data.types.js';
import { createProfilesAccountDataRepository } from './account-data.repository.js';

/**
 * The profiles module's part of the account: the profile (with its photo), experience, education
 * and skills, and the feed: posts, comments and likes, follows, connections and endorsements. The
 * erasure needs nothing of its own: these rows go with the user row.
 */
export function createProfilesAccountData(deps: { db: App['db'] }): AccountDataPart {
  const repo = createProfilesAccountDataRepository(deps.db);
  return {
    module: 'profiles',
    async exportData(owner) {
      const id = owner.id;
      const [profile, avatar, experience, education, skills, endorsed, posts, comments, likes, follows, links] =
        await Promise.all([
          repo.profileOf(id),
          repo.avatarOf(id),
          repo.experienceOf(id),
          repo.educationOf(id),
          repo.skillsOf(id),
          repo.endorsementsGivenBy(id),
          repo.postsOf(id),
          repo.commentsBy(id),
          repo.likesBy(id),
          repo.followsOf(id),
          repo.connectionsOf(id),
        ]);
      return {
        profile: {
          headline: profile?.headline ?? null,
          location: profile?.location ?? null,
          bio: profile?.bio ?? null,
          updated_at: iso(profile?.updatedAt ?? null),
          photo: avatar
            ? {
                content_type: avatar.contentType,
                size: avatar.size,
                updated_at: avatar.updatedAt.toISOString(),
                data_base64: avatar.bytes.toString('base64'),
              }
            : null,
          experience: experience.map((entry) => ({
            title: entry.title,
            company: entry.company,
            duration: entry.duration,
            description: entry.description,
            current: entry.current,
            position: entry.position,
            created_at: entry.createdAt.toISOString(),
          })),
          education: education.map((entry) => ({
            school: entry.school,
            degree: entry.degree,
            field: entry.field,
            duration: entry.duration,
            position: entry.position,
            created_at: entry.createdAt.toISOString(),
          })),
          skills: skills.map((skill) => ({
            name: skill.name,
            position: skill.position,
            endorsements: skill.endorsements,
            created_at: skill.createdAt.toISOString(),
          })),
          endorsements_given: endorsed.map((row) => ({
            user_id: row.ownerId,
            skill: row.skill,
            created_at: row.createdAt.toISOString(),
          })),
          following: follows
            .filter((row) => row.followerId === id)
            .map((row) => ({ user_id: row.followeeId, since: row.createdAt.toISOString() })),
          followers: follows
            .filter((row) => row.followeeId === id)
            .map((row) => ({ user_id: row.followerId, since: row.createdAt.toISOString() })),
          connections: links.map((row) => ({
            user_id: row.requesterId === id ? row.addresseeId : row.requesterId,
            requested_by_me: row.requesterId === id,
            status: row.status,
            created_at: row.createdAt.toISOString(),
            accepted_at: iso(row.acceptedAt),
          })),
        },
        posts: {
          posts: posts.map((post) => ({ id: post.id, body: post.body, created_at: post.createdAt.toISOString() })),
          comments: comments.map((comment) => ({
            id: comment.id,
            post_id: comment.postId,
            body: comment.body,
            created_at: comment.createdAt.toISOString(),
          })),
          likes: likes.map((like) => ({ post_id: like.postId, created_at: like.createdAt.toISOString() })),
        },
      };
    },
  };
}
