import { followResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys, profileRequest, updateCachedProfile } from './profile-request';

/** POST /api/users/{id}/follow: the caller follows the user; the reply has the new count. */
export function followUser(userId: string) {
  return profileRequest([userId, 'follow'], followResponseSchema, { method: 'POST' });
}

export function useFollowUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followUser,
    onSuccess: (reply, userId) =>
      updateCachedProfile(queryClient, userId, (profile) => ({
        ...profile,
        followers: reply.followers,
        viewer: { ...profile.viewer, following: reply.following },
      })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
