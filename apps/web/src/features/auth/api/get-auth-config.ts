import { authConfigResponseSchema, type AuthConfigResponse } from '@nuvem/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/** GET /auth/config: the configured social providers and the origins a redirect may go to. */
export function getAuthConfig(signal?: AbortSignal): Promise<AuthConfigResponse> {
  return apiRequest(`${env.authUrl}/auth/config`, authConfigResponseSchema, {
    signal,
    withToken: false,
    sessionBound: false,
  });
}

export function getAuthConfigQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'config'],
    queryFn: ({ signal }) => getAuthConfig(signal),
    // Server configuration: it changes with a deploy, not while the page is open.
    staleTime: 5 * 60_000,
  });
}

export function useAuthConfig() {
  return useQuery(getAuthConfigQueryOptions());
}
