import { educationListResponseSchema } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileRequest, settleOwnProfile } from './profile-request';

/** PUT /api/users/me/education/order: every entry id, once, in the new order. */
export function orderEducation(ids: string[]) {
  return profileRequest(['me', 'education', 'order'], educationListResponseSchema, {
    method: 'PUT',
    body: { ids },
  }).then((r) => r.education);
}

export function useOrderEducation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: orderEducation, onSuccess: () => settleOwnProfile(queryClient) });
}
