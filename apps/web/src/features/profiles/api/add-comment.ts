import { commentResponseSchema, type CreateCommentBody } from '@nuvem/contracts/profile-posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateCachedPost } from './like-post';
import { profileKeys, profileRequest } from './profile-request';

export interface CommentTarget {
  userId: string;
  postId: string;
}

/** POST /api/users/{id}/posts/{postId}/comments: the comment and the post's count afterwards. */
export function addComment({ userId, postId, ...body }: CommentTarget & CreateCommentBody) {
  return profileRequest([userId, 'posts', postId, 'comments'], commentResponseSchema, { method: 'POST', body });
}

export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: ({ comments }, { postId }) => {
      updateCachedPost(queryClient, postId, (post) => ({ ...post, comments }));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.comments(postId) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.allActivity }),
      ]);
    },
  });
}
