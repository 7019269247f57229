import { connectionResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys, profileRequest, updateCachedProfile } from './profile-request';

/** POST /api/users/{id}/connect/accept: accepts the user's pending request. */
export function acceptConnection(userId: string) {
  return profileRequest([userId, 'connect', 'accept'], connectionResponseSchema, { method: 'POST' });
}

export function useAcceptConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptConnection,
    onSuccess: (reply, userId) =>
      updateCachedProfile(queryClient, userId, (profile) => ({
        ...profile,
        connections: reply.connections,
        viewer: { ...profile.viewer, connection: reply.connection },
      })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
