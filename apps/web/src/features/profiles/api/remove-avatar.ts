import { profileResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRequest, settleOwnProfile } from './profile-request';

/** DELETE /api/users/me/avatar: back to the initial. */
export function removeAvatar() {
  return profileRequest(['me', 'avatar'], profileResponseSchema, { method: 'DELETE' }).then((r) => r.user);
}

export function useRemoveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: (profile) => settleOwnProfile(queryClient, profile),
  });
}
