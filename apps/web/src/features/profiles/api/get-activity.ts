import { activityResponseSchema } from '@nuvem/contracts/profile-posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileKeys, profileRequest } from './profile-request';

/** GET /api/users/{id}/activity: posts, likes and comments received, and (for the owner) impressions. */
export function getActivity(userId: string, signal?: AbortSignal) {
  return profileRequest([userId, 'activity'], activityResponseSchema, { signal }).then((r) => r.activity);
}

export function getActivityQueryOptions(userId: string) {
  return queryOptions({ queryKey: profileKeys.activity(userId), queryFn: ({ signal }) => getActivity(userId, signal) });
}

export function useActivity(userId: string) {
  return useQuery(getActivityQueryOptions(userId));
}
