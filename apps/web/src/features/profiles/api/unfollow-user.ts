import { followResponseSchema } from '@nuvem/contracts/profiles';
import { profileRequest } from './profile-request';
import { withFollow, useRelationMutation } from './relation-mutation';

/** DELETE /api/users/{id}/follow: the caller stops following; the reply has the new count. */
export function unfollowUser(userId: string) {
  return profileRequest([userId, 'follow'], followResponseSchema, { method: 'DELETE' });
}

export function useUnfollowUser() {
  return useRelationMutation(unfollowUser, withFollow);
}
