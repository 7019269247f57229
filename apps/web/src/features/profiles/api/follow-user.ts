import { followResponseSchema } from '@nuvem/contracts/profiles';
import { profileRequest } from './profile-request';
import { withFollow, useRelationMutation } from './relation-mutation';

/** POST /api/users/{id}/follow: the caller follows the user; the reply has the new count. */
export function followUser(userId: string) {
  return profileRequest([userId, 'follow'], followResponseSchema, { method: 'POST' });
}

export function useFollowUser() {
  return useRelationMutation(followUser, withFollow);
}
