import type { ConnectionResponse, FollowResponse, Profile } from '@nuvem/contracts/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys, updateCachedProfile } from './profile-request';

/**
 * A follow or connection change on user `userId`: the reply's figures show on the cached profile
 * at once, then every profile query is refetched.
 */
export function useRelationMutation<R>(
  request: (userId: string) => Promise<R>,
  apply: (profile: Profile, reply: R) => Profile,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (reply: R, userId: string) =>
      updateCachedProfile(queryClient, userId, (profile) => apply(profile, reply)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/** A connection reply on the profile: the connection count and the viewer's connection state. */
export function withConnection(profile: Profile, reply: ConnectionResponse): Profile {
  return { ...profile, connections: reply.connections, viewer: { ...profile.viewer, connection: reply.connection } };
}

/** A follow reply on the profile: the follower count and whether the viewer follows. */
export function withFollow(profile: Profile, reply: FollowResponse): Profile {
  return { ...profile, followers: reply.followers, viewer: { ...profile.viewer, following: reply.following } };
}
