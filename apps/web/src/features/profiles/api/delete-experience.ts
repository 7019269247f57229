import { profileOkResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRequest, settleOwnProfile } from './profile-request';

/** DELETE /api/users/me/experience/{entryId}. */
export function deleteExperience(id: string) {
  return profileRequest(['me', 'experience', id], profileOkResponseSchema, { method: 'DELETE' });
}

export function useDeleteExperience() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteExperience, onSuccess: () => settleOwnProfile(queryClient) });
}
