import { postResponseSchema, type CreatePostBody } from '@nuvem/contracts/profile-posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys, profileRequest } from './profile-request';

/** POST /api/users/me/posts: the new post. */
export function createPost(body: CreatePostBody) {
  return profileRequest(['me', 'posts'], postResponseSchema, { method: 'POST', body }).then((r) => r.post);
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.allPosts }),
        queryClient.invalidateQueries({ queryKey: profileKeys.allActivity }),
      ]),
  });
}
