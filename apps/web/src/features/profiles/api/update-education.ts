import { educationEntryResponseSchema, type EducationBody } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRequest, settleOwnProfile } from './profile-request';

/** PUT /api/users/me/education/{entryId}: the whole entry. */
export function updateEducation({ id, ...body }: EducationBody & { id: string }) {
  return profileRequest(['me', 'education', id], educationEntryResponseSchema, { method: 'PUT', body }).then(
    (r) => r.entry,
  );
}

export function useUpdateEducation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEducation, onSuccess: () => settleOwnProfile(queryClient) });
}
