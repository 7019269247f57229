import { ecosystemAppsResponseSchema, type EcosystemAppsResponse } from '@nuvem/contracts/ecosystem';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/ecosystem/apps: the integrated applications and their current status. */
export function getEcosystemApps(signal?: AbortSignal): Promise<EcosystemAppsResponse> {
  return apiRequest('/api/ecosystem/apps', ecosystemAppsResponseSchema, {
    signal,
    withToken: false,
    sessionBound: false,
  });
}

export function getEcosystemAppsQueryOptions() {
  return queryOptions({
    queryKey: ['ecosystem', 'apps'],
    queryFn: ({ signal }) => getEcosystemApps(signal),
    // Statuses come from health checks: fresh enough for a minute.
    staleTime: 60_000,
  });
}

export function useEcosystemApps({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getEcosystemAppsQueryOptions(), enabled });
}
