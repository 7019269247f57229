import { commentDeletedResponseSchema } from '@nuvem/contracts/profile-posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentTarget } from './add-comment';
import { updateCachedPost } from './like-post';
import { profileKeys, profileRequest } from './profile-request';

/** DELETE /api/users/{id}/posts/{postId}/comments/{commentId}: the caller's own comment. */
export function deleteComment({ userId, postId, commentId }: CommentTarget & { commentId: string }) {
  return profileRequest([userId, 'posts', postId, 'comments', commentId], commentDeletedResponseSchema, {
    method: 'DELETE',
  });
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: ({ comments }, { postId }) => {
      updateCachedPost(queryClient, postId, (post) => ({ ...post, comments }));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.comments(postId) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.allActivity }),
      ]);
    },
  });
}
