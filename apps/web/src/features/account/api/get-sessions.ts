import { accountSessionsResponseSchema } from '@nuvem/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/** Query keys of the account's sessions: ending one invalidates `sessionKeys.all`. */
export const sessionKeys = {
  all: ['account', 'sessions'] as const,
};

/** GET /auth/sessions -> the signed-in user's live sessions, the most recently seen first. */
export function getSessions({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(`${env.authUrl}/auth/sessions`, accountSessionsResponseSchema, { signal }).then(
    (reply) => reply.sessions,
  );
}

export function getSessionsQueryOptions() {
  return queryOptions({ queryKey: sessionKeys.all, queryFn: ({ signal }) => getSessions({ signal }) });
}

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
