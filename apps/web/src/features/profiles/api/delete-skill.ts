import { profileOkResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRequest, settleOwnProfile } from './profile-request';

/** DELETE /api/users/me/skills/{name}. */
export function deleteSkill(name: string) {
  return profileRequest(['me', 'skills', name], profileOkResponseSchema, { method: 'DELETE' });
}

export function useDeleteSkill() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSkill, onSuccess: () => settleOwnProfile(queryClient) });
}
