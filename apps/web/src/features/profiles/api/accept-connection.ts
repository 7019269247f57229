import { connectionResponseSchema } from '@nuvem/contracts/profiles';
import { profileRequest } from './profile-request';
import { withConnection, useRelationMutation } from './relation-mutation';

/** POST /api/users/{id}/connect/accept: accepts the user's pending request. */
export function acceptConnection(userId: string) {
  return profileRequest([userId, 'connect', 'accept'], connectionResponseSchema, { method: 'POST' });
}

export function useAcceptConnection() {
  return useRelationMutation(acceptConnection, withConnection);
}
