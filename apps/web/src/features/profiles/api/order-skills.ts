import { skillListResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRequest, settleOwnProfile } from './profile-request';

/** PUT /api/users/me/skills/order: every skill name, once, in the new order. */
export function orderSkills(names: string[]) {
  return profileRequest(['me', 'skills', 'order'], skillListResponseSchema, {
    method: 'PUT',
    body: { names },
  }).then((r) => r.skills);
}

export function useOrderSkills() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: orderSkills, onSuccess: () => settleOwnProfile(queryClient) });
}
