import { profileResponseSchema } from '@nuvem/contracts/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileKeys, profileRequest } from './profile-request';

/** GET /api/users/{id} (`me` for the caller): the profile record and the caller's relation to it. */
export function getProfile(id: string, signal?: AbortSignal) {
  return profileRequest([id], profileResponseSchema, { signal }).then((r) => r.user);
}

export function getProfileQueryOptions(id: string) {
  return queryOptions({
    queryKey: profileKeys.detail(id),
    queryFn: ({ signal }) => getProfile(id, signal),
    // A failure shows the fallback profile (or the error) at once, with a Retry button, instead of
    // a skeleton for the seconds the default retries take.
    retry: false,
  });
}

export function useProfile(id: string) {
  return useQuery(getProfileQueryOptions(id));
}
