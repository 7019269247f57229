import { profileResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rawProfileRequest, settleOwnProfile } from './profile-request';

/** POST /api/users/me/avatar: the image itself as the body (PNG, JPEG or WebP, at most 2 MiB). */
export function uploadAvatar(file: File) {
  return rawProfileRequest(['me', 'avatar'], profileResponseSchema, {
    method: 'POST',
    body: file,
    contentType: file.type,
  }).then((r) => r.user);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (profile) => settleOwnProfile(queryClient, profile),
  });
}
