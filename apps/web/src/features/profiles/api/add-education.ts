import { educationEntryResponseSchema, type EducationBody } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRequest, settleOwnProfile } from './profile-request';

/** POST /api/users/me/education: a new entry at the end of the list. */
export function addEducation(body: EducationBody) {
  return profileRequest(['me', 'education'], educationEntryResponseSchema, { method: 'POST', body }).then(
    (r) => r.entry,
  );
}

export function useAddEducation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addEducation, onSuccess: () => settleOwnProfile(queryClient) });
}
