import { postLimits, postListResponseSchema } from '@nuvem/contracts/profile-posts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { profileKeys, profileRequest } from './profile-request';

/**
 * GET /api/users/{id}/posts?before: a page of the profile's posts, newest first. Each post shown
 * to someone other than its author counts one impression (once a day per viewer, by the server).
 */
export function getPosts(userId: string, before: string | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(postLimits.page) });
  if (before) query.set('before', before);
  return profileRequest([userId, 'posts'], postListResponseSchema, { signal, query });
}

export function getPostsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.posts(userId),
    queryFn: ({ pageParam, signal }) => getPosts(userId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function usePosts(userId: string) {
  return useInfiniteQuery(getPostsQueryOptions(userId));
}
