import { connectionResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys, profileRequest, updateCachedProfile } from './profile-request';

/** POST /api/users/{id}/connect: asks the user to connect (accepts their request if they asked first). */
export function connectUser(userId: string) {
  return profileRequest([userId, 'connect'], connectionResponseSchema, { method: 'POST' });
}

export function useConnectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectUser,
    onSuccess: (reply, userId) =>
      updateCachedProfile(queryClient, userId, (profile) => ({
        ...profile,
        connections: reply.connections,
        viewer: { ...profile.viewer, connection: reply.connection },
      })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
