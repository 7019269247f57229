import { securityEventsResponseSchema, type SecurityEventsResponse } from '@nuvem/contracts/ai-security';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';
import { securityWindow, workflowKeys, type SecurityEventsQuery } from './workflow-keys';

/** GET /api/ai-security/events: the signed-in user's records, with counts per day and per type. */
export function getSecurityEvents(
  query: SecurityEventsQuery = securityWindow,
  signal?: AbortSignal,
): Promise<SecurityEventsResponse> {
  const search = new URLSearchParams({ days: String(query.days), limit: String(query.limit) });
  return apiRequest(`${env.aiSecurityApiUrl}/events?${search.toString()}`, securityEventsResponseSchema, { signal });
}

export function getSecurityEventsQueryOptions(query: SecurityEventsQuery = securityWindow) {
  return queryOptions({
    queryKey: workflowKeys.securityEventsList(query),
    queryFn: ({ signal }) => getSecurityEvents(query, signal),
  });
}

export function useSecurityEvents(query: SecurityEventsQuery = securityWindow) {
  return useQuery(getSecurityEventsQueryOptions(query));
}
