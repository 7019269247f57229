import { likeResponseSchema, type Post, type PostListResponse } from '@nuvem/contracts/profile-posts';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { profileKeys, profileRequest } from './profile-request';

export interface LikeTarget {
  /** The post's author (the profile it is on). */
  userId: string;
  postId: string;
  /** True to like, false to take the like back. */
  like: boolean;
}

/** POST (like) or DELETE (unlike) /api/users/{id}/posts/{postId}/like: the post's count afterwards. */
export function likePost({ userId, postId, like }: LikeTarget) {
  return profileRequest([userId, 'posts', postId, 'like'], likeResponseSchema, { method: like ? 'POST' : 'DELETE' });
}

/** Applies `change` to the post wherever a cached page holds it, so a reply's figures show at once. */
export function updateCachedPost(queryClient: QueryClient, postId: string, change: (post: Post) => Post) {
  queryClient.setQueriesData<InfiniteData<PostListResponse>>({ queryKey: profileKeys.allPosts }, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            posts: page.posts.map((post) => (post.id === postId ? change(post) : post)),
          })),
        }
      : old,
  );
}

export function useLikePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: likePost,
    onSuccess: ({ liked, likes }, { postId }) => {
      updateCachedPost(queryClient, postId, (post) => ({ ...post, likedByViewer: liked, likes }));
      return queryClient.invalidateQueries({ queryKey: profileKeys.allActivity });
    },
  });
}
