import type { Profile } from '@nuvem/contracts/profiles';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { env } from '@/config/env';
import { apiRequest, type ApiRequestOptions } from '@/lib/api-client';

/** The query keys of the feature: every mutation invalidates `profileKeys.all`. */
export const profileKeys = {
  all: ['profiles'] as const,
  details: () => ['profiles', 'detail'] as const,
  detail: (id: string) => ['profiles', 'detail', id] as const,
  suggestions: ['profiles', 'suggestions'] as const,
  connectionRequests: ['profiles', 'connection-requests'] as const,
  allPosts: ['profiles', 'posts'] as const,
  posts: (userId: string) => ['profiles', 'posts', userId] as const,
  allActivity: ['profiles', 'activity'] as const,
  activity: (userId: string) => ['profiles', 'activity', userId] as const,
  comments: (postId: string) => ['profiles', 'comments', postId] as const,
};

/** `${profileApiUrl}/users/…` with each path segment encoded. */
export function usersUrl(...segments: string[]): string {
  return [`${env.profileApiUrl}/users`, ...segments.map(encodeURIComponent)].join('/');
}

/** A JSON call to the profile API (spec 7: bearer header from the stored token, credentials included). */
export function profileRequest<S extends z.ZodType>(
  segments: string[],
  schema: S,
  { query, ...options }: ApiRequestOptions & { query?: URLSearchParams } = {},
): Promise<z.output<S>> {
  const search = query?.toString();
  return apiRequest(search ? `${usersUrl(...segments)}?${search}` : usersUrl(...segments), schema, options);
}

/** A call whose body is the bytes of a file (the avatar image), sent with their own Content-Type. */
export function rawProfileRequest<S extends z.ZodType>(
  segments: string[],
  schema: S,
  init: { method: 'POST' | 'PUT'; body: Blob; contentType: string },
): Promise<z.output<S>> {
  return apiRequest(usersUrl(...segments), schema, init);
}

/**
 * Applies `change` to every cached profile of user `id` (a profile may be cached under `me` and
 * under its id), so a reply's figures show at once, before the invalidation's refetch.
 */
export function updateCachedProfile(queryClient: QueryClient, id: string, change: (profile: Profile) => Profile) {
  queryClient.setQueriesData<Profile>({ queryKey: profileKeys.details() }, (old) =>
    old && old.id === id ? change(old) : old,
  );
}

/** After an edit of one's own profile: the reply replaces the cached profile, then all is refetched. */
export async function settleOwnProfile(queryClient: QueryClient, profile?: Profile) {
  if (profile) updateCachedProfile(queryClient, profile.id, () => profile);
  await queryClient.invalidateQueries({ queryKey: profileKeys.all });
}
