import { errorResponseSchema } from '@nuvem/contracts/common';
import type { Profile } from '@nuvem/contracts/profiles';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { env } from '@/config/env';
import { ApiError, apiRequest, reportSessionRejected, type ApiRequestOptions } from '@/lib/api-client';
import { getAuthToken } from '@/lib/auth-token';
import { i18n } from '@/lib/i18n';

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

/**
 * A call whose body is not JSON (the avatar image): `apiRequest` JSON-encodes bodies, so this
 * sends the bytes as they are with their own Content-Type, and reads the reply the same way.
 */
export async function rawProfileRequest<S extends z.ZodType>(
  segments: string[],
  schema: S,
  init: { method: 'POST' | 'PUT'; body: Blob; contentType: string },
): Promise<z.output<S>> {
  const url = usersUrl(...segments);
  const headers: Record<string, string> = { 'Content-Type': init.contentType, Accept: 'application/json' };
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { method: init.method, headers, credentials: 'include', body: init.body });
  } catch {
    throw new ApiError(0, i18n.t('errors.network'));
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const failure = errorResponseSchema.safeParse(payload);
    const error = failure.success
      ? new ApiError(response.status, failure.data.error, failure.data.code, failure.data.details)
      : new ApiError(response.status, `HTTP ${response.status}`);
    if (response.status === 401) reportSessionRejected(error);
    throw error;
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected reply from ${url}`, parsed.error.issues);
    throw new ApiError(response.status, i18n.t('errors.unexpected'), 'BAD_REPLY');
  }
  return parsed.data;
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
