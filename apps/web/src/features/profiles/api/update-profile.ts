import { profileResponseSchema, type UpdateProfileBody } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRequest, settleOwnProfile } from './profile-request';

/** PATCH /api/users/me: display name, headline, location, bio (fields left out stay). */
export function updateProfile(body: UpdateProfileBody) {
  return profileRequest(['me'], profileResponseSchema, { method: 'PATCH', body }).then((r) => r.user);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => settleOwnProfile(queryClient, profile),
  });
}
