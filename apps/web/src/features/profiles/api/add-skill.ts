import { skillResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRequest, settleOwnProfile } from './profile-request';

/** POST /api/users/me/skills: names are unique per user (case-insensitive). */
export function addSkill(name: string) {
  return profileRequest(['me', 'skills'], skillResponseSchema, { method: 'POST', body: { name } }).then((r) => r.skill);
}

export function useAddSkill() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addSkill, onSuccess: () => settleOwnProfile(queryClient) });
}
