import { commentListResponseSchema, postLimits } from '@nuvem/contracts/profile-posts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { profileKeys, profileRequest } from './profile-request';

/** GET /api/users/{id}/posts/{postId}/comments?after: a page of the post's comments, oldest first. */
export function getComments(userId: string, postId: string, after: string | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(postLimits.commentPage) });
  if (after) query.set('after', after);
  return profileRequest([userId, 'posts', postId, 'comments'], commentListResponseSchema, { signal, query });
}

export function getCommentsQueryOptions(userId: string, postId: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.comments(postId),
    queryFn: ({ pageParam, signal }) => getComments(userId, postId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useComments(userId: string, postId: string) {
  return useInfiniteQuery(getCommentsQueryOptions(userId, postId));
}
