import { profileListResponseSchema, type ProfileListResponse } from '@nuvem/contracts/profiles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

export const USERS_PAGE_SIZE = 20;

export interface GetUsersInput {
  q?: string;
  offset?: number;
  limit?: number;
}

/** GET /api/users?limit&offset&q (signed in): public profiles, newest first. */
export function getUsers(input: GetUsersInput, signal?: AbortSignal): Promise<ProfileListResponse> {
  const params = new URLSearchParams({
    limit: String(input.limit ?? USERS_PAGE_SIZE),
    offset: String(input.offset ?? 0),
  });
  const q = input.q?.trim();
  if (q) params.set('q', q);
  return apiRequest(`${env.profileApiUrl}/users?${params.toString()}`, profileListResponseSchema, { signal });
}

export function getUsersQueryOptions(input: GetUsersInput) {
  return queryOptions({
    queryKey: ['users', 'list', { q: input.q?.trim() ?? '', offset: input.offset ?? 0, limit: input.limit }],
    queryFn: ({ signal }) => getUsers(input, signal),
  });
}

export function useUsers(input: GetUsersInput, { enabled = true }: { enabled?: boolean } = {}) {
  // Keep the last page on screen while the next search runs: no flicker, no layout shift.
  return useQuery({ ...getUsersQueryOptions(input), enabled, placeholderData: keepPreviousData });
}
