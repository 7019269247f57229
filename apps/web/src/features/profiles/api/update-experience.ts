import { experienceEntryResponseSchema, type ExperienceBody } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRequest, settleOwnProfile } from './profile-request';

/** PUT /api/users/me/experience/{entryId}: the whole entry. */
export function updateExperience({ id, ...body }: ExperienceBody & { id: string }) {
  return profileRequest(['me', 'experience', id], experienceEntryResponseSchema, { method: 'PUT', body }).then(
    (r) => r.entry,
  );
}

export function useUpdateExperience() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateExperience, onSuccess: () => settleOwnProfile(queryClient) });
}
