import { endSessionsResponseSchema } from '@nuvem/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

/** POST /auth/sessions/revoke-others: every session but this one is signed out. */
export function revokeOtherSessions() {
  return apiRequest(`${env.authUrl}/auth/sessions/revoke-others`, endSessionsResponseSchema, {
    withToken: false,
    method: 'POST',
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
