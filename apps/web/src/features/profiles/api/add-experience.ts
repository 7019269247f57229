import { experienceEntryResponseSchema, type ExperienceBody } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRequest, settleOwnProfile } from './profile-request';

/** POST /api/users/me/experience: a new entry at the end of the list. */
export function addExperience(body: ExperienceBody) {
  return profileRequest(['me', 'experience'], experienceEntryResponseSchema, { method: 'POST', body }).then(
    (r) => r.entry,
  );
}

export function useAddExperience() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addExperience, onSuccess: () => settleOwnProfile(queryClient) });
}
