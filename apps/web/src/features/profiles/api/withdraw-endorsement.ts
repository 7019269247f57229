import { skillResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SkillTarget } from './endorse-skill';
import { profileKeys, profileRequest } from './profile-request';

/** DELETE /api/users/{id}/skills/{name}/endorse: the skill with its new count. */
export function withdrawEndorsement({ userId, name }: SkillTarget) {
  return profileRequest([userId, 'skills', name, 'endorse'], skillResponseSchema, { method: 'DELETE' }).then(
    (r) => r.skill,
  );
}

export function useWithdrawEndorsement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawEndorsement,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
