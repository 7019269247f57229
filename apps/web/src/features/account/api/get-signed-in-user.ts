import { meResponseSchema } from '@nuvem/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

export const signedInUserKey = ['account', 'signed-in-user'] as const;

/** GET /auth/me: the signed-in user (address and whether it is verified). */
export function getSignedInUser({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`${env.authUrl}/auth/me`, meResponseSchema, { signal });
}

export function getSignedInUserQueryOptions() {
  return queryOptions({ queryKey: signedInUserKey, queryFn: ({ signal }) => getSignedInUser({ signal }) });
}

export function useSignedInUser() {
  return useQuery(getSignedInUserQueryOptions());
}
