import { connectionRequestsResponseSchema } from '@nuvem/contracts/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileKeys, profileRequest } from './profile-request';

/** GET /api/users/me/connection-requests: pending requests to the caller, newest first. */
export function getConnectionRequests(signal?: AbortSignal) {
  return profileRequest(['me', 'connection-requests'], connectionRequestsResponseSchema, { signal }).then(
    (r) => r.requests,
  );
}

export function getConnectionRequestsQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.connectionRequests,
    queryFn: ({ signal }) => getConnectionRequests(signal),
  });
}

export function useConnectionRequests(enabled = true) {
  return useQuery({ ...getConnectionRequestsQueryOptions(), enabled });
}
