import { skillResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys, profileRequest } from './profile-request';

export interface SkillTarget {
  userId: string;
  name: string;
}

/** POST /api/users/{id}/skills/{name}/endorse: the skill with its new count. */
export function endorseSkill({ userId, name }: SkillTarget) {
  return profileRequest([userId, 'skills', name, 'endorse'], skillResponseSchema, { method: 'POST' }).then(
    (r) => r.skill,
  );
}

export function useEndorseSkill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endorseSkill,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
