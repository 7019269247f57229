import { connectionResponseSchema } from '@nuvem/contracts/profiles';
import { profileRequest } from './profile-request';
import { withConnection, useRelationMutation } from './relation-mutation';

/** POST /api/users/{id}/connect: asks the user to connect (accepts their request if they asked first). */
export function connectUser(userId: string) {
  return profileRequest([userId, 'connect'], connectionResponseSchema, { method: 'POST' });
}

export function useConnectUser() {
  return useRelationMutation(connectUser, withConnection);
}
