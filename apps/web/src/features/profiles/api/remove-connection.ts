import { connectionResponseSchema } from '@nuvem/contracts/profiles';
import { profileRequest } from './profile-request';
import { withConnection, useRelationMutation } from './relation-mutation';

/** DELETE /api/users/{id}/connect: withdraws a request, declines one, or ends a connection. */
export function removeConnection(userId: string) {
  return profileRequest([userId, 'connect'], connectionResponseSchema, { method: 'DELETE' });
}

export function useRemoveConnection() {
  return useRelationMutation(removeConnection, withConnection);
}
