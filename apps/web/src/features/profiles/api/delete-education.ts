import { profileOkResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRequest, settleOwnProfile } from './profile-request';

/** DELETE /api/users/me/education/{entryId}. */
export function deleteEducation(id: string) {
  return profileRequest(['me', 'education', id], profileOkResponseSchema, { method: 'DELETE' });
}

export function useDeleteEducation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEducation, onSuccess: () => settleOwnProfile(queryClient) });
}
