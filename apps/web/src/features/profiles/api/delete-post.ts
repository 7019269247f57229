import { postOkResponseSchema } from '@nuvem/contracts/profile-posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys, profileRequest } from './profile-request';

/** DELETE /api/users/me/posts/{postId}: the caller's own post, with its likes and comments. */
export function deletePost(postId: string) {
  return profileRequest(['me', 'posts', postId], postOkResponseSchema, { method: 'DELETE' });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.allPosts }),
        queryClient.invalidateQueries({ queryKey: profileKeys.allActivity }),
      ]),
  });
}
