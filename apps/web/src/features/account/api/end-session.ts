import { endSessionsResponseSchema } from '@nuvem/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';
import { sessionKeys } from './get-sessions';

/** DELETE /auth/sessions/{id}: that session is signed out at once (its open pages too). */
export function endSession(id: string) {
  return apiRequest(`${env.authUrl}/auth/sessions/${encodeURIComponent(id)}`, endSessionsResponseSchema, {
    withToken: false,
    method: 'DELETE',
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
