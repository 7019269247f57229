import { followResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys, profileRequest, updateCachedProfile } from './profile-request';

/** DELETE /api/users/{id}/follow: the caller stops following; the reply has the new count. */
export function unfollowUser(userId: string) {
  return profileRequest([userId, 'follow'], followResponseSchema, { method: 'DELETE' });
}

export function useUnfollowUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unfollowUser,
    onSuccess: (reply, userId) =>
      updateCachedProfile(queryClient, userId, (profile) => ({
        ...profile,
        followers: reply.followers,
        viewer: { ...profile.viewer, following: reply.following },
      })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
