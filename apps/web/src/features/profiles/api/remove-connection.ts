import { connectionResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys, profileRequest, updateCachedProfile } from './profile-request';

/** DELETE /api/users/{id}/connect: withdraws a request, declines one, or ends a connection. */
export function removeConnection(userId: string) {
  return profileRequest([userId, 'connect'], connectionResponseSchema, { method: 'DELETE' });
}

export function useRemoveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeConnection,
    onSuccess: (reply, userId) =>
      updateCachedProfile(queryClient, userId, (profile) => ({
        ...profile,
        connections: reply.connections,
        viewer: { ...profile.viewer, connection: reply.connection },
      })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
