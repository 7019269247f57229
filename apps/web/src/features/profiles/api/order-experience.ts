import { experienceListResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRequest, settleOwnProfile } from './profile-request';

/** PUT /api/users/me/experience/order: every entry id, once, in the new order. */
export function orderExperience(ids: string[]) {
  return profileRequest(['me', 'experience', 'order'], experienceListResponseSchema, {
    method: 'PUT',
    body: { ids },
  }).then((r) => r.experience);
}

export function useOrderExperience() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: orderExperience, onSuccess: () => settleOwnProfile(queryClient) });
}
