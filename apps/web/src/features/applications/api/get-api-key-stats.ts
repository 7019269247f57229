import { apiKeyStatsResponseSchema, DEFAULT_STATS_DAYS } from '@nuvem/contracts/applications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationKeys, applicationsRequest } from './applications-request';

/** GET /applications/{id}/keys/{keyId}/stats?days=N (default 7): requests per day, allowed / rate-limited / rejected. */
export function getApiKeyStats(applicationId: string, keyId: string, days: number = DEFAULT_STATS_DAYS) {
  return applicationsRequest(
    `/applications/${encodeURIComponent(applicationId)}/keys/${encodeURIComponent(keyId)}/stats?days=${days}`,
    apiKeyStatsResponseSchema,
  ).then((r) => r.stats);
}

export function getApiKeyStatsQueryOptions(applicationId: string, keyId: string, days: number = DEFAULT_STATS_DAYS) {
  return queryOptions({
    queryKey: applicationKeys.stats(applicationId, keyId, days),
    queryFn: () => getApiKeyStats(applicationId, keyId, days),
    refetchInterval: 30_000,
  });
}

export function useApiKeyStats(applicationId: string, keyId: string, days: number = DEFAULT_STATS_DAYS) {
  return useQuery(getApiKeyStatsQueryOptions(applicationId, keyId, days));
}
